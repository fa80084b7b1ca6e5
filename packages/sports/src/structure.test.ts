import { describe, expect, it } from 'vitest';
import { matchStateAt, type SimulationInput, simulateMatch } from './simulation.ts';
import { oversText, type ScoreDetail, sportStructure } from './structure.ts';
import type { Score, SportCode } from './vocabulary.ts';

// Every simulated match, whatever its seed, ends with a score the sport's rulebook allows.

const seeds = Array.from({ length: 200 }, (_, i) => i * 7919 + 1);
const finalOf = (sport: Exclude<SportCode, 'football'>, seed: number, expectedMargin = 1) => {
  const match = simulateMatch({ sport, model: { expectedMargin }, seed } as SimulationInput);
  return { match, state: matchStateAt(match, match.durationSeconds) };
};
const sum = (segments: readonly Score[], side: 'home' | 'away') =>
  segments.reduce((total, segment) => total + segment[side], 0);
const wonBy = (detail: ScoreDetail) => (detail.won!.home > detail.won!.away ? 'home' : 'away');

describe('best-of formats', () => {
  it.each([
    ['volleyball', 3, 25, 15, Number.POSITIVE_INFINITY],
    ['badminton', 2, 21, 21, 30],
    ['tableTennis', 3, 11, 11, Number.POSITIVE_INFINITY],
  ] as const)(
    '%s: sets to the target, won by two (or the cap), first to %i',
    (sport, needed, target, last, cap) => {
      for (const seed of seeds) {
        const { match, state } = finalOf(sport, seed);
        const { scoreDetail: detail } = state;
        expect(detail.unit).toBe(sportStructure[sport].unit);
        expect(Math.max(detail.won!.home, detail.won!.away)).toBe(needed);
        expect(Math.min(detail.won!.home, detail.won!.away)).toBeLessThan(needed);
        expect(wonBy(detail)).toBe(match.winner);
        detail.segments.forEach((set, index) => {
          const high = Math.max(set.home, set.away);
          const low = Math.min(set.home, set.away);
          const goal = index === sportStructure[sport].segments - 1 ? last : target;
          if (high === cap) expect(low).toBeGreaterThanOrEqual(cap - 2);
          else {
            expect(high).toBeGreaterThanOrEqual(goal);
            expect(high - low).toBe(high === goal ? Math.max(2, high - low) : 2);
          }
        });
        expect(state.score).toEqual({
          home: sum(detail.segments, 'home'),
          away: sum(detail.segments, 'away'),
        });
      }
    },
  );

  it('tennis: sets of 6 games by two, 7-5 or a 7-6 tie-break; best of three; the score counts games', () => {
    for (const seed of seeds) {
      const { match, state } = finalOf('tennis', seed, 3);
      const detail = state.scoreDetail;
      expect(detail.unit).toBe('set');
      expect(detail.bestOf).toBe(3);
      expect(Math.max(detail.won!.home, detail.won!.away)).toBe(2);
      expect(wonBy(detail)).toBe(match.winner);
      for (const set of detail.segments) {
        const [high, low] = [Math.max(set.home, set.away), Math.min(set.home, set.away)];
        expect([6, 7]).toContain(high);
        if (high === 6) expect(low).toBeLessThanOrEqual(4);
        else expect([5, 6]).toContain(low);
      }
      expect(state.score.home).toBe(sum(detail.segments, 'home'));
    }
  });

  it('snooker: best of 9 frames, the frame’s points tallied, the score counts frames', () => {
    for (const seed of seeds) {
      const { match, state } = finalOf('snooker', seed);
      const detail = state.scoreDetail;
      expect(detail.unit).toBe('frame');
      expect(Math.max(state.score.home, state.score.away)).toBe(5);
      expect(detail.won).toEqual(state.score);
      expect(match.winner).toBe(state.score.home > state.score.away ? 'home' : 'away');
      expect(detail.segments).toHaveLength(state.score.home + state.score.away);
      for (const frame of detail.segments) expect(frame.home).not.toBe(frame.away);
      // Between two frames' ends the next frame is on the table, level at 0-0, and counts as no one's yet.
      const scores = match.events.filter((event) => event.kind === 'score');
      const between = matchStateAt(match, Math.floor((scores[1]!.atSecond + scores[2]!.atSecond) / 2));
      expect(between.scoreDetail.current).toBe(3);
      expect(between.scoreDetail.segments.at(-1)).toEqual({ home: 0, away: 0 });
      expect(between.scoreDetail.won!.home + between.scoreDetail.won!.away).toBe(2);
    }
  });
});

