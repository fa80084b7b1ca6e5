import { type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { fetchCrashRoundRevealed, fetchCrashState } from '../../api/crash-round';
import { fetchDoubleRound } from '../../api/double-round';
import { fetchDoubleState } from '../../api/double-state';
import { fetchLuckyRound } from '../../api/lucky-round';
import { fetchLuckyState } from '../../api/lucky-state';
import { rotateSeeds } from '../../api/rotate';
import { useSeeds } from '../../api/seeds';
import { isLuckyPeriod } from '../../logic/lucky';
import {
  type ChainSearch,
  continueChainSearch,
  doubleChainRound,
  isRoundGame,
  parseVerifySearch,
  planChainCheck,
  startChainSearch,
  type VerifyField,
  type VerifyForm,
  type VerifyGame,
  verifyRound,
  verifySingle,
} from '../../logic/verifier';

const searchChunk = 2_000;

/** Whether the form names a round the server can reveal: a Double round id, or a Lucky Color period and issue. */
function canLoadRound(form: VerifyForm): boolean {
  return form.game === 'double' || form.game === 'crash'
    ? /^\d{1,10}$/.test(form.roundId.trim())
    : form.game === 'luckyColor' &&
        isLuckyPeriod(Number(form.period)) &&
        /^\d{1,32}$/.test(form.issue.trim());
}

/** The revealed round's seed and its chain's salt and terminating hash, as form fields. */
async function revealedRound(form: VerifyForm): Promise<Partial<VerifyForm> | undefined> {
  if (form.game === 'double' || form.game === 'crash') {
    const roundId = Number(form.roundId.trim());
    const [detail, state] =
      form.game === 'crash'
        ? [await fetchCrashRoundRevealed(roundId), await fetchCrashState()]
        : [await fetchDoubleRound(roundId), await fetchDoubleState()];
    return {
      roundSeed: detail.seed,
      salt: state.chain.salt,
      terminatingHash: state.chain.terminatingHash,
      round: String(doubleChainRound(roundId)),
    };
  }
  const period = Number(form.period);
  if (!isLuckyPeriod(period)) return undefined;
  const [detail, state] = [await fetchLuckyRound(period, form.issue.trim()), await fetchLuckyState(period)];
  return { roundSeed: detail.seed, salt: state.chain.salt, terminatingHash: state.chain.terminatingHash };
}

/**
 * A bet from the history whose seed pair is still in use: its server seed is secret until the player rotates;
 * rotating fills it in.
 */
function useSeedRotation(form: VerifyForm, setForm: Dispatch<SetStateAction<VerifyForm>>, round: boolean) {
  const { data: seeds } = useSeeds();
  const [rotating, setRotating] = useState(false);
  const seedPending = !round && form.serverSeed.trim() === '' && form.serverSeedHash.trim() !== '';
  const pairInUse = seedPending && seeds?.serverSeedHash === form.serverSeedHash.trim();
  const rotateNow = async () => {
    if (rotating) return;
    setRotating(true);
    try {
      const { revealed } = await rotateSeeds(undefined);
      if (revealed.serverSeedHash === form.serverSeedHash.trim()) {
        setForm((current) => ({ ...current, serverSeed: revealed.serverSeed }));
      }
    } catch {
      // The HTTP client told the player why (409 while a mines game is open).
    } finally {
      setRotating(false);
    }
  };
  return { seedPending, pairInUse, rotating, rotateNow };
}

/** The search for an unknown round number runs in chunks between frames, so the page stays responsive. */
function useChainSearchSteps(
  search: ChainSearch | undefined,
  chain: ReturnType<typeof planChainCheck> | undefined,
  setSearch: (next: ChainSearch) => void,
) {
  useEffect(() => {
    if (!search || search.foundRound !== undefined || search.exhausted) return;
    if (chain?.state !== 'search') return;
    const timer = setTimeout(
      () => setSearch(continueChainSearch(search, chain.terminatingHash, searchChunk)),
      0,
    );
    return () => clearTimeout(timer);
  }, [search, chain, setSearch]);
}

/**
 * The verifier's state: the form (first filled from the link), the revealed round it loads, the seed
 * rotation a pending bet needs, the chunked chain search, and which fields to mark invalid.
 */
export function useVerifyForm() {
  const location = useLocation();
  const [form, setForm] = useState<VerifyForm>(() => parseVerifySearch(location.search));
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState<ChainSearch | undefined>(undefined);
  const autoLoaded = useRef(false);
  const round = isRoundGame(form.game);
  const { seedPending, pairInUse, rotating, rotateNow } = useSeedRotation(form, setForm, round);

  const change = (field: VerifyField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setSearch(undefined);
  };
  const changeGame = (game: VerifyGame) => {
    setForm((current) => ({ ...current, game }));
    setSearch(undefined);
  };

  const single = useMemo(() => (round ? undefined : verifySingle(form)), [form, round]);
  const rounded = useMemo(() => (round ? verifyRound(form) : undefined), [form, round]);
  const chain = useMemo(() => (round ? planChainCheck(form) : undefined), [form, round]);
  const touched = (field: VerifyField) => form[field].trim() !== '';

  const canLoad = canLoadRound(form);

  const load = async () => {
    if (!canLoad || loading) return;
    setLoading(true);
    setSearch(undefined);
    try {
      const revealed = await revealedRound(form);
      if (revealed) setForm((current) => ({ ...current, ...revealed }));
    } catch {
      // The HTTP client showed the server's reason (a round not drawn yet is a 404).
    } finally {
      setLoading(false);
    }
  };

  // A link from a round's dot or the history (?game=double&roundId=…) loads the revealed round at once.
  useEffect(() => {
    if (autoLoaded.current || !canLoad || form.roundSeed !== '') return;
    autoLoaded.current = true;
    void load();
  });

  useChainSearchSteps(search, chain, setSearch);

  const singleField = (field: VerifyField) =>
    single?.ok === false && single.field === field && touched(field);
  const roundField = (field: VerifyField) =>
    (rounded?.ok === false && rounded.field === field && touched(field)) ||
    (chain?.state === 'invalid' && chain.field === field && touched(field));
  const startSearch = (seed: string) => setSearch(startChainSearch(seed));

  return {
    form,
    round,
    change,
    changeGame,
    canLoad,
    loading,
    load,
    seedPending,
    pairInUse,
    rotating,
    rotateNow,
    single,
    rounded,
    chain,
    search,
    startSearch,
    singleField,
    roundField,
  };
}

export type VerifyState = ReturnType<typeof useVerifyForm>;
