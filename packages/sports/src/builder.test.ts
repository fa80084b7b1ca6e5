import { describe, expect, it } from 'vitest';
import { builderCashoutCents, priceBuilder, settleBuilder } from './builder.ts';
import { fitFootballModel, simulateBuilderSamples, wholeStakeWins } from './builder-model.ts';
import { type FootballModel, priceFootball } from './football.ts';
import { poissonPmf, probabilityAt } from './pmf.ts';
import { settleSelection } from './settlement.ts';
import { betResult, type Market, matchPeriod, outcomesByMarketType } from './vocabulary.ts';

const model: FootballModel = {
  homeGoalsExpected: 1.7,
  awayGoalsExpected: 1.0,
  homeCornersExpected: 6,
  awayCornersExpected: 4,
};
const N = 40_000;
const samples = simulateBuilderSamples(model, undefined, N, 20_261_129);
const winAlone: Market = { type: 'winAlone', period: 'full' };
const over25: Market = { type: 'total', period: 'full', line: 2.5 };
const homeWin = { market: winAlone, outcome: 'home' } as const;
const over = { market: over25, outcome: 'over' } as const;

/** Exact P(home wins and 3+ goals) from the two Poisson counts. */
function exactHomeWinOver(): number {
  const home = poissonPmf(model.homeGoalsExpected);
  const away = poissonPmf(model.awayGoalsExpected);
  let p = 0;
  for (let h = 0; h < 20; h++)
    for (let a = 0; a < h; a++) if (h + a >= 3) p += probabilityAt(home, h) * probabilityAt(away, a);
  return p;
}

const priced = (legs: Parameters<typeof priceBuilder>[1]) =>
  priceBuilder('football', legs, samples, { marginRate: 0.08 });

describe('bet builder pricing', () => {
  it('prices home win + over 2.5 at the simulated joint probability, within its sampling error', () => {
    const price = priced([homeWin, over]);
    if ('refused' in price) throw new Error(price.refused);
    const exact = exactHomeWinOver();
    expect(Math.abs(price.probability - exact)).toBeLessThan(4 * price.standardError);
    expect(price.oddsMilli).toBe(Math.floor(1000 / (price.probability * 1.08) / 10) * 10);
  });

  it('is not the product of the legs: home win and over 2.5 go together', () => {
    const price = priced([homeWin, over]);
    if ('refused' in price) throw new Error(price.refused);
    const board = priceFootball(model, { marginRate: 0.08 });
    const fair = (type: string, line: number | undefined, outcome: string) =>
      board
        .find((m) => m.type === type && m.period === 'full' && m.line === line)!
        .outcomes.find((o) => o.outcome === outcome)!;
    const productOfFair =
      fair('winAlone', undefined, 'home').fairProbability * fair('total', 2.5, 'over').fairProbability;
    // Positively correlated: the joint chance is well above the product, so the builder's odds are shorter.
    expect(price.probability - productOfFair).toBeGreaterThan(6 * price.standardError);
    const productOdds =
      (fair('winAlone', undefined, 'home').oddsMilli * fair('total', 2.5, 'over').oddsMilli) / 1000;
    expect(price.oddsMilli).toBeLessThan(productOdds);
  });

  it('refuses contradictory legs', () => {
    expect(priced([homeWin, { market: winAlone, outcome: 'draw' }])).toEqual({ refused: 'sameMarket' });
    expect(
      priced([over, { market: { type: 'total', period: 'full', line: 1.5 }, outcome: 'under' }]),
    ).toEqual({
      refused: 'contradictory',
    });
    expect(
      priced([
        homeWin,
        { market: { type: 'total', period: 'firstHalf', line: 0.5 }, outcome: 'under' },
        { market: { type: 'total', period: 'full', line: 0.5 }, outcome: 'under' },
      ]),
    ).toEqual({ refused: 'contradictory' });
    expect(
      priced([homeWin, { market: { type: 'total', period: 'full', line: 2 }, outcome: 'over' }]),
    ).toEqual({ refused: 'leg' });
    expect(priceBuilder('tennis', [homeWin, over], samples)).toEqual({ refused: 'sport' });
    expect(priced([homeWin])).toEqual({ refused: 'count' });
  });

  it('is deterministic for a seed', () => {
    const again = simulateBuilderSamples(model, undefined, N, 20_261_129);
    expect(priceBuilder('football', [homeWin, over], again, { marginRate: 0.08 })).toEqual(
      priced([homeWin, over]),
    );
  });

  it('conditions on the live state: at 2-0 on minute 80 home win + over 2.5 is the chance of one more goal', () => {
    const live = {
      minute: 80,
      score: { home: 2, away: 0 },
      corners: { home: 5, away: 2 },
      halfTimeScore: { home: 1, away: 0 },
      firstHalfCorners: { home: 3, away: 1 },
    };
    const liveSamples = simulateBuilderSamples(model, live, N, 7);
    const price = priceBuilder('football', [homeWin, over], liveSamples);
    if ('refused' in price) throw new Error(price.refused);
    const left = (2.7 * 0.55 * 10) / 45;
    // P(3+ goals) = 1 − e^(−left); the home win is nearly certain (the away side needs 2+ goals).
    expect(Math.abs(price.probability - (1 - Math.exp(-left)))).toBeLessThan(0.02);
  });

  it('fits the model back from a priced board', () => {
    const board = priceFootball(model, { marginRate: 0.05 }).map((m) => ({
      market: m,
      odds: m.outcomes.map((o) => ({ outcome: o.outcome, oddsMilli: o.oddsMilli })),
    }));
    const fitted = fitFootballModel(board);
    expect(fitted.homeGoalsExpected).toBeCloseTo(1.7, 1);
    expect(fitted.awayGoalsExpected).toBeCloseTo(1.0, 1);
    expect(fitted.homeCornersExpected + fitted.awayCornersExpected).toBeCloseTo(10, 0);
  });
});

