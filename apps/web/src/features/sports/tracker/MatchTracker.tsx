import type { MatchDetail } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/Tabs';
import { isLive, isOver } from '../logic/vocabulary';
import { slipsNamespace } from '../share/slips-i18n';
import { useTracker } from './api';
import { FootballPitch } from './FootballTracker';
import { LineScore } from './LineScore';
import { TrackerStats, TrackerTimeline } from './TrackerStats';
import './tracker.css';

type View = 'stats' | 'timeline';

/** Football's tracker: the drawn pitch, then the stats or the timeline. */
function FootballTracker({ match }: { match: MatchDetail }) {
  const { t } = useTranslation(slipsNamespace);
  const tracker = useTracker(match.matchId, true);
  const [view, setView] = useState<View>('stats');
  if (!tracker.data) return null;
  return (
    <section className="tracker-card" aria-label={t('tracker.title')} data-testid="match-tracker">
      <FootballPitch match={match} tracker={tracker.data} />
      <Tabs
        label={t('tracker.title')}
        value={view}
        onChange={setView}
        items={[
          { value: 'stats', label: t('tracker.stats') },
          { value: 'timeline', label: t('tracker.timeline') },
        ]}
        className="tracker-tabs"
      />
      {view === 'stats' ? (
        <TrackerStats tracker={tracker.data} />
      ) : (
        <TrackerTimeline match={match} tracker={tracker.data} />
      )}
    </section>
  );
}

/**
 * The live match tracker on the match page (decision 0064): football draws the pitch from the feed's events;
 * the other sports show their line score in their own units. Shown while the match plays and once it is over.
 */
export function MatchTracker({ match }: { match: MatchDetail }) {
  if (!isLive(match.period) && !isOver(match.period)) return null;
  if (match.sport === 'football') return <FootballTracker match={match} />;
  return <LineScore match={match} />;
}
