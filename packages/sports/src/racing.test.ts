import { describe, expect, it } from 'vitest';
import {
  outrightProbabilities,
  priceOutright,
  priceOutrightLive,
  type RaceResult,
  type Runner,
  raceDetail,
  settleOutright,
  simulateRace,
} from './racing.ts';
import { racingSeries } from './racing-series.ts';
import { betResult } from './vocabulary.ts';

const finished = (starters: string[], finishingOrder: string[]): RaceResult => ({
  status: 'finished',
  starters,
  finishingOrder,
});
const starters = ['a', 'b', 'c', 'd', 'e', 'f'];
// 'e' and 'f' retired; 'x' never started.
const result = finished(starters, ['c', 'a', 'd', 'b']);

describe('settleOutright', () => {
  it.each([
    ['winner', 'c', result, betResult.win],
    ['winner', 'a', result, betResult.lose],
    ['winner', 'b', result, betResult.lose],
    ['winner', 'e', result, betResult.lose],
    ['winner', 'x', result, betResult.refund],
    ['podium', 'c', result, betResult.win],
    ['podium', 'a', result, betResult.win],
    ['podium', 'd', result, betResult.win],
    ['podium', 'b', result, betResult.lose],
    ['podium', 'f', result, betResult.lose],
    ['podium', 'x', result, betResult.refund],
    // Only two classified: the podium's third place is empty, a retired runner still loses.
    ['podium', 'b', finished(starters, ['a', 'b']), betResult.win],
    ['podium', 'c', finished(starters, ['a', 'b']), betResult.lose],
    ['winner', 'a', { status: 'abandoned' }, betResult.refund],
    ['podium', 'a', { status: 'abandoned' }, betResult.refund],
    ['winner', 'a', { status: 'running' }, betResult.open],
    ['podium', 'a', { status: 'scheduled' }, betResult.open],
  ] as const)('%s on %s → %s', (type, runner, race, expected) => {
    expect(settleOutright(type, runner, race)).toBe(expected);
  });

  it('a finished race without its finishing order settles nothing yet', () => {
    expect(() => settleOutright('winner', 'a', finished(starters, []))).toThrow(RangeError);
    expect(() => settleOutright('podium', 'x', finished(starters, []))).toThrow(RangeError);
  });
});

const runners: Runner[] = [
  { id: 'a', name: 'A', strength: 1.5 },
  { id: 'b', name: 'B', strength: 1 },
  { id: 'c', name: 'C', strength: 0.5 },
  { id: 'd', name: 'D', strength: 0 },
  { id: 'e', name: 'E', strength: 0 },
];

describe('outrightProbabilities', () => {
  it('winner probabilities sum to 1 and podium to 3, stronger runners ahead', () => {
    const p = outrightProbabilities(runners);
    const values = [...p.values()];
    expect(values.reduce((s, v) => s + v.winner, 0)).toBeCloseTo(1, 12);
    expect(values.reduce((s, v) => s + v.podium, 0)).toBeCloseTo(3, 12);
    expect(p.get('a')?.winner).toBeGreaterThan(p.get('b')?.winner ?? 1);
    expect(p.get('d')?.podium).toBeCloseTo(p.get('e')?.podium ?? 0, 12);
    for (const v of values) expect(v.podium).toBeGreaterThan(v.winner);
  });

  it('equal runners share evenly', () => {
    const equal = ['p', 'q', 'r', 's'].map((id) => ({ id, name: id, strength: 0 }));
    for (const v of outrightProbabilities(equal).values()) {
      expect(v.winner).toBeCloseTo(0.25, 12);
      expect(v.podium).toBeCloseTo(0.75, 12);
    }
  });
});

describe('priceOutright', () => {
  it('prices every runner with the margin on top of the fair book', () => {
    for (const series of racingSeries) {
      const winner = priceOutright(series.runners, 'winner', 0.1);
      const podium = priceOutright(series.runners, 'podium', 0.1);
      expect(winner.map((r) => r.runnerId)).toEqual(series.runners.map((r) => r.id));
      const book = (priced: typeof winner) => priced.reduce((s, r) => s + 1000 / r.oddsMilli, 0);
      // Rounding odds down only adds to the book: at least 1.1 × (1 or 3), and not far above.
      expect(book(winner)).toBeGreaterThanOrEqual(1.1);
      expect(book(winner)).toBeLessThan(1.2);
      expect(book(podium)).toBeGreaterThanOrEqual(3.3);
      expect(book(podium)).toBeLessThan(3.5);
      // The favourite is the shortest price in both books; podium odds are shorter than winner odds.
      expect(Math.min(...winner.map((r) => r.oddsMilli))).toBe(winner[0]?.oddsMilli);
      winner.forEach((r, i) => {
        expect(podium[i]?.oddsMilli ?? 0).toBeLessThan(r.oddsMilli);
      });
    }
  });
});

