import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoundChain } from '../api/double-state';
import { type RoundGame, verifyHref } from '../logic/verifier';

/** Round games: the hash chain published before round 0, and a link to check the last round. */
export function RoundFairnessPanel({
  game,
  chain,
  lastRound,
}: {
  game: RoundGame;
  chain: RoundChain | undefined;
  /** Where the verifier loads the last settled round from. */
  lastRound: { roundId?: number; round?: number; period?: number; issue?: string } | undefined;
}) {
  const { t } = useTranslation('games');
  return (
    <details className="game-section fair-panel">
      <summary className="game-section-title fair-summary">{t('fair.title')}</summary>
      <p className="fair-intro">{t('fair.roundIntro')}</p>
      <dl className="fair-list">
        <dt>{t('fair.terminatingHash')}</dt>
        <dd className="mono">{chain?.terminatingHash ?? '…'}</dd>
        <dt>{t('fair.salt')}</dt>
        <dd className="mono">{chain?.salt ?? '…'}</dd>
      </dl>
      {lastRound ? (
        <Link className="btn btn-ghost btn-block" to={verifyHref({ game, ...lastRound })}>
          {t('fair.verifyLastRound')}
        </Link>
      ) : null}
      <Link className="fair-link" to={verifyHref({ game })}>
        {t('fair.openVerifier')}
      </Link>
    </details>
  );
}
