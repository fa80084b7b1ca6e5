import type { MatchDetail, TrackerAnswer } from '@aposta/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { slipsNamespace } from '../share/slips-i18n';

type Pair = { home: number; away: number };

function StatRow({ label, pair, percent = false }: { label: string; pair: Pair; percent?: boolean }) {
  const total = pair.home + pair.away;
  const homeShare = total === 0 ? 50 : (pair.home / total) * 100;
  const unit = percent ? '%' : '';
  return (
    <div className="tracker-stat">
      <div className="tracker-stat-figures">
        <strong>{`${pair.home}${unit}`}</strong>
        <span>{label}</span>
        <strong>{`${pair.away}${unit}`}</strong>
      </div>
      <div className="tracker-stat-bar" aria-hidden="true">
        <span className="tracker-bar-home" style={{ width: `${homeShare}%` }} />
        <span className="tracker-bar-away" style={{ width: `${100 - homeShare}%` }} />
      </div>
    </div>
  );
}

// Drawn, not emoji: a cheap phone's font may have no football (the app's ball icon, a flag, a card).
const icons: Record<string, ReactNode> = {
  goal: <Icon name="ball" />,
  corner: '⚑',
  'card.yellow': <span className="tracker-card-mark" />,
  'card.red': <span className="tracker-card-mark" />,
};

/** Possession, shots, dangerous attacks, corners and cards, home left and away right. */
export function TrackerStats({ tracker }: { tracker: TrackerAnswer }) {
  const { t } = useTranslation(slipsNamespace);
  const { stats } = tracker;
  return (
    <section className="tracker-stats" aria-label={t('tracker.stats')}>
      {stats.possession ? <StatRow label={t('tracker.possession')} pair={stats.possession} percent /> : null}
      <StatRow label={t('tracker.shots')} pair={stats.shots} />
      <StatRow label={t('tracker.dangerousAttacks')} pair={stats.dangerousAttacks} />
      <StatRow label={t('tracker.corners')} pair={stats.corners} />
      <StatRow label={t('tracker.yellowCards')} pair={stats.yellowCards} />
      <StatRow label={t('tracker.redCards')} pair={stats.redCards} />
    </section>
  );
}

/** Goals, cards and corners, the latest first, on the side of the team they belong to. */
export function TrackerTimeline({ match, tracker }: { match: MatchDetail; tracker: TrackerAnswer }) {
  const { t } = useTranslation(slipsNamespace);
  // Numbered in match order (the timeline only grows), shown latest first.
  const items = tracker.timeline.map((item, seq) => ({ ...item, seq })).reverse();
  return (
    <section className="tracker-timeline" aria-label={t('tracker.timeline')}>
      {items.length === 0 ? <p className="tracker-empty">{t('tracker.noEvents')}</p> : null}
      <ol>
        {items.map((item) => {
          const kind = item.kind === 'card' ? `card.${item.detail ?? 'yellow'}` : item.kind;
          const team = item.side === 'home' ? match.home : match.away;
          return (
            <li
              key={item.seq}
              className={`tracker-item tracker-item-${item.side ?? 'none'} tracker-item-${kind.replace('.', '-')}`}
            >
              <span className="tracker-item-minute">{`${item.minute}'`}</span>
              <span className="tracker-item-icon" aria-hidden="true">
                {icons[kind] ?? '•'}
              </span>
              <span className="tracker-item-text">
                {t(`tracker.kind.${kind}`)} · {team}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
