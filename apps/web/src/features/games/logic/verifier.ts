import {
  crashPoint,
  type DoubleColor,
  diceRoll,
  doubleColor,
  doubleRoundRoll,
  hashServerSeed,
  isRoundSeedInChain,
  isValidClientSeed,
  type LuckyColor,
  limboResult,
  luckyColorRoundNumber,
  luckyColorsOfNumber,
  minesLayout,
  nextChainHash,
  rowDoubleRoll,
} from '@aposta/fair';

// The verifier's logic: the form as text (from the query string or the inputs), and the results
// recomputed in the browser with @aposta/fair from revealed seeds. Pure; the page only draws.

export const singleGames = ['dice', 'limbo', 'mines', 'rowDouble'] as const;
export const roundGames = ['double', 'luckyColor', 'crash'] as const;
export type SingleGame = (typeof singleGames)[number];
export type RoundGame = (typeof roundGames)[number];
export type VerifyGame = SingleGame | RoundGame;

export interface VerifyForm {
  game: VerifyGame;
  /** Single-player: the revealed server seed, the client seed, the nonce, mines for mines. */
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  mines: string;
  /** The hash shown before the bets, to compare with the revealed seed's (optional). */
  serverSeedHash: string;
  /** Round games: the round's revealed seed and the chain's salt. */
  roundSeed: string;
  salt: string;
  /** Optional chain check: the terminating hash published before round 0, and the round's number. */
  terminatingHash: string;
  round: string;
  /** Where to load a revealed round from: double's round id, lucky color's period and issue. */
  roundId: string;
  period: string;
  issue: string;
}

export type VerifyField = Exclude<keyof VerifyForm, 'game'>;

const fields: readonly VerifyField[] = [
  'serverSeed',
  'clientSeed',
  'nonce',
  'mines',
  'serverSeedHash',
  'roundSeed',
  'salt',
  'terminatingHash',
  'round',
  'roundId',
  'period',
  'issue',
];
/** Query names that differ from the form's (short ones for links). */
const queryNames: Partial<Record<VerifyField, string>> = { serverSeedHash: 'hash', roundSeed: 'seed' };
const fieldLengthMax = 128;

export const emptyVerifyForm: VerifyForm = {
  game: 'dice',
  serverSeed: '',
  clientSeed: '',
  nonce: '',
  mines: '',
  serverSeedHash: '',
  roundSeed: '',
  salt: '',
  terminatingHash: '',
  round: '',
  roundId: '',
  period: '',
  issue: '',
};

export function isRoundGame(game: VerifyGame): game is RoundGame {
  return (roundGames as readonly string[]).includes(game);
}

function isVerifyGame(value: string): value is VerifyGame {
  return (singleGames as readonly string[]).includes(value) || isRoundGame(value as VerifyGame);
}

/** The form prefilled from `?game=dice&serverSeed=…`; unknown games fall back to dice, long values are cut. */
export function parseVerifySearch(search: string): VerifyForm {
  const query = new URLSearchParams(search);
  const form: VerifyForm = { ...emptyVerifyForm };
  const game = query.get('game') ?? '';
  if (isVerifyGame(game)) form.game = game;
  for (const field of fields) {
    const value = query.get(queryNames[field] ?? field);
    if (value !== null) form[field] = value.trim().slice(0, fieldLengthMax);
  }
  return form;
}

/** A link to the verifier with these values filled in (empty ones left out). */
export function verifyHref(
  values: { game: VerifyGame } & Partial<Record<VerifyField, string | number>>,
): string {
  const query = new URLSearchParams({ game: values.game });
  for (const field of fields) {
    const value = values[field];
    if (value === undefined || value === '') continue;
    query.set(queryNames[field] ?? field, String(value));
  }
  return `/verify?${query.toString()}`;
}

function readCount(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : undefined;
}

export type SingleResult =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; multiplier: number }
  | { game: 'mines'; mineTiles: number[] }
  | { game: 'rowDouble'; roll: number; color: DoubleColor };

export type Verified<Result> = { ok: true; value: Result } | { ok: false; field: VerifyField };

export interface SingleVerification {
  /** SHA-256 of the revealed seed: must equal the hash shown before the bets. */
  serverSeedHash: string;
  /** Compared with the hash the player entered, when they entered one. */
  hashMatches: boolean | undefined;
  result: SingleResult;
}

const serverSeedPattern = /^(?:[0-9a-f]{2}){8,64}$/;
const sha256Pattern = /^[0-9a-f]{64}$/;

