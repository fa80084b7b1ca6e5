import { MINES_TILE_COUNT } from '@aposta/fair';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { formatMultiplier } from '../../../../lib/format';
import { twoDecimals } from '../../format';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';
import { chainSearchRoundsMax } from '../../logic/verifier';
import type { VerifyState } from './useVerifyForm';

const tiles = Array.from({ length: MINES_TILE_COUNT }, (_, tile) => tile);

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

/** A single bet's recomputed outcome and whether its seed matches the hash shown before the bet. */
function SingleResult({
  value,
}: {
  value: NonNullable<Extract<VerifyState['single'], { ok: true }>>['value'];
}) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const result = value.result;
  return (
    <>
      <output className="verify-result" aria-label={t('verify.resultTitle')}>
        {result.game === 'dice'
          ? t('verify.diceRoll', { roll: twoDecimals(result.roll, locale) })
          : result.game === 'limbo'
            ? t('verify.limboResult', { result: formatMultiplier(result.multiplier, locale) })
            : result.game === 'rowDouble'
              ? t('verify.doubleRoll', { roll: result.roll, color: t(`picks.${result.color}`) })
              : t('verify.minesResult')}
      </output>
      {result.game === 'mines' ? <MinesBoard mineTiles={result.mineTiles} /> : null}
      <dl className="fair-list">
        <dt>{t('verify.computedHash')}</dt>
        <dd className="mono">{value.serverSeedHash}</dd>
      </dl>
      {value.hashMatches === undefined ? (
        <p className="rules-text">{t('verify.hashHint')}</p>
      ) : value.hashMatches ? (
        <p className="win-text">{t('verify.hashMatches')}</p>
      ) : (
        <p className="loss-text">{t('verify.hashDiffers')}</p>
      )}
    </>
  );
}

/** A round's recomputed outcome and where its seed sits in the published chain (given or searched). */
function RoundResult({
  value,
  chain,
  search,
  startSearch,
}: {
  value: NonNullable<Extract<VerifyState['rounded'], { ok: true }>>['value'];
} & Pick<VerifyState, 'chain' | 'search' | 'startSearch'>) {
  const { t } = useTranslation(gamesNamespace);
  const result = value.result;
  return (
    <>
      <output className="verify-result" aria-label={t('verify.resultTitle')}>
        {result.game === 'crash'
          ? t('verify.crashPoint', { point: result.crashPoint.toFixed(2) })
          : result.game === 'double'
            ? t('verify.doubleRoll', { roll: result.roll, color: t(`picks.${result.color}`) })
            : t('verify.luckyNumber', {
                number: result.number,
                colors: result.colors.map((color) => t(`picks.${color}`)).join(' + '),
              })}
      </output>
      <dl className="fair-list">
        <dt>{t('verify.previousSeed')}</dt>
        <dd className="mono">{value.previousSeed}</dd>
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
          <Button variant="ghost" block onClick={() => startSearch(chain.seed)}>
            {t('verify.search')}
          </Button>
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
  );
}

/** The result section: the single bet's or the round's outcome, or a prompt to fill the form in. */
export function VerifyResults({ state }: { state: VerifyState }) {
  const { t } = useTranslation(gamesNamespace);
  const { single, rounded, chain, search, startSearch } = state;
  return (
    <section className="game-section" aria-label={t('verify.resultTitle')}>
      <h2 className="game-section-title">{t('verify.resultTitle')}</h2>
      {single?.ok ? <SingleResult value={single.value} /> : null}
      {rounded?.ok ? (
        <RoundResult value={rounded.value} chain={chain} search={search} startSearch={startSearch} />
      ) : null}
      {!single?.ok && !rounded?.ok ? <p className="game-empty">{t('verify.fillIn')}</p> : null}
    </section>
  );
}

/** A bet whose server seed is still secret: rotating the pair (when it is the one in use) reveals it. */
export function SeedPending({ state }: { state: VerifyState }) {
  const { t } = useTranslation(gamesNamespace);
  if (!state.seedPending) return null;
  return (
    <section className="game-section verify-pending" aria-label={t('verify.pendingTitle')}>
      <h2 className="game-section-title">{t('verify.pendingTitle')}</h2>
      <p className="rules-text">{t('verify.pendingText')}</p>
      {state.pairInUse ? (
        <Button variant="primary" block disabled={state.rotating} onClick={() => void state.rotateNow()}>
          {t('verify.rotateNow')}
        </Button>
      ) : null}
    </section>
  );
}
