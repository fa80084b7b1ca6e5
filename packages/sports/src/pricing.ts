import { splitLineQuarters, toQuarters } from './lines.ts';
import { type Pmf, probabilityAt } from './pmf.ts';
import { offersMarket, sportTraits } from './traits.ts';
import type { Market, MarketPeriod, MarketType, Outcome, SportCode } from './vocabulary.ts';

/**
 * The distributions one period's markets are priced from, all over integer counts:
 * - scoreMargin: final home − away (winAlone);
 * - scoreTotal: final home + away (total, oddEven);
 * - handicapMargin: home − away that a handicap bet placed now settles on (in play: only what is scored
 *   after placement, so it differs from scoreMargin by the current difference);
 * - cornersMargin / cornersTotal: final corner counts, when the sport has corners.
 */
export interface PeriodDistributions {
  readonly scoreMargin: Pmf;
  readonly scoreTotal: Pmf;
  readonly handicapMargin: Pmf;
  readonly cornersMargin?: Pmf;
  readonly cornersTotal?: Pmf;
}

/** A missing period is not offered (e.g. first-half markets once the first half is over). */
export type MarketDistributions = Partial<Record<MarketPeriod, PeriodDistributions>>;

export interface PricingOptions {
  /** Bookmaker margin: implied probabilities are the fair ones × (1 + marginRate). Default 0.05. */
  readonly marginRate?: number;
  /** Longest odds quoted, in thousandths. Default 1000.00. */
  readonly maxOddsMilli?: number;
  /** Alternative handicap/total lines quoted on each side of the main line. Default 2. */
  readonly alternativesPerSide?: number;
}

export interface PricedOutcome {
  readonly outcome: Outcome;
  /** The fair probability p with fair odds 1/p: for lines with pushes, P(win) / (P(win) + P(lose)). */
  readonly fairProbability: number;
  /** Quoted odds in thousandths, a multiple of 10 (2 decimals), ≥ 1010. */
  readonly oddsMilli: number;
}

export interface PricedMarket extends Market {
  readonly outcomes: readonly PricedOutcome[];
  /**
   * True when the market must not be offered: an outcome is (nearly) certain, so the 1.01 floor would
   * quote it above its fair price, or the outcome cannot be priced (a certain push).
   */
  readonly suspended: boolean;
  /** For handicap/total markets on a board: the line closest to even money. */
  readonly isMain?: boolean;
}

export const defaultMarginRate = 0.05;
export const minOddsMilli = 1010;
const defaultMaxOddsMilli = 1_000_000;

interface WinLose {
  readonly win: number;
  readonly lose: number;
}

/**
 * Probability mass of winning and losing, summed over the parts of the stake. A bet at odds o has zero
 * expectation when win·(o − 1) = lose, so fair odds are 1 + lose/win and the fair probability is
 * win / (win + lose): pushes drop out, and a quarter line is priced as exactly the sum of its halves.
 */
function winLoseMass(
  pmf: Pmf,
  line: number,
  bettorMarginQuarters: (count: number, q: number) => number,
): WinLose {
  let win = 0;
  let lose = 0;
  for (const quarters of splitLineQuarters(toQuarters(line))) {
    pmf.probabilities.forEach((p, i) => {
      const margin = bettorMarginQuarters(pmf.offset + i, quarters);
      if (margin > 0) win += p;
      else if (margin < 0) lose += p;
    });
  }
  return { win, lose };
}

function fairFromWinLose({ win, lose }: WinLose): number {
  return win + lose > 0 ? win / (win + lose) : Number.NaN;
}

