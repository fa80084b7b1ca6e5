import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIMBO_RESULT_MAX_HUNDREDTHS,
  limboMultiplier,
  limboPayoutMultiplier,
  limboResult,
  limboResultFromFloat,
  limboResultHundredths,
  limboResultHundredthsFromFloat,
  limboWins,
  multiplierFromHundredths,
  ZERO_MULTIPLIER,
} from './index.ts';
import { betSeedsArbitrary, derivedFloatArbitrary } from './test-support/arbitraries.ts';
import { limboWinningBucketCount } from './test-support/limbo.ts';

const targetArbitrary = fc.integer({ min: 101, max: 100_000_000 });

describe('limbo result', () => {
  it('lies in 1.00..99,000,000.00 on the 0.01 grid', () => {
    fc.assert(
      fc.property(derivedFloatArbitrary, (float) => {
        const resultHundredths = limboResultHundredthsFromFloat(float);
        expect(Number.isInteger(resultHundredths)).toBe(true);
        expect(resultHundredths).toBeGreaterThanOrEqual(100);
        expect(resultHundredths).toBeLessThanOrEqual(1e8 * 0.99 * 100);
        expect(limboResultFromFloat(float)).toBe(resultHundredths / 100);
      }),
    );
    expect(limboResultHundredthsFromFloat(0)).toBe(LIMBO_RESULT_MAX_HUNDREDTHS);
    expect(limboResultFromFloat(1 - 2 ** -32)).toBe(1);
  });

  it('never rises as the float grows', () => {
    fc.assert(
      fc.property(derivedFloatArbitrary, derivedFloatArbitrary, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(limboResultHundredthsFromFloat(low)).toBeGreaterThanOrEqual(
          limboResultHundredthsFromFloat(high),
        );
      }),
    );
  });

  it('is floor(0.99e10 / (bucket + 1)) hundredths, or 0.01 less where IEEE rounding hits an exact boundary', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 32 - 1 }), (uint32) => {
        // u · 1e8 / 2^32 = u · 390625 / 2^24 needs < 53 bits, so the bucket itself is exact.
        const bucket = Number((BigInt(uint32) * 100_000_000n) >> 32n);
        expect(Math.floor((uint32 / 2 ** 32) * 1e8)).toBe(bucket);
        const exactHundredths = Math.max(100, Math.floor(9_900_000_000 / (bucket + 1)));
        const resultHundredths = limboResultHundredthsFromFloat(uint32 / 2 ** 32);
        const isBoundary = 9_900_000_000 % (bucket + 1) === 0;
        expect(
          resultHundredths === exactHundredths || (isBoundary && resultHundredths === exactHundredths - 1),
        ).toBe(true);
      }),
    );
    // Bucket 494: 1e8 / 495 · 0.99 is 200000 exactly, but the doubles land a hair below it.
    expect(limboResultHundredthsFromFloat(494.5 / 1e8)).toBe(19_999_999);
  });

  it('is deterministic per bet', () => {
    fc.assert(
      fc.property(betSeedsArbitrary, (seeds) => {
        expect(limboResult({ ...seeds })).toBe(limboResult(seeds));
        expect(limboResult(seeds)).toBe(limboResultHundredths(seeds) / 100);
      }),
    );
  });
});

describe('limbo payout', () => {
  it('wins when the result reaches the target and pays the target', () => {
    expect(limboWins(200, 200)).toBe(true);
    expect(limboWins(200, 199)).toBe(false);
    expect(limboPayoutMultiplier(250, 9999)).toEqual(multiplierFromHundredths(250));
    expect(limboPayoutMultiplier(250, 249)).toEqual(ZERO_MULTIPLIER);
    expect(limboMultiplier(100_000_000)).toEqual({ numerator: 1_000_000n, denominator: 1n });
  });

  it('returns at most 99 %, short by < 2 buckets of 1e-8: P(win) ≈ floor(0.99e10 / target) / 1e8', () => {
    fc.assert(
      fc.property(targetArbitrary, (targetHundredths) => {
        const winningBucketCount = limboWinningBucketCount(targetHundredths);
        const idealBucketCount = Math.floor(99e8 / targetHundredths);
        expect(winningBucketCount === idealBucketCount || winningBucketCount === idealBucketCount - 1).toBe(
          true,
        );
        const rtp = ((targetHundredths / 100) * winningBucketCount) / 1e8;
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12);
        expect(rtp).toBeGreaterThan(0.99 - (2 * targetHundredths) / 1e10);
      }),
      { numRuns: 200 },
    );
  });

  it('rejects targets outside 1.01..1,000,000 or off the grid', () => {
    for (const target of [100, 100_000_001, 150.5]) {
      expect(() => limboMultiplier(target)).toThrow(RangeError);
      expect(() => limboWins(target, 500)).toThrow(RangeError);
    }
  });
});