describe('bet builder settlement (decision 0062)', () => {
  const reprice = (remaining: readonly number[]) => 1500 * remaining.length;
  const leg = (result: number, oddsMilli = 2000) => ({ oddsMilli, result: result as 0 });
  const table: [string, number[], { result: number; returnCents: bigint | null }][] = [
    ['all legs win: paid at the builder odds', [10, 10, 10], { result: 10, returnCents: 5400n }],
    ['one leg lost: lost', [10, 20, 10], { result: 20, returnCents: 0n }],
    ['a leg lost while another is open: lost', [0, 20, 10], { result: 20, returnCents: 0n }],
    ['a leg open: open', [10, 0, 10], { result: 0, returnCents: null }],
    ['every leg void: refund', [90, 90, 90], { result: 90, returnCents: 1000n }],
    ['one void leg: the two others repriced', [10, 90, 10], { result: 10, returnCents: 3000n }],
    ['two void legs: the last leg at its own odds', [90, 10, 90], { result: 10, returnCents: 2000n }],
  ];
  it.each(table)('%s', (_name, results, expected) => {
    expect(
      settleBuilder(
        1000n,
        5400,
        results.map((r) => leg(r)),
        reprice,
      ),
    ).toEqual(expected);
  });
  it('repriced odds never exceed the bet odds, nor go under 1.00', () => {
    expect(settleBuilder(1000n, 2500, [leg(10), leg(10), leg(90)], () => 9000)).toEqual({
      result: 10,
      returnCents: 2500n,
    });
    expect(settleBuilder(1000n, 2500, [leg(10), leg(10), leg(90)], () => 900)).toEqual({
      result: 10,
      returnCents: 1000n,
    });
  });
  it('refuses half results (builder legs are whole-stake picks)', () => {
    expect(() => settleBuilder(1000n, 2500, [leg(21), leg(10)], reprice)).toThrow(RangeError);
  });
});

describe('bet builder cash-out', () => {
  it('is worth the stake × odds × the live joint chance, less the margin', () => {
    const live = {
      minute: 80,
      score: { home: 3, away: 0 },
      corners: { home: 5, away: 2 },
      halfTimeScore: { home: 1, away: 0 },
      firstHalfCorners: { home: 3, away: 1 },
    };
    const liveSamples = simulateBuilderSamples(model, live, N, 7);
    const value = builderCashoutCents(1000n, 3000, [homeWin, over], [0, 10], liveSamples, 500)!;
    // Over 2.5 already won; the home win at 3-0 with ten minutes left is close to certain.
    expect(value).toBeGreaterThan(2800n);
    expect(value).toBeLessThanOrEqual(2850n);
    expect(builderCashoutCents(1000n, 3000, [homeWin, over], [20, 0], liveSamples, 500)).toBeNull();
  });
});

describe('the builder judges legs as settlement does', () => {
  it('agrees with settleSelection on every offered pick over the simulated matches', () => {
    const few = simulateBuilderSamples(model, undefined, 400, 3);
    const placement = { home: 1, away: 0 };
    const markets: Market[] = [
      winAlone,
      { type: 'winAlone', period: 'firstHalf' },
      { type: 'oddEven', period: 'full' },
      { type: 'total', period: 'firstHalf', line: 1.5 },
      { type: 'handicap', period: 'full', line: -1.5 },
      { type: 'cornersTotal', period: 'full', line: 9.5 },
      { type: 'cornersHandicap', period: 'firstHalf', line: 0.5 },
    ];
    for (const market of markets)
      for (const outcome of outcomesByMarketType[market.type])
        for (const fact of few.facts) {
          const settled = settleSelection(
            { market, outcome, placementScore: placement },
            { sport: 'football', periodCode: matchPeriod.finished, ...fact },
          );
          expect(wholeStakeWins(market, outcome, placement, fact)).toBe(settled === betResult.win);
        }
  });
});
