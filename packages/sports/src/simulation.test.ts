import { describe, expect, it } from 'vitest';
import type { FootballModel } from './football.ts';
import { priceFootball } from './football.ts';
import { settleSelection } from './settlement.ts';
import {
  createRng,
  type MatchEvent,
  matchStateAt,
  type SimulationInput,
  simulateMatch,
} from './simulation.ts';
import { priceSport } from './sportModels.ts';
import { sportCodes } from './vocabulary.ts';

const footballModel: FootballModel = {
  homeGoalsExpected: 1.6,
  awayGoalsExpected: 1.1,
  homeCornersExpected: 5.5,
  awayCornersExpected: 4.5,
};

const inputFor = (sport: (typeof sportCodes)[number], seed: number): SimulationInput =>
  sport === 'football'
    ? { sport, model: footballModel, seed }
    : { sport, model: { expectedMargin: 2 }, seed };

describe('createRng', () => {
  it('is deterministic per seed and uniform enough', () => {
    const a = createRng(123);
    const b = createRng(123);
    const draws = Array.from({ length: 10_000 }, () => a());
    expect(draws.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    expect(createRng(124)()).not.toBe(draws[0]);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    expect(mean).toBeCloseTo(0.5, 1);
  });
});

describe.each(sportCodes)('%s simulation', (sport) => {
  const match = simulateMatch(inputFor(sport, 42));

  it('is deterministic for a seed', () => {
    expect(simulateMatch(inputFor(sport, 42))).toEqual(match);
  });

  it('has a sorted timeline that starts, (for halves) breaks, and finishes', () => {
    const times = match.events.map((e) => e.atSecond);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const periods = match.events.filter(
      (e): e is Extract<MatchEvent, { kind: 'period' }> => e.kind === 'period',
    );
    expect(periods[0]).toEqual({ atSecond: 0, kind: 'period', periodCode: 1 });
    expect(periods.at(-1)).toEqual({ atSecond: match.durationSeconds, kind: 'period', periodCode: -1 });
    expect(match.events.at(-1)!.kind).toBe('period');
  });

  it('folds into facts that settle every offered market', () => {
    const final = matchStateAt(match, match.durationSeconds);
    expect(final.periodCode).toBe(-1);
    expect(final.progress).toBe(1);
    expect(final.winner).toBe(match.winner);
    const board =
      sport === 'football' ? priceFootball(footballModel) : priceSport(sport, { expectedMargin: 2 });
    for (const market of board) {
      for (const { outcome } of market.outcomes) {
        const result = settleSelection({ market, outcome }, final);
        expect([10, 11, 20, 21, 90]).toContain(result);
      }
    }
  });

  it('shows a not-open match before the start', () => {
    expect(matchStateAt(match, -1)).toMatchObject({
      periodCode: 0,
      score: { home: 0, away: 0 },
      progress: 0,
    });
  });
});

describe('football simulation', () => {
  it('records half-time and counts goals and corners', () => {
    const match = simulateMatch({ sport: 'football', model: footballModel, seed: 7 });
    const halfTime = matchStateAt(match, 2700);
    expect(halfTime.periodCode).toBe(2);
    expect(halfTime.halfTimeScore).toEqual(halfTime.score);
    expect(halfTime.minute).toBe(45);
    expect(matchStateAt(match, 3000).minute).toBe(45); // the break does not run the clock
    expect(matchStateAt(match, 3600).periodCode).toBe(3);
    const final = matchStateAt(match, match.durationSeconds);
    const goals = match.events.filter((e) => e.kind === 'score').length;
    const corners = match.events.filter((e) => e.kind === 'corner').length;
    expect(final.score.home + final.score.away).toBe(goals);
    expect(final.corners.home + final.corners.away).toBe(corners);
  });

  it('averages the model’s expected goals over many seeds', () => {
    let home = 0;
    let away = 0;
    const runs = 2000;
    for (let seed = 0; seed < runs; seed++) {
      const { score } = matchStateAt(simulateMatch({ sport: 'football', model: footballModel, seed }), 1e9);
      home += score.home;
      away += score.away;
    }
    expect(home / runs).toBeGreaterThan(1.45);
    expect(home / runs).toBeLessThan(1.75);
    expect(away / runs).toBeGreaterThan(0.98);
    expect(away / runs).toBeLessThan(1.22);
  });

  it('feeds in-play pricing directly', () => {
    const match = simulateMatch({ sport: 'football', model: footballModel, seed: 3 });
    const state = matchStateAt(match, 4000);
    expect(priceFootball(footballModel, {}, state).length).toBeGreaterThan(0);
  });
});

describe('ties in sports without draws', () => {
  it('go to overtime in basketball, kept apart from the regulation score', () => {
    let checked = 0;
    for (let seed = 0; seed < 3000 && checked < 3; seed++) {
      const match = simulateMatch({ sport: 'basketball', model: { expectedMargin: 0 }, seed });
      if (!match.events.some((e) => e.kind === 'period' && e.periodCode === 4)) continue;
      checked++;
      const final = matchStateAt(match, match.durationSeconds);
      expect(final.score.home).toBe(final.score.away);
      expect(final.scoreAfterOvertime).toBeDefined();
      expect(final.scoreAfterOvertime!.home).not.toBe(final.scoreAfterOvertime!.away);
      expect(settleSelection({ market: { type: 'winAlone', period: 'full' }, outcome: 'home' }, final)).toBe(
        90,
      );
      const withOvertime = settleSelection(
        {
          market: { type: 'winAlone', period: 'full', includesOvertime: true },
          outcome: match.winner as 'home',
        },
        final,
      );
      expect(withOvertime).toBe(10);
    }
    expect(checked).toBe(3);
  });

  it('never leave a tennis match without a winner: the side that took two sets', () => {
    for (let seed = 0; seed < 300; seed++) {
      const match = simulateMatch({ sport: 'tennis', model: { expectedMargin: 0 }, seed });
      const { scoreDetail } = matchStateAt(match, match.durationSeconds);
      const won = scoreDetail.won!;
      expect(Math.max(won.home, won.away)).toBe(2);
      expect(match.winner).toBe(won.home > won.away ? 'home' : 'away');
    }
  });
});