/** Fair probabilities of a market's outcomes, in the order of `outcomesFor(market.type)`. */
export function fairProbabilities(
  sport: SportCode,
  distributions: PeriodDistributions,
  market: Market,
): readonly { outcome: Outcome; fairProbability: number }[] {
  switch (market.type) {
    case 'winAlone': {
      const margin = distributions.scoreMargin;
      let home = 0;
      let away = 0;
      margin.probabilities.forEach((p, i) => {
        if (margin.offset + i > 0) home += p;
        else if (margin.offset + i < 0) away += p;
      });
      const draw = probabilityAt(margin, 0);
      if (sportTraits[sport].drawPossible) {
        return [
          { outcome: 'home', fairProbability: home },
          { outcome: 'draw', fairProbability: draw },
          { outcome: 'away', fairProbability: away },
        ];
      }
      // Moneyline: a tie refunds, so it drops out like a push.
      const decided = home + away;
      return [
        { outcome: 'home', fairProbability: decided > 0 ? home / decided : Number.NaN },
        { outcome: 'away', fairProbability: decided > 0 ? away / decided : Number.NaN },
      ];
    }
    case 'oddEven': {
      const total = distributions.scoreTotal;
      let even = 0;
      total.probabilities.forEach((p, i) => {
        if ((total.offset + i) % 2 === 0) even += p;
      });
      return [
        { outcome: 'odd', fairProbability: 1 - even },
        { outcome: 'even', fairProbability: even },
      ];
    }
    case 'handicap':
    case 'cornersHandicap': {
      const margin =
        market.type === 'handicap' ? distributions.handicapMargin : corners(distributions).margin;
      const line = requireLine(market);
      const home = fairFromWinLose(winLoseMass(margin, line, (d, q) => 4 * d + q));
      const away = fairFromWinLose(winLoseMass(margin, line, (d, q) => -(4 * d + q)));
      return [
        { outcome: 'home', fairProbability: home },
        { outcome: 'away', fairProbability: away },
      ];
    }
    case 'total':
    case 'cornersTotal': {
      const total = market.type === 'total' ? distributions.scoreTotal : corners(distributions).total;
      const line = requireLine(market);
      const over = fairFromWinLose(winLoseMass(total, line, (t, q) => 4 * t - q));
      const under = fairFromWinLose(winLoseMass(total, line, (t, q) => q - 4 * t));
      return [
        { outcome: 'over', fairProbability: over },
        { outcome: 'under', fairProbability: under },
      ];
    }
  }
}

function corners(distributions: PeriodDistributions): { margin: Pmf; total: Pmf } {
  if (!distributions.cornersMargin || !distributions.cornersTotal) throw new RangeError('no corners model');
  return { margin: distributions.cornersMargin, total: distributions.cornersTotal };
}

function requireLine(market: Market): number {
  if (market.line === undefined) throw new RangeError(`${market.type} needs a line`);
  return market.line;
}

/**
 * Quoted odds for a fair probability: 1 / (p × (1 + margin)) rounded DOWN to 2 decimals (in the house's
 * favour, so the margin only grows), then kept within [1.01, maxOdds].
 */
export function quoteOddsMilli(fairProbability: number, options: PricingOptions = {}): number {
  const marginRate = options.marginRate ?? defaultMarginRate;
  const maxOddsMilli = options.maxOddsMilli ?? defaultMaxOddsMilli;
  if (!(marginRate >= 0)) throw new RangeError('marginRate must be ≥ 0');
  if (!(fairProbability > 0)) return maxOddsMilli;
  const oddsHundredths = Math.floor(100 / (fairProbability * (1 + marginRate)) + 1e-9);
  return Math.min(maxOddsMilli, Math.max(minOddsMilli, oddsHundredths * 10));
}

/** Prices one market from its period's distributions. */
export function priceMarket(
  sport: SportCode,
  distributions: PeriodDistributions,
  market: Market,
  options: PricingOptions = {},
): PricedMarket {
  const outcomes = fairProbabilities(sport, distributions, market).map(({ outcome, fairProbability }) => ({
    outcome,
    fairProbability,
    oddsMilli: quoteOddsMilli(fairProbability, options),
  }));
  // Suspend when an outcome cannot be priced or the 1.01 floor would quote it above fair value
  // (the tolerance keeps a zero-margin market quoted exactly at fair value open).
  const suspended = outcomes.some(
    ({ fairProbability, oddsMilli }) =>
      Number.isNaN(fairProbability) || fairProbability * oddsMilli > 1000 * (1 + 1e-12),
  );
  return { ...market, outcomes, suspended };
}

