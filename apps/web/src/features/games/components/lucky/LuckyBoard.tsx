import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../../lib/format';
import type { LuckyState } from '../../api/lucky-state';
import { gamesNamespace } from '../../games-i18n';
import type { luckyClock } from '../../logic/countdown';
import { NumberBall } from './NumberBall';

/** The current issue, the countdown to its draw, whether betting is open, and the last number drawn. */
export function LuckyBoard({
  state,
  clock,
  now,
  drawn,
}: {
  state: LuckyState | undefined;
  clock: ReturnType<typeof luckyClock> | undefined;
  now: number;
  drawn: { issue: string; number: number } | undefined;
}) {
  const { t } = useTranslation(gamesNamespace);
  const open = Boolean(clock?.bettingOpen);
  const latest = state?.history[0];
  return (
    <section className="game-board lucky-board" aria-label={t('board')}>
      <div className="lucky-head">
        <div>
          <p className="stat-label">{t('lucky.issue')}</p>
          <p className="lucky-issue mono">{state?.issue || '…'}</p>
        </div>
        <div className="lucky-clock">
          <p className="stat-label">{t('lucky.drawIn')}</p>
          <output className="lucky-countdown mono" aria-label={t('lucky.drawIn')}>
            {clock ? formatCountdown(clock.remainingMs) : '--:--'}
          </output>
        </div>
      </div>
      <output className="round-status" aria-label={t('lucky.status')}>
        {!state
          ? t('double.loading')
          : open
            ? t('lucky.bettingOpen', { seconds: Math.ceil(((clock?.closesAt ?? now) - now) / 1000) })
            : t('lucky.bettingClosed')}
      </output>
      {drawn ? (
        <p className="lucky-drawn" aria-live="polite">
          {t('lucky.drawn', { issue: drawn.issue })}{' '}
          <NumberBall key={drawn.issue} number={drawn.number} size="large" />
        </p>
      ) : latest ? (
        <p className="lucky-drawn">
          {t('lucky.drawn', { issue: latest.issue })} <NumberBall number={latest.number} size="large" />
        </p>
      ) : null}
    </section>
  );
}
