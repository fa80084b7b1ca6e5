import type { DoubleColor } from '@aposta/fair';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DoubleState } from '../../api/double-state';
import { money } from '../../format';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';
import { doubleColors } from '../../logic/paytables';
import { doubleChainRound, verifyHref } from '../../logic/verifier';
import { RollDot } from '../ColorPicker';
import { GameSection } from '../GameLayout';

export interface MyBet {
  betId: number;
  roundId: number;
  color: DoubleColor;
  amount: number;
}

/** The last rolls, each a link to its verification. */
export function DoubleHistory({ history }: { history: DoubleState['history'] }) {
  const { t } = useTranslation(gamesNamespace);
  return (
    <ol className="roll-row roll-history" aria-label={t('double.lastResults')}>
      {history.map((item) => (
        <li key={item.roundId}>
          <Link
            className="roll-link"
            to={verifyHref({ game: 'double', roundId: item.roundId, round: doubleChainRound(item.roundId) })}
            aria-label={t('double.verifyRound', { round: item.roundId })}
          >
            <RollDot roll={item.roll} color={item.color} label={t(`picks.${item.color}`)} />
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** The player's own bets on the current round. */
export function MyDoubleBets({ mine }: { mine: MyBet[] }) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  if (mine.length === 0) return null;
  return (
    <p className="payout-line">
      {t('double.yourBets')}{' '}
      {mine.map((item) => (
        <strong key={item.betId} className={`my-bet color-text-${item.color}`}>
          {money(item.amount, locale)} {t(`picks.${item.color}`)}
        </strong>
      ))}
    </p>
  );
}

/** Everyone's bets on the round, one column per colour with its total. */
export function DoubleBetsColumns({ bets }: { bets: DoubleState['bets'] }) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  return (
    <GameSection title={t('double.betsTitle')}>
      <div className="bets-columns">
        {doubleColors.map((column) => {
          const picked = bets.filter((item) => item.pick === column);
          const total = picked.reduce((sum, item) => sum + item.amount, 0);
          return (
            <div key={column} className={`bets-column color-border-${column}`}>
              <p className="bets-column-head">
                <span>{t(`picks.${column}`)}</span>
                <strong>{money(total, locale)}</strong>
              </p>
              <ul className="bets-column-list">
                {picked.slice(0, 12).map((item) => (
                  <li key={item.betId}>
                    <span>{item.player}</span>
                    <span>{money(item.amount, locale)}</span>
                  </li>
                ))}
              </ul>
              <p className="bets-column-count">{t('double.betCount', { bets: picked.length })}</p>
            </div>
          );
        })}
      </div>
    </GameSection>
  );
}
