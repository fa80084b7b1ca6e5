import { MINES_TILE_COUNT } from '@aposta/fair';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { formatMultiplier } from '../../../lib/format';
import { fetchDoubleRound } from '../api/double-round';
import { fetchDoubleState } from '../api/double-state';
import { fetchLuckyRound } from '../api/lucky-round';
import { fetchLuckyState } from '../api/lucky-state';
import { rotateSeeds } from '../api/rotate';
import { useSeeds } from '../api/seeds';
import { twoDecimals } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useLocale } from '../hooks';
import { isLuckyPeriod } from '../logic/lucky';
import {
  type ChainSearch,
  chainSearchRoundsMax,
  continueChainSearch,
  doubleChainRound,
  isRoundGame,
  parseVerifySearch,
  planChainCheck,
  roundGames,
  singleGames,
  startChainSearch,
  type VerifyField,
  type VerifyForm,
  type VerifyGame,
  verifyRound,
  verifySingle,
} from '../logic/verifier';
import '../games.css';
import { Tabs } from '../../../components/ui/Tabs';

const searchChunk = 2_000;
const tiles = Array.from({ length: MINES_TILE_COUNT }, (_, tile) => tile);

function Field({
  field,
  form,
  onChange,
  invalid,
  optional = false,
  inputMode,
}: {
  field: VerifyField;
  form: VerifyForm;
  onChange(field: VerifyField, value: string): void;
  invalid: boolean;
  optional?: boolean;
  inputMode?: 'numeric' | 'text';
}) {
  const { t } = useTranslation(gamesNamespace);
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t(`verify.fields.${field}`)}
        {optional ? ` (${t('verify.optional')})` : ''}
      </label>
      <input
        id={id}
        className="input mono"
        value={form[field]}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        inputMode={inputMode}
        aria-invalid={invalid}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {invalid ? <p className="bet-hint">{t(`verify.invalid.${field}`)}</p> : null}
    </div>
  );
}

function MinesBoard({ mineTiles }: { mineTiles: readonly number[] }) {
  const { t } = useTranslation(gamesNamespace);
  return (
    <div
      className="mines-grid mines-grid-small"
      role="img"
      aria-label={t('verify.minesAt', { tiles: mineTiles.map((tile) => tile + 1).join(', ') })}
    >
      {tiles.map((tile) => (
        <span
          key={tile}
          className={`mines-tile ${mineTiles.includes(tile) ? 'state-mine' : 'state-gemLate'}`}
        >
          {mineTiles.includes(tile) ? <span className="tile-mine" /> : <span className="tile-gem" />}
        </span>
      ))}
    </div>
  );
}