export interface LineLadder {
  readonly mainLine: number;
  readonly alternativeLines: readonly number[];
}

function pmfMean(pmf: Pmf): number {
  return pmf.probabilities.reduce((sum, p, i) => sum + p * (pmf.offset + i), 0);
}

/**
 * The main line of a handicap or total market (the home/over fair probability closest to ½, among lines
 * that can be offered) and up to `alternativesPerSide` offerable lines each side of it, one line step
 * apart (0.25 where the sport uses quarter lines, else 0.5). Null when no line can be offered.
 */
export function lineLadder(
  sport: SportCode,
  distributions: PeriodDistributions,
  type: MarketType,
  period: MarketPeriod,
  options: PricingOptions = {},
): LineLadder | null {
  const stepQuarters = sportTraits[sport].lineStepQuarters;
  const isTotal = type === 'total' || type === 'cornersTotal';
  const source =
    type === 'handicap'
      ? distributions.handicapMargin
      : type === 'total'
        ? distributions.scoreTotal
        : type === 'cornersTotal'
          ? corners(distributions).total
          : corners(distributions).margin;
  // The even line sits near the mean total, or near minus the mean margin for a home handicap.
  // (+ 0 turns a −0 into 0 so lines compare and serialise cleanly.)
  const centreQuarters =
    stepQuarters * Math.round((4 * (isTotal ? 1 : -1) * pmfMean(source)) / stepQuarters) + 0;
  const searchSteps = 24;
  const offerable = (quarters: number): PricedMarket | null => {
    if (isTotal && quarters <= 0) return null;
    const priced = priceMarket(sport, distributions, { type, period, line: quarters / 4 }, options);
    return priced.suspended ? null : priced;
  };
  let best: { quarters: number; distance: number } | null = null;
  for (let step = -searchSteps; step <= searchSteps; step++) {
    const quarters = centreQuarters + step * stepQuarters;
    const priced = offerable(quarters);
    if (!priced) continue;
    const distance = Math.abs(priced.outcomes[0]!.fairProbability - 0.5);
    if (!best || distance < best.distance - 1e-12) best = { quarters, distance };
  }
  if (!best) return null;
  const alternatives: number[] = [];
  const perSide = options.alternativesPerSide ?? 2;
  for (let step = 1; step <= perSide; step++) {
    for (const quarters of [best.quarters - step * stepQuarters, best.quarters + step * stepQuarters]) {
      if (offerable(quarters)) alternatives.push(quarters / 4);
    }
  }
  return { mainLine: best.quarters / 4, alternativeLines: alternatives.sort((a, b) => a - b) };
}

/**
 * Every market the sport offers for the priced periods: winAlone and oddEven once, handicap and total
 * markets on the main line (isMain) and the alternative lines.
 */
export function priceBoard(
  sport: SportCode,
  distributionsByPeriod: MarketDistributions,
  options: PricingOptions = {},
): PricedMarket[] {
  const board: PricedMarket[] = [];
  for (const period of ['full', 'firstHalf'] as const) {
    const distributions = distributionsByPeriod[period];
    if (!distributions) continue;
    for (const type of sportTraits[sport].marketTypes) {
      if (!offersMarket(sport, type, period)) continue;
      if (type === 'winAlone' || type === 'oddEven') {
        board.push(priceMarket(sport, distributions, { type, period }, options));
        continue;
      }
      const ladder = lineLadder(sport, distributions, type, period, options);
      if (!ladder) continue;
      for (const line of [ladder.mainLine, ...ladder.alternativeLines].sort((a, b) => a - b)) {
        const priced = priceMarket(sport, distributions, { type, period, line }, options);
        board.push({ ...priced, isMain: line === ladder.mainLine });
      }
    }
  }
  return board;
}
