import { remainingShares } from './football.ts';
import { discretizedNormalCountPmf, discretizedNormalPmf, shift } from './pmf.ts';
import {
  type MarketDistributions,
  type PeriodDistributions,
  type PricedMarket,
  type PricingOptions,
  priceBoard,
} from './pricing.ts';
import { sportTraits } from './traits.ts';
import type { Score, SportCode } from './vocabulary.ts';

export type OtherSportCode = Exclude<SportCode, 'football'>;

/**
 * Normal approximation for sports other than football: the final margin (home − away) and total are
 * normal, rounded to integers, with spreads from sportTraits (sd = factor × √expectedTotal).
 * For set-based sports the margin in games/points stands in for the match result; for boxing and racing
 * `expectedMargin` is on a latent scale where sd = 10 (+10 ≈ 84% to win).
 */
export interface SportModel {
  /** Expected home − away in the sport's score unit (home advantage included). */
  readonly expectedMargin: number;
  /** Expected home + away; defaults to sportTraits[sport].typicalTotal. */
  readonly expectedTotal?: number;
}

/**
 * In-play state: `progress` is the share of the regulation playing time (or, for untimed sports, of the
 * match: e.g. sets played out of the expected number) already played, 0–1.
 */
export interface SportLiveState {
  readonly progress: number;
  readonly score: Score;
}

function periodDistributions(
  sport: OtherSportCode,
  expectedMargin: number,
  expectedTotal: number,
  share: number,
  score: Score,
): PeriodDistributions {
  const traits = sportTraits[sport];
  const marginSd = traits.marginSdFactor * Math.sqrt(expectedTotal * share);
  const totalSd = traits.totalSdFactor * Math.sqrt(expectedTotal * share);
  const remainingMargin = discretizedNormalPmf(expectedMargin * share, marginSd);
  return {
    scoreMargin: shift(remainingMargin, score.home - score.away),
    scoreTotal: shift(discretizedNormalCountPmf(expectedTotal * share, totalSd), score.home + score.away),
    handicapMargin: remainingMargin,
  };
}

/** The distributions for the sport's periods, before the start or conditioned on a live state. */
export function sportDistributions(
  sport: OtherSportCode,
  model: SportModel,
  live?: SportLiveState,
): MarketDistributions {
  const traits = sportTraits[sport];
  if ((sport as SportCode) === 'football')
    throw new RangeError('football is priced by footballDistributions');
  const expectedTotal = model.expectedTotal ?? traits.typicalTotal;
  if (!Number.isFinite(model.expectedMargin)) throw new RangeError('expectedMargin must be finite');
  if (!(expectedTotal > 0) || !Number.isFinite(expectedTotal))
    throw new RangeError('expectedTotal must be > 0');
  const score = live?.score ?? { home: 0, away: 0 };
  const progress = live?.progress ?? 0;
  if (traits.firstHalfShare === null) {
    const remaining = 1 - Math.min(1, Math.max(0, progress));
    return { full: periodDistributions(sport, model.expectedMargin, expectedTotal, remaining, score) };
  }
  const shares = remainingShares(progress, traits.firstHalfShare);
  const distributions: { full: PeriodDistributions; firstHalf?: PeriodDistributions } = {
    full: periodDistributions(sport, model.expectedMargin, expectedTotal, shares.full, score),
  };
  if (shares.firstHalf !== null) {
    distributions.firstHalf = periodDistributions(
      sport,
      model.expectedMargin,
      expectedTotal,
      shares.firstHalf,
      score,
    );
  }
  return distributions;
}

/** Prices every market the sport offers (see sportTraits). */
export function priceSport(
  sport: OtherSportCode,
  model: SportModel,
  options?: PricingOptions,
  live?: SportLiveState,
): PricedMarket[] {
  return priceBoard(sport, sportDistributions(sport, model, live), options);
}
