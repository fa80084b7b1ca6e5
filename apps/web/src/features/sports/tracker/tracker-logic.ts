import type { MatchEventPayload, TrackerAnswer } from '@aposta/contract';

// The tracker's pure parts (tested): a pushed event folded into the fetched tracker, and where on the drawn
// pitch the ball is for the latest event.

type Event = Omit<MatchEventPayload, 'matchId'>;
type Entry = Omit<MatchEventPayload, 'matchId' | 'seq'>;

const onTimeline = new Set(['goal', 'card', 'corner']);

/** The tracker after one more event: its stats, its timeline and the latest event. */
export function applyMatchEvent(tracker: TrackerAnswer, event: Event): TrackerAnswer {
  const stats = structuredClone(tracker.stats);
  const side = event.side;
  if (side) {
    if (event.kind === 'goal' || event.kind === 'shot') stats.shots[side]++;
    else if (event.kind === 'danger') stats.dangerousAttacks[side]++;
    else if (event.kind === 'corner') stats.corners[side]++;
    else if (event.kind === 'card') stats[event.detail === 'red' ? 'redCards' : 'yellowCards'][side]++;
  }
  const score =
    event.kind === 'goal' && side ? { ...tracker.score, [side]: tracker.score[side] + 1 } : tracker.score;
  const { minute, kind } = event;
  const entry: Entry = { minute, kind, side: event.side, ...(event.detail && { detail: event.detail }) };
  return {
    ...tracker,
    seq: event.seq ?? tracker.seq + 1,
    score,
    stats,
    timeline: onTimeline.has(kind) ? [...tracker.timeline, entry] : tracker.timeline,
    last: entry,
  };
}

/**
 * The tracker after the pushed events it does not have yet (decision 0064): each event carries its number in the
 * match, the tracker the number of the latest it holds. A number it holds is a repeat (the fetch already read
 * it) and is skipped; the next one is folded in; past a missing number nothing more can be folded: `gap` says
 * the tracker must be fetched again. Events without a number (an older server) are folded as they come.
 */
export function foldMatchEvents(
  tracker: TrackerAnswer,
  events: readonly Event[],
): { tracker: TrackerAnswer; gap: boolean } {
  let next = tracker;
  const ordered = [...events].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const event of ordered) {
    if (event.seq === undefined || event.seq === next.seq + 1) next = applyMatchEvent(next, event);
    else if (event.seq > next.seq + 1) return { tracker: next, gap: true };
  }
  return { tracker: next, gap: false };
}

/** The latest goal, card or corner if the timeline grew past `seenLength` (what the page opened with), else null. */
export function newTimelineEntry(tracker: TrackerAnswer, seenLength: number): Entry | null {
  return tracker.timeline.length > seenLength ? (tracker.timeline.at(-1) ?? null) : null;
}

/** A spot on the drawn pitch, in its own units: 0..100 wide (home attacks to the right), 0..64 tall. */
export interface PitchSpot {
  x: number;
  y: number;
  /** The highlighted third: the attacked end, or none for a card. */
  zone: 'home' | 'away' | null;
}

/**
 * Where the ball is after an event: a dangerous attack or a shot near the goal attacked, a corner at its flag,
 * a goal in the net, a card in midfield. `salt` (the event's count) moves the ball a little between events.
 */
export function pitchSpot(event: Entry | null, salt = 0): PitchSpot {
  if (!event?.side) return { x: 50, y: 32, zone: null };
  const toRight = event.side === 'home';
  const attack = (depth: number) => (toRight ? 100 - depth : depth);
  const wobble = ((salt * 37) % 21) - 10;
  switch (event.kind) {
    case 'goal':
      return { x: attack(1.5), y: 32, zone: event.side };
    case 'corner':
      return { x: attack(1), y: salt % 2 === 0 ? 1 : 63, zone: event.side };
    case 'shot':
      return { x: attack(12), y: 32 + wobble / 2, zone: event.side };
    case 'danger':
      return { x: attack(22), y: 32 + wobble, zone: event.side };
    default:
      return { x: 50, y: 32 + wobble, zone: null };
  }
}

/** A short key that changes with every event, so the animation of the latest one plays once. */
export function eventCount(tracker: TrackerAnswer): number {
  const { shots, dangerousAttacks, corners, yellowCards, redCards } = tracker.stats;
  return [shots, dangerousAttacks, corners, yellowCards, redCards].reduce(
    (sum, pair) => sum + pair.home + pair.away,
    0,
  );
}
