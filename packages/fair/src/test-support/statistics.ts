// Helpers for the statistical tests only; not exported by the package.
import { createCipheriv } from 'node:crypto';

/** One possible result of a bet: its probability and what it pays per unit staked. */
export type PayoutOutcome = { readonly probability: number; readonly payout: number };

export type Moments = { readonly mean: number; readonly variance: number };

/** Exact mean (the RTP) and variance of the payout per unit staked. */
export function payoutMoments(outcomes: readonly PayoutOutcome[]): Moments {
  const mean = outcomes.reduce((sum, outcome) => sum + outcome.probability * outcome.payout, 0);
  const secondMoment = outcomes.reduce((sum, outcome) => sum + outcome.probability * outcome.payout ** 2, 0);
  return { mean, variance: secondMoment - mean ** 2 };
}

/** A bet that pays `payout` with probability `probability` and nothing otherwise. */
export function winOrLoseMoments(probability: number, payout: number): Moments {
  return payoutMoments([
    { probability, payout },
    { probability: 1 - probability, payout: 0 },
  ]);
}

/**
 * How far the measured RTP of `betCount` independent bets may stray from the true one: five
 * standard errors, sqrt(variance / betCount) each. A correct game fails with probability ≈ 6e-7.
 */
export const STANDARD_ERROR_COUNT = 5;

export function rtpTolerance(moments: Moments, betCount: number): number {
  return STANDARD_ERROR_COUNT * Math.sqrt(moments.variance / betCount);
}

/** Accumulates payouts per unit staked; `rtp` is their mean. */
export class PayoutTally {
  private payoutSum = 0;
  private betCount = 0;

  add(payout: number): void {
    this.payoutSum += payout;
    this.betCount++;
  }

  get count(): number {
    return this.betCount;
  }

  get rtp(): number {
    return this.payoutSum / this.betCount;
  }
}

/** Pearson's statistic Σ (observed − expected)² / expected for equally likely categories. */
export function chiSquareUniform(observedCounts: readonly number[]): number {
  const total = observedCounts.reduce((sum, count) => sum + count, 0);
  const expected = total / observedCounts.length;
  return observedCounts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/**
 * Upper 0.1 % points of the chi-square distribution (scipy.stats.chi2.ppf(0.999, df)), by degrees of
 * freedom = categories − 1. Seeds are fixed, so each test is deterministic; the level says how
 * unlikely a failure would be for a truly uniform generator.
 */
export const CHI_SQUARE_CRITICAL_0_001: Readonly<Record<number, number>> = {
  9: 27.877,
  14: 36.123,
  10000: 10442.73,
};

/**
 * Cheap deterministic floats on the same 2^-32 grid as the real derivation (AES-128-CTR keystream
 * read as big-endian u32 / 2^32). Only for the payout-rule simulations that would otherwise spend
 * most of the time budget hashing; each game also has a run through the real HMAC derivation.
 */
export function cheapFloats(floatCount: number, streamNumber: number): Float64Array {
  const key = new Uint8Array(16).fill(streamNumber & 0xff);
  const cipher = createCipheriv('aes-128-ctr', key, new Uint8Array(16));
  const bytes = cipher.update(new Uint8Array(floatCount * 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const floats = new Float64Array(floatCount);
  for (let index = 0; index < floatCount; index++) floats[index] = view.getUint32(index * 4, false) / 2 ** 32;
  return floats;
}
