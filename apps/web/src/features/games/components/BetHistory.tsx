import type { GameCode } from '@aposta/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMultiplier } from '../../../lib/format';
import type { LocaleCode } from '../../../lib/locales';
import { type GameBet, useGameBets } from '../api/bets';
import { money, timeLabel, twoDecimals } from '../format';
import { useLocale } from '../hooks';
import { readLuckyPick } from '../logic/lucky';
import { isRoundGame, verifyHref } from '../logic/verifier';

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function pickName(t: TFunction, pick: unknown): string {
  const lucky = readLuckyPick(pick);
  if (typeof lucky === 'number') return t('picks.number', { number: lucky });
  return typeof lucky === 'string' ? t(`picks.${lucky}`) : '-';
}

/** One line saying what the bet was and what came out. */
function summary(t: TFunction, bet: GameBet, locale: LocaleCode): string {
  const detail = bet.result ?? {};
  switch (bet.game) {
    case 'dice': {
      const roll = numberOf(detail.roll);
      const target = numberOf(detail.target);
      if (roll === undefined || target === undefined) return '-';
      return t('history.dice', {
        roll: twoDecimals(roll, locale),
        condition: t(detail.direction === 'over' ? 'dice.overTarget' : 'dice.underTarget', {
          target: twoDecimals(target, locale),
        }),
      });
    }
    case 'limbo': {
      const result = numberOf(detail.result);
      const target = numberOf(detail.target);
      if (result === undefined || target === undefined) return '-';
      return t('history.limbo', {
        result: formatMultiplier(result, locale),
        target: formatMultiplier(target, locale),
      });
    }
    case 'mines': {
      const revealed = Array.isArray(detail.revealed) ? detail.revealed.length : 0;
      if (bet.status === 'open') return t('history.minesOpen', { mines: numberOf(detail.mines) ?? '-' });
      return t('history.mines', { mines: numberOf(detail.mines) ?? '-', opened: revealed });
    }
    case 'rowDouble':
    case 'double': {
      const roll = numberOf(detail.roll ?? detail.outcome);
      const pick = t(`picks.${String(detail.pick)}`, { defaultValue: '-' });
      if (roll === undefined) return t('history.waiting', { pick });
      return t('history.double', {
        pick,
        roll,
        color: t(`picks.${String(detail.color)}`, { defaultValue: '-' }),
      });
    }
    case 'luckyColor': {
      const number = numberOf(detail.outcome);
      const pick = pickName(t, detail.pick);
      if (number === undefined) return t('history.waiting', { pick });
      return t('history.lucky', { pick, number });
    }
    default:
      return '-';
  }
}

/** The verifier filled for this very bet: its seed pair and nonce, and the server seed once it is revealed. */
export function verifyLink(bet: GameBet): string {
  if (isRoundGame(bet.game) || bet.nonce === null) return verifyHref({ game: bet.game });
  const mines = bet.game === 'mines' ? numberOf(bet.result?.mines) : undefined;
  return verifyHref({
    game: bet.game,
    nonce: bet.nonce,
    mines,
    clientSeed: bet.fair?.clientSeed,
    serverSeedHash: bet.fair?.serverSeedHash,
    serverSeed: bet.fair?.serverSeed ?? undefined,
  });
}

/** The player's last bets on this game (GET /api/app/game/bets?game=), each with a verifier link. */
export function BetHistory({ game }: { game: GameCode }) {
  const { t } = useTranslation('games');
  const locale = useLocale();
  const { data, isPending, isError } = useGameBets(game);
  const records = data?.records ?? [];
  return (
    <section className="game-section" aria-label={t('history.title')}>
      <h2 className="game-section-title">{t('history.title')}</h2>
      {records.length === 0 ? (
        <p className="game-empty">
          {isPending ? t('history.loading') : isError ? t('history.failed') : t('history.empty')}
        </p>
      ) : (
        <ul className="bet-list">
          {records.map((bet) => {
            const open = bet.status === 'open';
            const won = bet.payout > 0;
            return (
              <li key={bet.betId} className="bet-row">
                <div className="bet-row-main">
                  <span className="bet-row-summary">{summary(t, bet, locale)}</span>
                  <time className="bet-row-time" dateTime={new Date(bet.time).toISOString()}>
                    {timeLabel(bet.time, locale)}
                  </time>
                </div>
                <div className="bet-row-money">
                  <span>{money(bet.amount, locale)}</span>
                  <span className="bet-row-multiplier">
                    {open ? t('history.open') : formatMultiplier(won ? bet.multiplier : 0, locale)}
                  </span>
                  <span className={won ? 'win-text' : open ? '' : 'loss-text'}>
                    {open ? '—' : money(bet.payout, locale)}
                  </span>
                  {open ? null : (
                    <Link className="bet-row-verify" to={verifyLink(bet)}>
                      {t('history.verify')}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
