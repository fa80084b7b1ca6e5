import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairProbabilities } from './pricing.ts';
import { type OtherSportCode, priceSport, sportDistributions } from './sportModels.ts';
import { offersMarket, sportTraits } from './traits.ts';
import { marketPeriods, marketTypes, sportCodes } from './vocabulary.ts';

const otherSports = sportCodes.filter((sport): sport is OtherSportCode => sport !== 'football');

describe('sportTraits', () => {
  it('every sport offers a full-time moneyline; only football has corners, draws and quarter lines', () => {
    for (const sport of sportCodes) {
      const traits = sportTraits[sport];
      expect(offersMarket(sport, 'winAlone', 'full')).toBe(true);
      expect(traits.drawPossible).toBe(sport === 'football');
      expect(traits.lineStepQuarters).toBe(sport === 'football' ? 1 : 2);
      expect(traits.marketTypes.includes('cornersTotal')).toBe(sport === 'football');
      expect(traits.periods.includes('firstHalf')).toBe(traits.firstHalfShare !== null);
    }
  });

  it('offers firstHalf where a sport has a first part: halves, the first set or game, five innings', () => {
    const withHalves = sportCodes.filter((sport) => offersMarket(sport, 'winAlone', 'firstHalf'));
    expect(withHalves).toEqual([
      'football',
      'basketball',
      'tennis',
      'baseball',
      'volleyball',
      'badminton',
      'americanFootball',
      'tableTennis',
    ]);
    expect(sportTraits.boxing.marketTypes).toEqual(['winAlone']);
    expect(sportTraits.racing.marketTypes).toEqual(['winAlone']);
  });
});

describe.each(otherSports)('%s board', (sport) => {
  const traits = sportTraits[sport];
  const board = priceSport(sport, { expectedMargin: 2 });

  it('prices exactly the offered market types and periods', () => {
    for (const period of marketPeriods) {
      for (const type of marketTypes) {
        const priced = board.some((m) => m.type === type && m.period === period);
        expect(priced).toBe(offersMarket(sport, type, period));
      }
    }
  });

  it('has a two-way moneyline and lines on the sport’s grid', () => {
    for (const market of board) {
      expect(market.suspended).toBe(false);
      if (market.type === 'winAlone') expect(market.outcomes.map((o) => o.outcome)).toEqual(['home', 'away']);
      if (market.line !== undefined) expect(Math.abs(market.line * 4) % traits.lineStepQuarters).toBe(0);
      const impliedSum = market.outcomes.reduce((sum, o) => sum + 1000 / o.oddsMilli, 0);
      expect(impliedSum).toBeGreaterThan(1);
      expect(market.outcomes.reduce((sum, o) => sum + o.fairProbability, 0)).toBeCloseTo(1, 10);
    }
  });

  it('a stronger home side is likelier to win; even sides are 50/50', () => {
    const homeWin = (expectedMargin: number) =>
      fairProbabilities(sport, sportDistributions(sport, { expectedMargin }).full!, {
        type: 'winAlone',
        period: 'full',
      })[0]!.fairProbability;
    expect(homeWin(0)).toBeCloseTo(0.5, 12);
    expect(homeWin(1)).toBeGreaterThan(homeWin(0));
    expect(homeWin(-1)).toBeLessThan(homeWin(0));
    expect(homeWin(5) + homeWin(-5)).toBeCloseTo(1, 12);
  });
});

describe('normal approximations', () => {
  it('centre the main lines on the expected margin and total', () => {
    const board = priceSport('basketball', { expectedMargin: 6.5, expectedTotal: 231 });
    expect(board.find((m) => m.type === 'handicap' && m.period === 'full' && m.isMain)!.line).toBe(-6.5);
    expect(board.find((m) => m.type === 'total' && m.period === 'full' && m.isMain)!.line).toBe(231);
    expect(board.find((m) => m.type === 'total' && m.period === 'firstHalf' && m.isMain)!.line).toBe(115.5);
    const handicaps = board.filter((m) => m.type === 'handicap' && m.period === 'full').map((m) => m.line);
    expect(handicaps).toEqual([-7.5, -7, -6.5, -6, -5.5]);
  });

  it('whole lines push: −5 sits between −4.5 and −5.5 and sides sum to 1', () => {
    const d = sportDistributions('basketball', { expectedMargin: 5 }).full!;
    const home = (line: number) =>
      fairProbabilities('basketball', d, { type: 'handicap', period: 'full', line })[0]!;
    expect(home(-5).fairProbability).toBeCloseTo(0.5, 12);
    expect(home(-4.5).fairProbability).toBeGreaterThan(0.5);
    expect(home(-5.5).fairProbability).toBeLessThan(0.5);
  });

  it('home −0.5 equals the moneyline (the tie drops out of both)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...otherSports),
        fc.double({ min: -8, max: 8, noNaN: true }),
        (sport, margin) => {
          fc.pre(sportTraits[sport].marketTypes.includes('handicap'));
          const d = sportDistributions(sport, { expectedMargin: margin }).full!;
          const moneyline = fairProbabilities(sport, d, { type: 'winAlone', period: 'full' })[0]!
            .fairProbability;
          const zeroLine = fairProbabilities(sport, d, { type: 'handicap', period: 'full', line: 0 })[0]!
            .fairProbability;
          expect(zeroLine).toBeCloseTo(moneyline, 12);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('in play: the score so far and the remaining time condition the prices', () => {
    const model = { expectedMargin: 0, expectedTotal: 220 };
    const atHalf = sportDistributions('basketball', model, { progress: 0.5, score: { home: 60, away: 50 } });
    expect(atHalf.firstHalf).toBeUndefined();
    const win = fairProbabilities('basketball', atHalf.full!, { type: 'winAlone', period: 'full' })[0]!;
    expect(win.fairProbability).toBeGreaterThan(0.75);
    const over = (progress: number) =>
      fairProbabilities(
        'basketball',
        sportDistributions('basketball', model, { progress, score: { home: 100, away: 100 } }).full!,
        { type: 'total', period: 'full', line: 220.5 },
      )[0]!.fairProbability;
    // 200 points after 80% of the game is ahead of the 176 expected: the over is now likely.
    expect(over(0.8)).toBeGreaterThan(0.5);
    expect(over(0.95)).toBeLessThan(over(0.8));
    expect(over(1)).toBe(0);
  });

  it('rejects bad models', () => {
    expect(() => sportDistributions('tennis', { expectedMargin: Number.NaN })).toThrow(RangeError);
    expect(() => sportDistributions('tennis', { expectedMargin: 1, expectedTotal: 0 })).toThrow(RangeError);
    expect(() => sportDistributions('football' as OtherSportCode, { expectedMargin: 1 })).toThrow(/football/);
  });
});
