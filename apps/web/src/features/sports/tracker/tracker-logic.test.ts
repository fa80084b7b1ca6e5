import type { TrackerAnswer } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { applyMatchEvent, eventCount, pitchSpot } from './tracker-logic';

const pair = (home = 0, away = 0) => ({ home, away });
const empty: TrackerAnswer = {
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

  it('puts the ball near the goal a side attacks', () => {
    expect(pitchSpot({ minute: 5, kind: 'goal', side: 'home' })).toMatchObject({ zone: 'home' });
    expect(pitchSpot({ minute: 5, kind: 'goal', side: 'home' }).x).toBeGreaterThan(95);
    expect(pitchSpot({ minute: 5, kind: 'danger', side: 'away' }).x).toBeLessThan(30);
    expect(pitchSpot({ minute: 5, kind: 'card', side: 'away', detail: 'yellow' }).zone).toBeNull();
    expect(pitchSpot(null)).toEqual({ x: 50, y: 32, zone: null });
  });
});