describe('racingSeries', () => {
  it('grids of 10–20 runners with unique ids across series', () => {
    const ids = racingSeries.flatMap((s) => s.runners.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of racingSeries) {
      expect(s.runners.length).toBeGreaterThanOrEqual(10);
      expect(s.runners.length).toBeLessThanOrEqual(20);
    }
  });
});

describe('simulateRace', () => {
  const series = racingSeries[0];
  if (!series) throw new Error('no series');

  it('runs lap by lap to a finishing order of the runners still running', () => {
    const race = simulateRace({ runners: series.runners, laps: series.laps, seed: 7 });
    expect(race.states).toHaveLength(series.laps + 1);
    expect(race.abandonedAtLap).toBeUndefined();
    expect(new Set([...race.finishingOrder, ...race.retired])).toEqual(
      new Set(series.runners.map((r) => r.id)),
    );
    expect(race.finishingOrder.length + race.retired.length).toBe(series.runners.length);
    const detail = raceDetail(race, 34);
    expect(detail).toMatchObject({ lap: 34, laps: 58 });
    expect(detail.order.length + detail.retired.length).toBe(series.runners.length);
    expect(raceDetail(race, 999).order).toEqual(race.finishingOrder);
    // Positions change during the race.
    const leaders = new Set(race.states.map((s) => s.order.slice(0, 3).join()));
    expect(leaders.size).toBeGreaterThan(1);
  });

  it('is deterministic by seed', () => {
    const one = simulateRace({ runners: series.runners, laps: 20, seed: 42 });
    const two = simulateRace({ runners: series.runners, laps: 20, seed: 42 });
    expect(one).toEqual(two);
  });

  it('an abandoned race has no finishing order and settles as a refund', () => {
    const race = simulateRace({ runners: series.runners, laps: 30, seed: 3, abandonProbability: 1 });
    expect(race.abandonedAtLap).toBeGreaterThanOrEqual(1);
    expect(race.abandonedAtLap).toBeLessThan(30);
    expect(race.finishingOrder).toEqual([]);
    expect(race.states).toHaveLength((race.abandonedAtLap ?? 0) + 1);
  });

  it('results follow the strengths roughly as the prices say', () => {
    const wins = new Map<string, number>();
    const trials = 1500;
    for (let seed = 1; seed <= trials; seed += 1) {
      const race = simulateRace({ runners: series.runners, laps: series.laps, seed });
      const winner = race.finishingOrder[0];
      if (winner) wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }
    const p = outrightProbabilities(series.runners);
    const favourite = series.runners[0]?.id ?? '';
    const last = series.runners[series.runners.length - 1]?.id ?? '';
    expect(wins.get(favourite) ?? 0).toBeGreaterThan(wins.get(last) ?? 0);
    // Within a loose band of the model's price for the favourite.
    const share = (wins.get(favourite) ?? 0) / trials;
    expect(share).toBeGreaterThan((p.get(favourite)?.winner ?? 0) * 0.5);
    expect(share).toBeLessThan((p.get(favourite)?.winner ?? 0) * 2);
  });
});

describe('priceOutrightLive', () => {
  const series = racingSeries[0];
  if (!series) throw new Error('no series');
  const grid = series.runners;

  it('near the flag the leader with a clear gap is odds-on and the tail of the field long', () => {
    const order = grid.map((r) => r.id).reverse(); // the weakest leads
    const gaps = order.map((_, i) => i * 0.5);
    const state = { lap: series.laps - 1, order, retired: [], gaps };
    const winner = priceOutrightLive(grid, state, series.laps, 'winner', 0.05);
    expect(winner.map((p) => p.runnerId)).toEqual(order);
    expect(winner[0]?.oddsMilli).toBeLessThan(1100);
    expect(winner[winner.length - 1]?.oddsMilli).toBeGreaterThan(100_000);
    const podium = priceOutrightLive(grid, state, series.laps, 'podium', 0.05);
    for (const p of podium.slice(0, 3)) expect(p.oddsMilli).toBeLessThan(1100);
  });

  it('on the grid it agrees with the pre-race prices within a loose band', () => {
    const state = { lap: 0, order: grid.map((r) => r.id), retired: [], gaps: grid.map(() => 0) };
    const live = priceOutrightLive(grid, state, series.laps, 'winner', 0.05);
    const pre = new Map(priceOutright(grid, 'winner', 0.05).map((p) => [p.runnerId, p.oddsMilli]));
    for (const p of live) {
      const ratio = p.oddsMilli / (pre.get(p.runnerId) ?? 1);
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    }
  });

  it('prices only the runners still racing, the same on every call', () => {
    const race = simulateRace({ runners: grid, laps: series.laps, seed: 11, retirementPerLap: 0.01 });
    const state = raceDetail(race, 30);
    expect(state.retired.length).toBeGreaterThan(0);
    const priced = priceOutrightLive(grid, state, series.laps, 'winner');
    expect(priced.map((p) => p.runnerId)).toEqual(state.order);
    for (const id of state.retired) expect(priced.some((p) => p.runnerId === id)).toBe(false);
    expect(priceOutrightLive(grid, state, series.laps, 'winner')).toEqual(priced);
  });
});
