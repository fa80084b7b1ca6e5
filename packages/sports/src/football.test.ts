import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FootballModel, footballDistributions, priceFootball } from './football.ts';
import { splitLine } from './lines.ts';
import { poissonPmf } from './pmf.ts';
import {
  fairProbabilities,
  lineLadder,
  type PeriodDistributions,
  type PricedMarket,
  priceMarket,
  quoteOddsMilli,
} from './pricing.ts';
import { settleSelection } from './settlement.ts';
import { sportDistributions } from './sportModels.ts';
import type { Market, MarketPeriod, MarketType, Outcome } from './vocabulary.ts';

const model: FootballModel = {
  homeGoalsExpected: 1.6,
  awayGoalsExpected: 1.1,
  homeCornersExpected: 5.5,
  awayCornersExpected: 4.5,
};

const footballModel: fc.Arbitrary<FootballModel> = fc.record({
  homeGoalsExpected: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  awayGoalsExpected: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  homeCornersExpected: fc.double({ min: 2, max: 8, noNaN: true }),
  awayCornersExpected: fc.double({ min: 2, max: 8, noNaN: true }),
  firstHalfShare: fc.double({ min: 0.4, max: 0.5, noNaN: true }),
});

const full = (m: FootballModel): PeriodDistributions => footballDistributions(m).full!;
const fair = (d: PeriodDistributions, market: Market, outcome: Outcome): number =>
  fairProbabilities('football', d, market).find((o) => o.outcome === outcome)!.fairProbability;