describe('timed sports', () => {
  it.each(['basketball', 'americanFootball'] as const)('%s: four quarters add up to the score', (sport) => {
    for (const seed of seeds) {
      const { state } = finalOf(sport, seed, 0);
      const detail = state.scoreDetail;
      expect(detail.unit).toBe('quarter');
      const regulation = detail.segments.slice(0, 4);
      expect(regulation).toHaveLength(4);
      expect(state.score).toEqual({ home: sum(regulation, 'home'), away: sum(regulation, 'away') });
      if (detail.segments.length === 5) {
        expect(state.score.home).toBe(state.score.away);
        expect(state.scoreAfterOvertime!.home).not.toBe(state.scoreAfterOvertime!.away);
      } else expect(state.score.home).not.toBe(state.score.away);
    }
  });

  it('football: two halves with the minute on the clock', () => {
    const match = simulateMatch({
      sport: 'football',
      model: {
        homeGoalsExpected: 1.5,
        awayGoalsExpected: 1.2,
        homeCornersExpected: 5,
        awayCornersExpected: 4,
      },
      seed: 11,
    });
    const live = matchStateAt(match, 1200);
    expect(live.scoreDetail).toMatchObject({ unit: 'half', current: 1, minute: 20 });
    const final = matchStateAt(match, match.durationSeconds);
    expect(final.scoreDetail.segments).toHaveLength(2);
    expect(final.scoreDetail.segments[0]).toEqual(final.halfTimeScore);
  });
});

describe('baseball', () => {
  it('nine innings; no bottom of the ninth for a leading home side; extra innings only when level', () => {
    for (const seed of seeds) {
      const { match, state } = finalOf('baseball', seed);
      const detail = state.scoreDetail;
      expect(detail.unit).toBe('inning');
      expect(detail.segments.length).toBeGreaterThanOrEqual(9);
      const regulation = detail.segments.slice(0, 9);
      const total = { home: sum(detail.segments, 'home'), away: sum(detail.segments, 'away') };
      expect(total.home).not.toBe(total.away);
      expect(match.winner).toBe(total.home > total.away ? 'home' : 'away');
      if (detail.segments.length > 9) {
        expect(sum(regulation, 'home')).toBe(sum(regulation, 'away'));
        expect(state.scoreAfterOvertime).toEqual(total);
      } else expect(state.score).toEqual(total);
      // A walk-off: a home side that scores in the last inning stops as soon as it leads.
      if (match.winner === 'home' && detail.segments.at(-1)!.home > 0)
        expect(total.home - total.away).toBe(1);
    }
  });
});

describe('cricket (T20)', () => {
  it('at most 20 overs and 10 wickets a side; a chase stops once past the target', () => {
    for (const seed of seeds) {
      const { match, state } = finalOf('cricket', seed);
      const detail = state.scoreDetail;
      expect(detail.unit).toBe('innings');
      expect(detail.balls!.home).toBeLessThanOrEqual(120);
      expect(detail.balls!.away).toBeLessThanOrEqual(120);
      expect(detail.wickets!.home).toBeLessThanOrEqual(10);
      expect(detail.wickets!.away).toBeLessThanOrEqual(10);
      expect(state.score.away - state.score.home).toBeLessThanOrEqual(6);
      if (state.score.away > state.score.home) expect(match.winner).toBe('away');
      if (state.score.away < state.score.home) expect(match.winner).toBe('home');
    }
    expect(oversText(87)).toBe('14.3');
  });
});

describe('boxing', () => {
  it('twelve rounds at most; a stoppage ends it in its round; otherwise the cards (a draw possible)', () => {
    let stoppages = 0;
    for (const seed of seeds) {
      const { match, state } = finalOf('boxing', seed);
      const detail = state.scoreDetail;
      expect(detail.unit).toBe('round');
      expect(detail.current).toBeLessThanOrEqual(12);
      if (detail.stoppage) {
        stoppages++;
        expect(detail.current).toBe(detail.stoppage.round);
        expect(match.winner).toBe(detail.stoppage.side);
      } else expect(detail.current).toBe(12);
    }
    expect(stoppages).toBeGreaterThan(20);
    expect(stoppages).toBeLessThan(180);
  });

  it('shows the round being fought', () => {
    const match = simulateMatch({ sport: 'boxing', model: { expectedMargin: 0 }, seed: 5 });
    expect(matchStateAt(match, 400).scoreDetail.current).toBe(3);
  });
});