/** /verify: recomputes any bet or round in the browser with @aposta/fair, from revealed seeds. */
export default function VerifyPage(_props: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const location = useLocation();
  const gameId = useId();
  const [form, setForm] = useState<VerifyForm>(() => parseVerifySearch(location.search));
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState<ChainSearch | undefined>(undefined);
  const autoLoaded = useRef(false);
  const round = isRoundGame(form.game);
  const { data: seeds } = useSeeds();
  const [rotating, setRotating] = useState(false);
  // A bet from the history whose seed pair is still in use: its server seed is secret until the player rotates.
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

  const canLoad =
    form.game === 'double'
      ? /^\d{1,10}$/.test(form.roundId.trim())
      : form.game === 'luckyColor' &&
        isLuckyPeriod(Number(form.period)) &&
        /^\d{1,32}$/.test(form.issue.trim());

  const load = async () => {
    if (!canLoad || loading) return;
    setLoading(true);
    setSearch(undefined);
    try {
      if (form.game === 'double') {
        const roundId = Number(form.roundId.trim());
        const [detail, state] = [await fetchDoubleRound(roundId), await fetchDoubleState()];
        setForm((current) => ({
          ...current,
          roundSeed: detail.seed,
          salt: state.chain.salt,
          terminatingHash: state.chain.terminatingHash,
          round: String(doubleChainRound(roundId)),
        }));
      } else {
        const period = Number(form.period);
        if (!isLuckyPeriod(period)) return;
        const [detail, state] = [
          await fetchLuckyRound(period, form.issue.trim()),
          await fetchLuckyState(period),
        ];
        setForm((current) => ({
          ...current,
          roundSeed: detail.seed,
          salt: state.chain.salt,
          terminatingHash: state.chain.terminatingHash,
        }));
      }
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

  // The search for an unknown round number runs in chunks between frames, so the page stays responsive.
  useEffect(() => {
    if (!search || search.foundRound !== undefined || search.exhausted) return;
    if (chain?.state !== 'search') return;
    const timer = setTimeout(
      () => setSearch(continueChainSearch(search, chain.terminatingHash, searchChunk)),
      0,
    );
    return () => clearTimeout(timer);
  }, [search, chain]);

  const singleField = (field: VerifyField) =>
    single?.ok === false && single.field === field && touched(field);
  const roundField = (field: VerifyField) =>
    (rounded?.ok === false && rounded.field === field && touched(field)) ||
    (chain?.state === 'invalid' && chain.field === field && touched(field));

  return (
    <section className="game-page" aria-labelledby="verify-title">
      <PageHeader title={t('verify.title')} />
      <main className="game-main">
        <h2 id="verify-title" className="visually-hidden">
          {t('verify.title')}
        </h2>
        <p className="rules-text verify-intro">{t('verify.intro')}</p>
        <Tabs
          label={t('verify.kind')}
          value={round ? 'rounds' : 'single'}
          items={[
            { value: 'single', label: t('verify.single') },
            { value: 'rounds', label: t('verify.rounds') },
          ]}
          onChange={(kind) => changeGame(kind === 'rounds' ? 'double' : 'dice')}
        />

        <section className="bet-panel" aria-label={t('verify.inputs')}>
          <div className="field">
            <label className="field-label" htmlFor={gameId}>
              {t('verify.game')}
            </label>
            <select
              id={gameId}
              className="input"
              value={form.game}
              onChange={(event) => changeGame(event.target.value as VerifyGame)}
            >
              {(round ? roundGames : singleGames).map((game) => (
                <option key={game} value={game}>
                  {t(`common:pages.${game}`)}
                </option>
              ))}
            </select>
          </div>
          {round ? (
            <>
              {form.game === 'double' ? (
                <Field
                  field="roundId"
                  form={form}
                  onChange={change}
                  invalid={false}
                  optional
                  inputMode="numeric"
                />
              ) : (
                <>
                  <Field
                    field="period"
                    form={form}
                    onChange={change}
                    invalid={false}
                    optional
                    inputMode="numeric"
                  />
                  <Field
                    field="issue"
                    form={form}
                    onChange={change}
                    invalid={false}
                    optional
                    inputMode="numeric"
                  />
                </>
              )}
              <button
                type="button"
                className="btn btn-ghost btn-block"
                disabled={!canLoad || loading}
                onClick={() => void load()}
              >
                {t('verify.load')}
              </button>
              <Field field="roundSeed" form={form} onChange={change} invalid={roundField('roundSeed')} />
              <Field field="salt" form={form} onChange={change} invalid={roundField('salt')} />
              <Field
                field="terminatingHash"
                form={form}
                onChange={change}
                invalid={roundField('terminatingHash')}
                optional
              />
              <Field
                field="round"
                form={form}
                onChange={change}
                invalid={roundField('round')}
                optional
                inputMode="numeric"
              />
            </>
          ) : (
            <>
              <Field field="serverSeed" form={form} onChange={change} invalid={singleField('serverSeed')} />
              <Field field="serverSeedHash" form={form} onChange={change} invalid={false} optional />
              <Field field="clientSeed" form={form} onChange={change} invalid={singleField('clientSeed')} />
              <Field
                field="nonce"
                form={form}
                onChange={change}
                invalid={singleField('nonce')}
                inputMode="numeric"
              />
              {form.game === 'mines' ? (
                <Field
                  field="mines"
                  form={form}
                  onChange={change}
                  invalid={singleField('mines')}
                  inputMode="numeric"
                />
              ) : null}
            </>
          )}
        </section>

        {seedPending ? (
          <section className="game-section verify-pending" aria-label={t('verify.pendingTitle')}>
            <h2 className="game-section-title">{t('verify.pendingTitle')}</h2>
            <p className="rules-text">{t('verify.pendingText')}</p>
            {pairInUse ? (
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={rotating}
                onClick={() => void rotateNow()}
              >
                {t('verify.rotateNow')}
              </button>
            ) : null}
          </section>
        ) : null}

        <section className="game-section" aria-label={t('verify.resultTitle')}>
          <h2 className="game-section-title">{t('verify.resultTitle')}</h2>
          {single?.ok ? (
            <>
              <output className="verify-result" aria-label={t('verify.resultTitle')}>
                {single.value.result.game === 'dice'
                  ? t('verify.diceRoll', { roll: twoDecimals(single.value.result.roll, locale) })
                  : single.value.result.game === 'limbo'
                    ? t('verify.limboResult', {
                        result: formatMultiplier(single.value.result.multiplier, locale),
                      })
                    : single.value.result.game === 'rowDouble'
                      ? t('verify.doubleRoll', {
                          roll: single.value.result.roll,
                          color: t(`picks.${single.value.result.color}`),
                        })
                      : t('verify.minesResult')}
              </output>
              {single.value.result.game === 'mines' ? (
                <MinesBoard mineTiles={single.value.result.mineTiles} />
              ) : null}
              <dl className="fair-list">
                <dt>{t('verify.computedHash')}</dt>
                <dd className="mono">{single.value.serverSeedHash}</dd>
              </dl>
              {single.value.hashMatches === undefined ? (
                <p className="rules-text">{t('verify.hashHint')}</p>
              ) : single.value.hashMatches ? (
                <p className="win-text">{t('verify.hashMatches')}</p>
              ) : (
                <p className="loss-text">{t('verify.hashDiffers')}</p>
              )}
            </>
          ) : null}
          {rounded?.ok ? (
            <>
              <output className="verify-result" aria-label={t('verify.resultTitle')}>
                {rounded.value.result.game === 'double'
                  ? t('verify.doubleRoll', {
                      roll: rounded.value.result.roll,
                      color: t(`picks.${rounded.value.result.color}`),
                    })
                  : t('verify.luckyNumber', {
                      number: rounded.value.result.number,
                      colors: rounded.value.result.colors.map((color) => t(`picks.${color}`)).join(' + '),
                    })}
              </output>
              <dl className="fair-list">
                <dt>{t('verify.previousSeed')}</dt>
                <dd className="mono">{rounded.value.previousSeed}</dd>
              </dl>
              {chain?.state === 'atRound' ? (
                <p className={chain.inChain ? 'win-text' : 'loss-text'}>
                  {chain.inChain
                    ? t('verify.inChain', { round: chain.round })
                    : t('verify.notInChain', { round: chain.round })}
                </p>
              ) : null}
              {chain?.state === 'search' ? (
                search === undefined ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-block"
                    onClick={() => setSearch(startChainSearch(chain.seed))}
                  >
                    {t('verify.search')}
                  </button>
                ) : search.foundRound !== undefined ? (
                  <p className="win-text">{t('verify.inChain', { round: search.foundRound })}</p>
                ) : search.exhausted ? (
                  <p className="loss-text">{t('verify.notFound', { rounds: chainSearchRoundsMax })}</p>
                ) : (
                  <p className="rules-text">{t('verify.searching', { steps: search.steps })}</p>
                )
              ) : null}
              {chain?.state === 'skipped' ? <p className="rules-text">{t('verify.chainHint')}</p> : null}
            </>
          ) : null}
          {!single?.ok && !rounded?.ok ? <p className="game-empty">{t('verify.fillIn')}</p> : null}
        </section>

        <section className="game-section" aria-label={t('verify.howTitle')}>
          <h2 className="game-section-title">{t('verify.howTitle')}</h2>
          <p className="rules-text">{round ? t('verify.howRounds') : t('verify.howSingle')}</p>
        </section>
      </main>
    </section>
  );
}