describe('football fair prices are consistent across markets', () => {
  it('1X2 matches the Poisson model', () => {
    const d = full(model);
    const home = poissonPmf(1.6).probabilities;
    const away = poissonPmf(1.1).probabilities;
    let draw = 0;
    home.forEach((p, i) => {
      draw += p * (away[i] ?? 0);
    });
    expect(fair(d, { type: 'winAlone', period: 'full' }, 'draw')).toBeCloseTo(draw, 12);
  });

  it('home −0.5 = home win, home +0.5 = home or draw, 0 = draw no bet; sides sum to 1', () => {
    fc.assert(
      fc.property(footballModel, fc.constantFrom<MarketPeriod>('full', 'firstHalf'), (m, period) => {
        const d = footballDistributions(m)[period]!;
        const winAlone = fairProbabilities('football', d, { type: 'winAlone', period });
        const [home, draw, away] = winAlone.map((o) => o.fairProbability) as [number, number, number];
        expect(home + draw + away).toBeCloseTo(1, 12);
        expect(fair(d, { type: 'handicap', period, line: -0.5 }, 'home')).toBeCloseTo(home, 12);
        expect(fair(d, { type: 'handicap', period, line: 0.5 }, 'home')).toBeCloseTo(home + draw, 12);
        expect(fair(d, { type: 'handicap', period, line: 0 }, 'home')).toBeCloseTo(home / (home + away), 12);
        for (const line of [-1.75, -1, -0.25, 0.25, 0.75, 1.5]) {
          const market: Market = { type: 'handicap', period, line };
          expect(fair(d, market, 'home') + fair(d, market, 'away')).toBeCloseTo(1, 12);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('over and under of a line are complementary; a half line is P(total > line)', () => {
    fc.assert(
      fc.property(footballModel, fc.integer({ min: 1, max: 24 }), (m, quarters) => {
        const d = full(m);
        for (const type of ['total', 'cornersTotal'] as const) {
          const market: Market = { type, period: 'full', line: quarters / 4 };
          expect(fair(d, market, 'over') + fair(d, market, 'under')).toBeCloseTo(1, 12);
        }
        const total = poissonPmf(m.homeGoalsExpected + m.awayGoalsExpected).probabilities;
        const overTwoAndHalf = 1 - (total[0]! + total[1]! + total[2]!);
        expect(fair(d, { type: 'total', period: 'full', line: 2.5 }, 'over')).toBeCloseTo(overTwoAndHalf, 12);
      }),
      { numRuns: 60 },
    );
  });

  it('odd + even = 1, and zero goals counts as even', () => {
    const noGoals: FootballModel = { ...model, homeGoalsExpected: 0, awayGoalsExpected: 0 };
    const d = full(noGoals);
    expect(fair(d, { type: 'oddEven', period: 'full' }, 'even')).toBe(1);
    const dm = full(model);
    const odd = fair(dm, { type: 'oddEven', period: 'full' }, 'odd');
    // For a Poisson total: P(even) = (1 + e^(−2λ)) / 2
    expect(odd).toBeCloseTo((1 - Math.exp(-2 * 2.7)) / 2, 12);
  });

  it('quarter-line fair odds give zero expected return under settlement (pushes excluded properly)', () => {
    const lineTypes: readonly MarketType[] = ['handicap', 'total', 'cornersHandicap', 'cornersTotal'];
    fc.assert(
      fc.property(
        footballModel,
        fc.constantFrom(...lineTypes),
        fc.integer({ min: -14, max: 14 }),
        fc.boolean(),
        (m, type, quarters, firstSide) => {
          const isTotal = type === 'total' || type === 'cornersTotal';
          const line = isTotal ? (type === 'total' ? 2.5 : 9.5) + quarters / 4 : quarters / 4;
          const outcome: Outcome = isTotal ? (firstSide ? 'over' : 'under') : firstSide ? 'home' : 'away';
          const market: Market = { type, period: 'full', line };
          const p = fair(full(m), market, outcome);
          // Prices a book would show (odds up to 10,000): past that, the floating-point error of the tail's tiny
          // probabilities, multiplied by the odds, is larger than the 9 digits checked below.
          fc.pre(p > 1e-4 && p < 1 - 1e-4);
          const odds = 1 / p;
          const corners = type === 'cornersHandicap' || type === 'cornersTotal';
          const home = poissonPmf(corners ? m.homeCornersExpected : m.homeGoalsExpected).probabilities;
          const away = poissonPmf(corners ? m.awayCornersExpected : m.awayGoalsExpected).probabilities;
          let expectedReturn = 0;
          home.forEach((ph, h) => {
            away.forEach((pa, a) => {
              const score = { home: h, away: a };
              const result = settleSelection(
                { market, outcome },
                { sport: 'football', periodCode: -1, score, corners: score, halfTimeScore: score },
              );
              const factor =
                result === 10
                  ? odds
                  : result === 21
                    ? (1 + odds) / 2
                    : result === 11
                      ? 0.5
                      : result === 90
                        ? 1
                        : 0;
              expectedReturn += ph * pa * factor;
            });
          });
          expect(expectedReturn).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a quarter line prices between its two halves', () => {
    const d = full(model);
    for (const line of [-1.25, -0.75, -0.25, 0.25, 0.75]) {
      const [lower, upper] = splitLine(line) as [number, number];
      const p = fair(d, { type: 'handicap', period: 'full', line }, 'home');
      const pLower = fair(d, { type: 'handicap', period: 'full', line: lower }, 'home');
      const pUpper = fair(d, { type: 'handicap', period: 'full', line: upper }, 'home');
      expect(p).toBeGreaterThan(pLower);
      expect(p).toBeLessThan(pUpper);
    }
  });
});

describe('margin and rounding', () => {
  it('quotes 1 / (p × (1 + margin)) rounded down to 2 decimals, within [1.01, max]', () => {
    expect(quoteOddsMilli(0.5)).toBe(1900); // 1.9047…
    expect(quoteOddsMilli(0.5, { marginRate: 0 })).toBe(2000);
    expect(quoteOddsMilli(0.25, { marginRate: 0.1 })).toBe(3630); // 3.6363…
    expect(quoteOddsMilli(0.97)).toBe(1010);
    expect(quoteOddsMilli(0)).toBe(1_000_000);
    expect(quoteOddsMilli(1e-9, { maxOddsMilli: 501_000 })).toBe(501_000);
    expect(() => quoteOddsMilli(0.5, { marginRate: -0.1 })).toThrow(RangeError);
  });

  it('every offered market has implied probabilities summing above 1 and fair ones to 1', () => {
    fc.assert(
      fc.property(footballModel, fc.double({ min: 0.001, max: 0.15, noNaN: true }), (m, marginRate) => {
        for (const market of priceFootball(m, { marginRate })) {
          const fairSum = market.outcomes.reduce((sum, o) => sum + o.fairProbability, 0);
          expect(fairSum).toBeCloseTo(1, 10);
          if (market.suspended) continue;
          const impliedSum = market.outcomes.reduce((sum, o) => sum + 1000 / o.oddsMilli, 0);
          expect(impliedSum).toBeGreaterThan(1);
          // Rounding down only adds margin, unless the 1.01 floor had to lift an odds.
          if (market.outcomes.every((o) => o.oddsMilli > 1010)) {
            expect(impliedSum).toBeGreaterThanOrEqual((1 + marginRate) * (1 - 1e-9));
          }
          for (const o of market.outcomes) {
            expect(o.oddsMilli % 10).toBe(0);
            expect(o.oddsMilli).toBeGreaterThanOrEqual(1010);
            expect(1000 / o.oddsMilli).toBeGreaterThan(o.fairProbability);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('with a zero margin the quoted odds are the fair odds rounded down', () => {
    const d = full(model);
    const priced = priceMarket('football', d, { type: 'winAlone', period: 'full' }, { marginRate: 0 });
    expect(priced.suspended).toBe(false);
    const evenSides = sportDistributions('basketball', { expectedMargin: 0 }).full!;
    const evenMoney = priceMarket(
      'basketball',
      evenSides,
      { type: 'winAlone', period: 'full' },
      { marginRate: 0 },
    );
    expect(evenMoney.outcomes.map((o) => o.oddsMilli)).toEqual([2000, 2000]);
    expect(evenMoney.suspended).toBe(false);
    for (const o of priced.outcomes) {
      expect(o.oddsMilli / 1000).toBeLessThanOrEqual(1 / o.fairProbability);
      expect(o.oddsMilli / 1000).toBeGreaterThan(1 / o.fairProbability - 0.01);
    }
  });

  it('suspends a market whose favourite would be quoted at or above fair value', () => {
    const lopsided: FootballModel = { ...model, homeGoalsExpected: 6, awayGoalsExpected: 0.1 };
    const priced = priceMarket('football', full(lopsided), { type: 'total', period: 'full', line: 0.5 });
    expect(priced.suspended).toBe(true);
    expect(priceMarket('football', full(model), { type: 'total', period: 'full', line: 2.5 }).suspended).toBe(
      false,
    );
  });
});

describe('football board', () => {
  const board = priceFootball(model);
  const find = (type: MarketType, period: MarketPeriod, line?: number) =>
    board.filter((m) => m.type === type && m.period === period && (line === undefined || m.line === line));

  it('offers every market type for full time and first half', () => {
    for (const period of ['full', 'firstHalf'] as const) {
      for (const type of [
        'winAlone',
        'handicap',
        'total',
        'oddEven',
        'cornersTotal',
        'cornersHandicap',
      ] as const) {
        expect(find(type, period).length).toBeGreaterThan(0);
      }
    }
    expect(find('winAlone', 'full')[0]!.outcomes.map((o) => o.outcome)).toEqual(['home', 'draw', 'away']);
  });

  it('has one main line per line market, closest to even money, and 4 alternatives 0.25 apart', () => {
    for (const period of ['full', 'firstHalf'] as const) {
      for (const type of ['handicap', 'total', 'cornersTotal', 'cornersHandicap'] as const) {
        const markets = find(type, period);
        const main = markets.filter((m) => m.isMain);
        expect(main).toHaveLength(1);
        expect(markets).toHaveLength(5);
        const mainLine = main[0]!.line!;
        expect(markets.map((m) => m.line)).toEqual([-0.5, -0.25, 0, 0.25, 0.5].map((d) => mainLine + d));
        const distance = (m: PricedMarket) => Math.abs(m.outcomes[0]!.fairProbability - 0.5);
        for (const other of markets) expect(distance(main[0]!)).toBeLessThanOrEqual(distance(other));
      }
    }
    expect(find('handicap', 'full').find((m) => m.isMain)!.line).toBe(-0.5);
    expect(find('total', 'full').find((m) => m.isMain)!.line).toBe(2.5);
  });

  it('never quotes a −0 line', () => {
    const even = priceFootball({ ...model, homeGoalsExpected: 1.2, awayGoalsExpected: 1.2 });
    const zero = even.find((m) => m.type === 'handicap' && m.period === 'full' && m.isMain)!;
    expect(Object.is(zero.line, 0)).toBe(true);
  });

  it('lineLadder honours alternativesPerSide', () => {
    const ladder = lineLadder('football', full(model), 'total', 'full', { alternativesPerSide: 3 });
    expect(ladder).toEqual({ mainLine: 2.5, alternativeLines: [1.75, 2, 2.25, 2.75, 3, 3.25] });
  });

  it('rejects impossible models', () => {
    expect(() => footballDistributions({ ...model, homeGoalsExpected: -1 })).toThrow(RangeError);
    expect(() => footballDistributions({ ...model, firstHalfShare: 1 })).toThrow(RangeError);
  });
});

describe('in play', () => {
  const live = (minute: number, home = 0, away = 0, cornersHome = 0, cornersAway = 0) => ({
    minute,
    score: { home, away },
    corners: { home: cornersHome, away: cornersAway },
  });
  const odds = (
    board: PricedMarket[],
    type: MarketType,
    period: MarketPeriod,
    line: number | undefined,
    o: Outcome,
  ) =>
    board
      .find((m) => m.type === type && m.period === period && m.line === line)
      ?.outcomes.find((x) => x.outcome === o)?.fairProbability;
  const priceAt = (state: ReturnType<typeof live>, market: Market, outcome: Outcome) => {
    const d = footballDistributions(model, state)[market.period];
    return d ? fair(d, market, outcome) : undefined;
  };

  it('kick-off at 0–0 prices like pre-match', () => {
    expect(priceFootball(model, {}, live(0))).toEqual(priceFootball(model));
  });

  it('under shortens and draw shortens as a goalless match runs down', () => {
    let previousUnder = 0;
    let previousDraw = 0;
    for (let minute = 0; minute <= 90; minute += 5) {
      const under = priceAt(live(minute), { type: 'total', period: 'full', line: 2.5 }, 'under')!;
      const draw = priceAt(live(minute), { type: 'winAlone', period: 'full' }, 'draw')!;
      expect(under).toBeGreaterThan(previousUnder);
      expect(draw).toBeGreaterThan(previousDraw);
      previousUnder = under;
      previousDraw = draw;
    }
    expect(previousUnder).toBe(1);
  });

  it('a goal moves the result markets but not the rest-of-match handicap', () => {
    const winAlone: Market = { type: 'winAlone', period: 'full' };
    const handicap: Market = { type: 'handicap', period: 'full', line: -0.5 };
    expect(priceAt(live(30, 1, 0), winAlone, 'home')!).toBeGreaterThan(
      priceAt(live(30), winAlone, 'home')! + 0.15,
    );
    expect(priceAt(live(30, 1, 0), handicap, 'home')).toBeCloseTo(priceAt(live(30), handicap, 'home')!, 12);
    // The rest-of-match −0.5 is the chance of outscoring the opponent from now on.
    expect(priceAt(live(30, 1, 0), handicap, 'home')!).toBeLessThan(
      priceAt(live(30, 1, 0), winAlone, 'home')!,
    );
  });

  it('corners so far count for corner markets', () => {
    const over = (corners: number) =>
      priceAt(live(60, 0, 0, corners, 0), { type: 'cornersTotal', period: 'full', line: 9.5 }, 'over')!;
    expect(over(8)).toBeGreaterThan(over(4));
    expect(over(10)).toBe(1);
  });

  it('first-half markets run until half-time, then disappear', () => {
    expect(footballDistributions(model, live(44)).firstHalf).toBeDefined();
    expect(footballDistributions(model, live(45)).firstHalf).toBeUndefined();
    expect(priceFootball(model, {}, live(60)).some((m) => m.period === 'firstHalf')).toBe(false);
    const fhOver = priceAt(live(40, 1, 0), { type: 'total', period: 'firstHalf', line: 0.5 }, 'over');
    expect(fhOver).toBe(1);
  });

  it('decided markets are suspended, and main lines move past the current total', () => {
    const board = priceFootball(model, {}, live(75, 2, 1, 6, 3));
    expect(board.find((m) => m.type === 'total' && m.line === 2.5)).toBeUndefined();
    const mainTotal = board.find((m) => m.type === 'total' && m.isMain)!;
    expect(mainTotal.line).toBeGreaterThan(3);
    expect(odds(board, 'total', 'full', mainTotal.line, 'over')).toBeGreaterThan(0.3);
    const finalWhistle = priceFootball(model, {}, live(90, 2, 1));
    expect(finalWhistle.find((m) => m.type === 'winAlone')!.suspended).toBe(true);
    expect(finalWhistle.filter((m) => m.type === 'total')).toHaveLength(0);
  });
});
