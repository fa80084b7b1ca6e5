import type { TrackerAnswer } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { holdEvent, withHeldEvents } from './held-events';
import { applyMatchEvent, eventCount, foldMatchEvents, newTimelineEntry, pitchSpot } from './tracker-logic';

const pair = (home = 0, away = 0) => ({ home, away });
const holdHere = (event: Parameters<typeof holdEvent>[1]) => holdEvent(8, event);
const empty: TrackerAnswer = {
  seq: 0,
  matchId: 7,
  sport: 'football',
  period: 1,
  score: pair(),
  stats: {
    shots: pair(),
    dangerousAttacks: pair(),
    corners: pair(),
    yellowCards: pair(),
    redCards: pair(),
    possession: pair(55, 45),
  },
  timeline: [],
  last: null,
};

describe('the live tracker', () => {
  it('folds pushed events into the stats, the timeline and the score', () => {
    let tracker = applyMatchEvent(empty, { minute: 10, kind: 'danger', side: 'home' });
    tracker = applyMatchEvent(tracker, { minute: 11, kind: 'goal', side: 'home' });
    tracker = applyMatchEvent(tracker, { minute: 30, kind: 'card', side: 'away', detail: 'red' });
    tracker = applyMatchEvent(tracker, { minute: 31, kind: 'corner', side: 'away' });
    expect(tracker.score).toEqual(pair(1, 0));
    expect(tracker.stats).toMatchObject({
      shots: pair(1, 0),
      dangerousAttacks: pair(1, 0),
      corners: pair(0, 1),
      redCards: pair(0, 1),
      yellowCards: pair(),
    });
    expect(tracker.timeline.map((item) => `${item.minute}' ${item.kind}`)).toEqual([
      "11' goal",
      "30' card",
      "31' corner",
    ]);
    expect(tracker.last).toEqual({ minute: 31, kind: 'corner', side: 'away' });
    expect(eventCount(tracker)).toBe(4);
    expect(empty.stats.shots).toEqual(pair());
  });

  it('folds each numbered push once: a repeat of what the fetch read is skipped, a missing number asks for a fetch', () => {
    const goal = { minute: 12, kind: 'goal', side: 'away', seq: 3 } as const;
    // The page read the tracker after the goal was stored; the goal's push arrives after the answer.
    const read = applyMatchEvent(
      applyMatchEvent({ ...empty, seq: 1 }, { ...goal, seq: 2, kind: 'danger' }),
      goal,
    );
    expect(read.seq).toBe(3);
    const again = foldMatchEvents(read, [goal]);
    expect(again).toEqual({ tracker: read, gap: false });
    expect(again.tracker.score).toEqual(pair(0, 1));
    // Number 4 never arrived (the socket was reconnecting): 5 cannot be folded in.
    const missed = foldMatchEvents(read, [{ minute: 20, kind: 'goal', side: 'home', seq: 5 }]);
    expect(missed.gap).toBe(true);
    expect(missed.tracker.score).toEqual(pair(0, 1));
    // Out of order in one go, folded in order.
    const both = foldMatchEvents(read, [
      { minute: 21, kind: 'corner', side: 'home', seq: 5 },
      { minute: 20, kind: 'goal', side: 'home', seq: 4 },
    ]);
    expect(both.gap).toBe(false);
    expect(both.tracker.timeline.map((item) => item.kind)).toEqual(['goal', 'goal', 'corner']);
  });

  it('a goal pushed while the page was fetching the tracker shows once the answer is in, whether it read it or not', () => {
    const goal = { minute: 30, kind: 'goal', side: 'home', seq: 1 } as const;
    // Held while the fetch was in flight (tracker/realtime.ts); the answer was read before the goal was stored.
    holdHere(goal);
    const before = withHeldEvents({ ...empty, matchId: 8 });
    expect(before.tracker.score).toEqual(pair(1, 0));
    expect(before.tracker.timeline).toEqual([{ minute: 30, kind: 'goal', side: 'home' }]);
    // Read after it was stored: the held push is not counted twice.
    holdHere(goal);
    const after = withHeldEvents(applyMatchEvent({ ...empty, matchId: 8 }, goal));
    expect(after.tracker.score).toEqual(pair(1, 0));
    expect(after.tracker.timeline).toHaveLength(1);
  });

  it('flashes the latest goal, card or corner that arrived after the page opened, even with a shot right after it', () => {
    const opened = applyMatchEvent(empty, { minute: 3, kind: 'corner', side: 'home' });
    expect(newTimelineEntry(opened, opened.timeline.length)).toBeNull();
    const goal = applyMatchEvent(opened, { minute: 9, kind: 'goal', side: 'away' });
    const thenShot = applyMatchEvent(goal, { minute: 10, kind: 'shot', side: 'home' });
    expect(thenShot.last?.kind).toBe('shot');
    expect(newTimelineEntry(thenShot, opened.timeline.length)).toEqual({
      minute: 9,
      kind: 'goal',
      side: 'away',
    });
  });

  it('puts the ball near the goal a side attacks', () => {
    expect(pitchSpot({ minute: 5, kind: 'goal', side: 'home' })).toMatchObject({ zone: 'home' });
    expect(pitchSpot({ minute: 5, kind: 'goal', side: 'home' }).x).toBeGreaterThan(95);
    expect(pitchSpot({ minute: 5, kind: 'danger', side: 'away' }).x).toBeLessThan(30);
    expect(pitchSpot({ minute: 5, kind: 'card', side: 'away', detail: 'yellow' }).zone).toBeNull();
    expect(pitchSpot(null)).toEqual({ x: 50, y: 32, zone: null });
  });
});
