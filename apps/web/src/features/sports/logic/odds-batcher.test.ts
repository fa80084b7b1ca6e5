import type { MarketView as Market, MatchDetail } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import {
  cachedPeriod,
  type MatchPages,
  patchMatchDetailOdds,
  patchMatchDetailState,
  patchMatchPagesOdds,
  patchMatchPagesState,
} from './cache-patch';
import { createOddsBatcher, type OddsUpdate } from './odds-batcher';

function manualScheduler() {
  const timers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  return {
    scheduler: {
      delay: (callback: () => void) => timers.push(callback),
      frame: (callback: () => void) => frames.push(callback),
    },
    runTimers: () => {
      for (const callback of timers.splice(0)) callback();
    },
    runFrames: () => {
      for (const callback of frames.splice(0)) callback();
    },
    pending: () => timers.length + frames.length,
  };
}

const update = (marketId: number, odds: number, status: Market['status'] = 'open'): OddsUpdate => ({
  marketId,
  type: 'winAlone',
  period: 'full',
  line: null,
  status,
  selections: [{ selectionId: marketId * 10, outcome: 'home', odds }],
});

describe('odds batching', () => {
  it('a burst of events becomes one application per interval, on a frame, latest view per market', () => {
    const applied: Map<number, OddsUpdate[]>[] = [];
    const clock = manualScheduler();
    const batcher = createOddsBatcher((batch) => applied.push(new Map(batch)), clock.scheduler);
    for (let tick = 0; tick < 100; tick++) {
      batcher.push({ matchId: 1, markets: [update(7, 1.5 + tick / 100)] });
      batcher.push({ matchId: 2, markets: [update(8, 2)] });
    }
    expect(clock.pending()).toBe(1);
    expect(applied).toHaveLength(0);
    clock.runTimers();
    expect(applied).toHaveLength(0);
    clock.runFrames();
    expect(applied).toHaveLength(1);
    expect(applied[0]!.get(1)).toEqual([update(7, 2.49)]);
    expect(applied[0]!.get(2)).toEqual([update(8, 2)]);
    // The next event starts a new interval.
    batcher.push({ matchId: 1, markets: [update(7, 3)] });
    expect(clock.pending()).toBe(1);
  });

  it('ignores payloads that are not odds events', () => {
    const applied: unknown[] = [];
    const clock = manualScheduler();
    const batcher = createOddsBatcher((batch) => applied.push(batch), clock.scheduler);
    batcher.push({ matchId: Number.NaN, markets: [] });
    batcher.push({ matchId: 1, markets: null as unknown as [] });
    expect(clock.pending()).toBe(0);
    batcher.flush();
    expect(applied).toEqual([]);
  });
});

function market(marketId: number, odds: number, extra: Partial<Market> = {}): Market {
  return {
    marketId,
    type: 'winAlone',
    period: 'full',
    line: null,
    status: 'open',
    selections: [{ selectionId: marketId * 10, outcome: 'home', odds }],
    ...extra,
  };
}

function detail(): MatchDetail {
  return {
    matchId: 1,
    sport: 'football',
    league: 'Série A',
    home: 'Santos',
    away: 'Bahia',
    startTime: 0,
    period: 1,
    score: { home: 0, away: 0 },
    scoreDetail: null,
    mainMarkets: [market(7, 1.5)],
    markets: [market(7, 1.5), market(9, 2.1, { type: 'total', line: 2.5 })],
    halfTimeScore: null,
    corners: null,
  };
}

describe('patching the cache', () => {
  it('moves odds and status in the detail and its main markets, and adds a new line', () => {
    const match = detail();
    const next = patchMatchDetailOdds(match, [
      update(7, 1.6),
      update(9, 2.1, 'suspended'),
      { ...update(12, 1.9), type: 'total', period: 'full', line: 2.75 },
    ]);
    expect(next.markets.map((entry) => [entry.marketId, entry.status, entry.selections[0]!.odds])).toEqual([
      [7, 'open', 1.6],
      [9, 'suspended', 2.1],
      [12, 'open', 1.9],
    ]);
    expect(next.mainMarkets[0]!.selections[0]!.odds).toBe(1.6);
  });

  it('returns the same object when nothing changed, so nothing re-renders', () => {
    const match = detail();
    expect(patchMatchDetailOdds(match, [update(7, 1.5)])).toBe(match);
    // A closed market the match never had is not added.
    expect(patchMatchDetailOdds(match, [update(99, 1.5, 'closed')])).toBe(match);
    expect(patchMatchDetailState(match, { matchId: 1, period: 1, score: { home: 0, away: 0 } })).toBe(match);
    expect(patchMatchDetailState(match, { matchId: 2, period: 3, score: { home: 1, away: 0 } })).toBe(match);
  });

  it('patches the live score and period of a match in the list pages, leaving other pages alone', () => {
    const { markets: _markets, halfTimeScore: _h, corners: _c, ...summary } = detail();
    const otherPage = { records: [{ ...summary, matchId: 5 }], total: 2 };
    const data: MatchPages = { pages: [{ records: [summary], total: 2 }, otherPage], pageParams: [1, 2] };
    const scored = patchMatchPagesState(data, { matchId: 1, period: 3, score: { home: 2, away: 1 } });
    expect(scored.pages[0]!.records[0]).toMatchObject({ period: 3, score: { home: 2, away: 1 } });
    expect(scored.pages[1]).toBe(otherPage);
    expect(cachedPeriod(data, 1)).toBe(1);
    expect(cachedPeriod(scored, 1)).toBe(3);
    const priced = patchMatchPagesOdds(data, new Map([[1, [update(7, 1.7)]]]));
    expect(priced.pages[0]!.records[0]!.mainMarkets[0]!.selections[0]!.odds).toBe(1.7);
    expect(patchMatchPagesOdds(data, new Map([[3, [update(7, 1.7)]]]))).toBe(data);
  });
});
