import type { MatchDetail, TrackerAnswer } from '@aposta/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { slipsNamespace } from '../share/slips-i18n';
import { eventCount, newTimelineEntry, pitchSpot } from './tracker-logic';

type Event = NonNullable<TrackerAnswer['last']>;

/** The pitch's fixed lines, drawn once: 100 × 64 units (a 105 × 68 m pitch), home attacking to the right. */
function PitchLines() {
  return (
    <g className="pitch-lines" fill="none">
      <rect x="0.5" y="0.5" width="99" height="63" />
      <line x1="50" y1="0.5" x2="50" y2="63.5" />
      <circle cx="50" cy="32" r="8.7" />
      <circle cx="50" cy="32" r="0.6" className="pitch-spot" />
      <rect x="0.5" y="12.8" width="15.7" height="38.4" />
      <rect x="83.8" y="12.8" width="15.7" height="38.4" />
      <rect x="0.5" y="23.3" width="5.2" height="17.4" />
      <rect x="94.3" y="23.3" width="5.2" height="17.4" />
      <rect x="-1.2" y="28.5" width="1.7" height="7" />
      <rect x="99.5" y="28.5" width="1.7" height="7" />
    </g>
  );
}

const stripes = Array.from({ length: 10 }, (_, index) => index);

/** What the latest event says over the pitch: "Ataque perigoso", "Escanteio", "GOL!" with the team. */
function EventCaption({ match, event }: { match: MatchDetail; event: Event | null }) {
  const { t } = useTranslation(slipsNamespace);
  if (!event) return <p className="tracker-caption">{t('tracker.waiting')}</p>;
  const team = event.side === 'home' ? match.home : event.side === 'away' ? match.away : '';
  const kind = event.kind === 'card' ? `card.${event.detail ?? 'yellow'}` : event.kind;
  return (
    <p className={`tracker-caption tracker-caption-${event.kind}`} aria-live="polite">
      <strong>{t(`tracker.kind.${kind}`)}</strong>
      {team ? <span> · {team}</span> : null}
    </p>
  );
}

/**
 * The drawn pitch: the attacked third lit, the ball where the latest event put it, and the latest goal, card or
 * corner that arrived while the page is open flashing (even when a shot came in the same push right after it).
 */
export function FootballPitch({ match, tracker }: { match: MatchDetail; tracker: TrackerAnswer }) {
  const { t } = useTranslation(slipsNamespace);
  const opened = useRef(tracker.timeline.length);
  const last = tracker.last;
  const count = eventCount(tracker);
  const spot = pitchSpot(last, count);
  const flash = newTimelineEntry(tracker, opened.current);
  const minute = match.scoreDetail?.minute;
  return (
    <div className="tracker-pitch-wrap">
      <div className="tracker-pitch-head">
        <span className="tracker-minute" data-testid="tracker-minute">
          {minute === undefined ? '' : `${minute}'`}
        </span>
        <EventCaption match={match} event={last} />
      </div>
      <svg
        className="tracker-pitch"
        viewBox="-2 -1 104 66"
        role="img"
        aria-label={t('tracker.pitch', { home: match.home, away: match.away })}
      >
        {stripes.map((index) => (
          <rect
            key={index}
            x={index * 10}
            y="0"
            width="10"
            height="64"
            className={index % 2 === 0 ? 'pitch-grass' : 'pitch-grass-alt'}
          />
        ))}
        {spot.zone ? (
          <rect
            key={`zone-${count}`}
            className={`pitch-zone pitch-zone-${spot.zone}`}
            x={spot.zone === 'home' ? 66 : 0}
            y="0"
            width="34"
            height="64"
          />
        ) : null}
        <PitchLines />
        <g className="pitch-ball" style={{ transform: `translate(${spot.x}px, ${spot.y}px)` }}>
          <circle r="1.6" />
        </g>
      </svg>
      {flash ? (
        <div
          key={`flash-${tracker.timeline.length}`}
          className={`tracker-flash tracker-flash-${flash.kind}${flash.detail ? `-${flash.detail}` : ''}`}
          data-testid="tracker-flash"
        >
          {t(`tracker.flash.${flash.kind === 'card' ? `card.${flash.detail ?? 'yellow'}` : flash.kind}`)}
        </div>
      ) : null}
    </div>
  );
}
