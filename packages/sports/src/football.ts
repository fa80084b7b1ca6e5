import { convolve, negate, type Pmf, poissonPmf, shift } from './pmf.ts';
import {
  type MarketDistributions,
  type PeriodDistributions,
  type PricedMarket,
  type PricingOptions,
  priceBoard,
} from './pricing.ts';
import { sportTraits } from './traits.ts';
import type { Score } from './vocabulary.ts';

/**
 * Football pricing model: home and away goals are independent Poisson counts, corners likewise.
 * One model prices every market, so 1X2, handicaps, totals and odd/even stay mutually consistent.
 */
export interface FootballModel {
  readonly homeGoalsExpected: number;
  readonly awayGoalsExpected: number;
  readonly homeCornersExpected: number;
  readonly awayCornersExpected: number;
  /** Share of goals and corners expected before half-time. Default 0.45 (more is scored late). */
  readonly firstHalfShare?: number;
}

/** What the in-play model conditions on. `minute` is the match clock, 0–90 (stoppage time clamps). */
export interface FootballLiveState {
  readonly minute: number;
  readonly score: Score;
  readonly corners: Score;
}

export const regulationMinutes = 90;

/**
 * Shares of the full-match expectation still to come at a point of regulation (progress 0–1 of the
 * playing time, halves of equal length), given the first half's share of the scoring. firstHalf is null
 * once the first half is over.
 */
export function remainingShares(
  progress: number,
  firstHalfShare: number,
): { full: number; firstHalf: number | null } {
  const elapsed = Math.min(1, Math.max(0, progress));
  if (elapsed < 0.5) {
    const firstHalf = (firstHalfShare * (0.5 - elapsed)) / 0.5;
    return { full: firstHalf + (1 - firstHalfShare), firstHalf };
  }
  return { full: ((1 - firstHalfShare) * (1 - elapsed)) / 0.5, firstHalf: null };
}

function assertExpectation(value: number, name: string): void {
  if (!(value >= 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number ≥ 0`);
}

function countDistributions(homeExpected: number, awayExpected: number, current: Score) {
  const home = poissonPmf(homeExpected);
  const away = poissonPmf(awayExpected);
  const remainingMargin: Pmf = convolve(home, negate(away));
  const remainingTotal: Pmf = poissonPmf(homeExpected + awayExpected);
  return {
    remainingMargin,
    margin: shift(remainingMargin, current.home - current.away),
    total: shift(remainingTotal, current.home + current.away),
  };
}

function periodDistributions(
  model: FootballModel,
  share: number,
  score: Score,
  corners: Score,
): PeriodDistributions {
  const goals = countDistributions(model.homeGoalsExpected * share, model.awayGoalsExpected * share, score);
  const cornerCounts = countDistributions(
    model.homeCornersExpected * share,
    model.awayCornersExpected * share,
    corners,
  );
  return {
    scoreMargin: goals.margin,
    scoreTotal: goals.total,
    // An in-play handicap settles on goals after placement: only the remaining goals count.
    handicapMargin: goals.remainingMargin,
    cornersMargin: cornerCounts.margin,
    cornersTotal: cornerCounts.total,
  };
}

/**
 * The distributions for full-time and first-half markets, before kick-off or (with `live`) conditioned on
 * the score, corners and minute: the remaining expectation scales with the remaining playing time.
 * In play, `score`/`corners` during the first half are also the first-half counts so far.
 */
export function footballDistributions(model: FootballModel, live?: FootballLiveState): MarketDistributions {
  assertExpectation(model.homeGoalsExpected, 'homeGoalsExpected');
  assertExpectation(model.awayGoalsExpected, 'awayGoalsExpected');
  assertExpectation(model.homeCornersExpected, 'homeCornersExpected');
  assertExpectation(model.awayCornersExpected, 'awayCornersExpected');
  const firstHalfShare = model.firstHalfShare ?? sportTraits.football.firstHalfShare!;
  if (!(firstHalfShare > 0 && firstHalfShare < 1)) throw new RangeError('firstHalfShare must be in (0, 1)');
  const score = live?.score ?? { home: 0, away: 0 };
  const corners = live?.corners ?? { home: 0, away: 0 };
  const shares = remainingShares((live?.minute ?? 0) / regulationMinutes, firstHalfShare);
  const distributions: { full: PeriodDistributions; firstHalf?: PeriodDistributions } = {
    full: periodDistributions(model, shares.full, score, corners),
  };
  if (shares.firstHalf !== null) {
    distributions.firstHalf = periodDistributions(model, shares.firstHalf, score, corners);
  }
  return distributions;
}

/** Prices the whole football board (all market types, full and first half, main and alternative lines). */
export function priceFootball(
  model: FootballModel,
  options?: PricingOptions,
  live?: FootballLiveState,
): PricedMarket[] {
  return priceBoard('football', footballDistributions(model, live), options);
}