/** Recomputes a single-player bet; a field that cannot be used is named instead. */
export function verifySingle(form: VerifyForm): Verified<SingleVerification> {
  if (isRoundGame(form.game)) return { ok: false, field: 'serverSeed' };
  const serverSeedHex = form.serverSeed.trim();
  if (!serverSeedPattern.test(serverSeedHex)) return { ok: false, field: 'serverSeed' };
  const clientSeed = form.clientSeed.trim();
  if (!isValidClientSeed(clientSeed)) return { ok: false, field: 'clientSeed' };
  const nonce = readCount(form.nonce, 0, 2_147_483_647);
  if (nonce === undefined) return { ok: false, field: 'nonce' };
  const seeds = { serverSeedHex, clientSeed, nonce };
  let result: SingleResult;
  switch (form.game) {
    case 'dice':
      result = { game: 'dice', roll: diceRoll(seeds) };
      break;
    case 'limbo':
      result = { game: 'limbo', multiplier: limboResult(seeds) };
      break;
    case 'rowDouble': {
      const roll = rowDoubleRoll(seeds);
      result = { game: 'rowDouble', roll, color: doubleColor(roll) };
      break;
    }
    case 'mines': {
      const mines = readCount(form.mines, 1, 24);
      if (mines === undefined) return { ok: false, field: 'mines' };
      result = { game: 'mines', mineTiles: [...minesLayout(seeds, mines).mineTiles] };
      break;
    }
  }
  const serverSeedHash = hashServerSeed(serverSeedHex);
  const expected = form.serverSeedHash.trim();
  return {
    ok: true,
    value: { serverSeedHash, hashMatches: expected === '' ? undefined : expected === serverSeedHash, result },
  };
}

export type RoundResult =
  | { game: 'double'; roll: number; color: DoubleColor }
  | { game: 'luckyColor'; number: number; colors: LuckyColor[] }
  | { game: 'crash'; crashPoint: number };

export interface RoundVerification {
  result: RoundResult;
  /** SHA-256 of the round's seed: the previous round's seed (round 0: the terminating hash). */
  previousSeed: string;
}

/** Recomputes a round game's result from its revealed seed and the chain's salt. */
export function verifyRound(form: VerifyForm): Verified<RoundVerification> {
  const seed = form.roundSeed.trim();
  if (!sha256Pattern.test(seed)) return { ok: false, field: 'roundSeed' };
  const salt = form.salt.trim();
  if (salt === '' || salt.length > fieldLengthMax) return { ok: false, field: 'salt' };
  let result: RoundResult;
  if (form.game === 'double') {
    const roll = doubleRoundRoll(seed, salt);
    result = { game: 'double', roll, color: doubleColor(roll) };
  } else if (form.game === 'crash') {
    result = { game: 'crash', crashPoint: crashPoint(seed, salt) };
  } else {
    const number = luckyColorRoundNumber(seed, salt);
    result = { game: 'luckyColor', number, colors: luckyColorsOfNumber(number) };
  }
  return { ok: true, value: { result, previousSeed: nextChainHash(seed) } };
}

/** Double's (and Crash's) round ids count from 1 on the chain's round 0. */
export function doubleChainRound(roundId: number): number {
  return roundId - 1;
}

export type ChainCheck =
  | { state: 'skipped' }
  | { state: 'invalid'; field: VerifyField }
  | { state: 'atRound'; round: number; inChain: boolean }
  | { state: 'search'; terminatingHash: string; seed: string };

/** What the optional chain check will do: at a known round, by searching, or nothing. */
export function planChainCheck(form: VerifyForm): ChainCheck {
  const terminatingHash = form.terminatingHash.trim();
  if (terminatingHash === '') return { state: 'skipped' };
  if (!sha256Pattern.test(terminatingHash)) return { state: 'invalid', field: 'terminatingHash' };
  const seed = form.roundSeed.trim();
  if (!sha256Pattern.test(seed)) return { state: 'invalid', field: 'roundSeed' };
  if (form.round.trim() === '') return { state: 'search', terminatingHash, seed };
  const round = readCount(form.round, 0, 100_000_000);
  if (round === undefined) return { state: 'invalid', field: 'round' };
  return { state: 'atRound', round, inChain: isRoundSeedInChain(seed, round, terminatingHash) };
}

/** Bound on a search for a round's place in the chain (the server's chains hold 200 000 rounds). */
export const chainSearchRoundsMax = 250_000;

export interface ChainSearch {
  /** The last hash computed: seed hashed `steps` times. */
  hash: string;
  steps: number;
  /** The round number once the terminating hash is reached. */
  foundRound: number | undefined;
  exhausted: boolean;
}

export function startChainSearch(seed: string): ChainSearch {
  return { hash: seed, steps: 0, foundRound: undefined, exhausted: false };
}

/**
 * Hashes on by up to `chunk` links. Round r's seed reaches the terminating hash after r + 1 hashes,
 * so finding it after n hashes means round n − 1. The page runs chunks between frames.
 */
export function continueChainSearch(
  search: ChainSearch,
  terminatingHash: string,
  chunk: number,
  roundsMax = chainSearchRoundsMax,
): ChainSearch {
  if (search.foundRound !== undefined || search.exhausted) return search;
  let { hash, steps } = search;
  const end = Math.min(roundsMax + 1, steps + chunk);
  while (steps < end) {
    hash = nextChainHash(hash);
    steps += 1;
    if (hash === terminatingHash) return { hash, steps, foundRound: steps - 1, exhausted: false };
  }
  return { hash, steps, foundRound: undefined, exhausted: steps >= roundsMax + 1 };
}
