import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import { type AgentDay, barHeights } from './agent-figures';
import { inviteNamespace } from './invite-i18n';

const WIDTH = 300;
const HEIGHT = 100;

/** The commission of each of the 30 days as bars: a plain SVG, no chart library on the phone's first load. */
export function CommissionChart({ days }: { days: readonly AgentDay[] }) {
  const { t } = useTranslation(inviteNamespace);
  const locale = usePrefs((state) => state.locale);
  const heights = barHeights(days.map((day) => day.commission));
  const slot = WIDTH / Math.max(1, days.length);
  const best = days.reduce((top, day) => (day.commission > top ? day.commission : top), 0);
  return (
    <figure className="agent-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('agent.chart')}>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="agent-chart-axis" />
        {days.map((day, index) => {
          const height = Math.max(heights[index]! * (HEIGHT - 4), day.commission > 0 ? 2 : 0);
          return (
            <rect
              key={day.day}
              className="agent-chart-bar"
              x={index * slot + slot * 0.15}
              y={HEIGHT - 1 - height}
              width={slot * 0.7}
              height={height}
            >
              <title>{`${day.day}: ${formatMoney(day.commission, locale)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="invite-muted">
        {best > 0 ? t('agent.best', { amount: formatMoney(best, locale) }) : t('agent.noneYet')}
      </figcaption>
    </figure>
  );
}
