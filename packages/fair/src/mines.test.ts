import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binomial,
  mineDrawOrderFromFloats,
  minesLayout,
  minesMultiplier,
  minesMultiplierHundredths,
  minesSafeTileCountMax,
  multiplierFromHundredths,
} from './index.ts';
import { betSeedsArbitrary, derivedFloatArbitrary } from './test-support/arbitraries.ts';

const mineCountArbitrary = fc.integer({ min: 1, max: 24 });
/** A mine count with a valid number of safe picks for it. */
const cashOutArbitrary = mineCountArbitrary.chain((mineCount) =>
  fc.record({
    mineCount: fc.constant(mineCount),
    safeTileCount: fc.integer({ min: 1, max: 25 - mineCount }),
  }),
);

function expectValidLayout(
  mineTiles: readonly number[],
  drawOrder: readonly number[],
  mineCount: number,
): void {
  expect(mineTiles).toHaveLength(mineCount);
  expect(new Set(mineTiles).size).toBe(mineCount);
  for (const tile of mineTiles) {
    expect(Number.isInteger(tile) && tile >= 0 && tile <= 24).toBe(true);
  }
  expect(mineTiles).toEqual([...mineTiles].sort((a, b) => a - b));
  expect([...drawOrder].sort((a, b) => a - b)).toEqual(mineTiles);
}

describe('mines layout', () => {
  it('has exactly m distinct tiles in 0..24, sorted, with the draw order as a permutation', () => {
    fc.assert(
      fc.property(betSeedsArbitrary, mineCountArbitrary, (seeds, mineCount) => {
        const { mineTiles, drawOrder } = minesLayout(seeds, mineCount);
        expectValidLayout(mineTiles, drawOrder, mineCount);
      }),
    );
  });

  it('is valid for any floats, including the extremes', () => {
    fc.assert(
      fc.property(
        fc.array(derivedFloatArbitrary, { minLength: 24, maxLength: 24 }),
        mineCountArbitrary,
        (floats, m) => {
          const drawOrder = mineDrawOrderFromFloats(floats, m);
          expectValidLayout(
            [...drawOrder].sort((a, b) => a - b),
            drawOrder,
            m,
          );
        },
      ),
    );
    expect(mineDrawOrderFromFloats(Array(24).fill(0), 24)).toEqual([...Array(24).keys()]);
    expect(mineDrawOrderFromFloats(Array(24).fill(1 - 2 ** -32), 3)).toEqual([24, 23, 22]);
  });

  it('is a prefix of the full shuffle: more mines only add draws', () => {
    fc.assert(
      fc.property(betSeedsArbitrary, mineCountArbitrary, (seeds, mineCount) => {
        const full = minesLayout(seeds, 24).drawOrder;
        expect(minesLayout(seeds, mineCount).drawOrder).toEqual(full.slice(0, mineCount));
      }),
      { numRuns: 50 },
    );
  });

  it('is deterministic and rejects bad input', () => {
    fc.assert(
      fc.property(betSeedsArbitrary, mineCountArbitrary, (seeds, mineCount) => {
        expect(minesLayout({ ...seeds }, mineCount)).toEqual(minesLayout(seeds, mineCount));
      }),
      { numRuns: 50 },
    );
    expect(() => mineDrawOrderFromFloats([0.5, 0.5], 3)).toThrow(RangeError);
    for (const mineCount of [0, 25, 2.5]) {
      expect(() => mineDrawOrderFromFloats(Array(24).fill(0.5), mineCount)).toThrow(RangeError);
    }
  });
});

describe('mines multiplier', () => {
  it('computes C(n, k) exactly (Pascal’s rule)', () => {
    for (let n = 1; n <= 25; n++) {
      for (let k = 1; k < n; k++) expect(binomial(n, k)).toBe(binomial(n - 1, k - 1) + binomial(n - 1, k));
      expect(binomial(n, 0)).toBe(1n);
      expect(binomial(n, n)).toBe(1n);
      expect(binomial(n, n + 1)).toBe(0n);
    }
    expect(binomial(25, 12)).toBe(5_200_300n);
  });

  it('is floor(99 · Π (25 − i) / (25 − m − i)) hundredths', () => {
    fc.assert(
      fc.property(cashOutArbitrary, ({ mineCount, safeTileCount }) => {
        let allPicks = 1n;
        let safePicks = 1n;
        for (let i = 0; i < safeTileCount; i++) {
          allPicks *= BigInt(25 - i);
          safePicks *= BigInt(25 - mineCount - i);
        }
        expect(minesMultiplierHundredths(mineCount, safeTileCount)).toBe((99n * allPicks) / safePicks);
        expect(minesMultiplier(mineCount, safeTileCount)).toEqual(
          multiplierFromHundredths((99n * allPicks) / safePicks),
        );
      }),
    );
  });

  it('gives an RTP in (99 % − P(win) · 0.01, 99 %]: the exact fair price, floored to 0.01', () => {
    fc.assert(
      fc.property(cashOutArbitrary, ({ mineCount, safeTileCount }) => {
        const hundredths = minesMultiplierHundredths(mineCount, safeTileCount);
        const allPicks = binomial(25, safeTileCount);
        const safePicks = binomial(25 - mineCount, safeTileCount);
        // RTP = P(win) · multiplier = safePicks / allPicks · hundredths / 100, compared with 99/100.
        expect(safePicks * hundredths).toBeLessThanOrEqual(99n * allPicks);
        expect(safePicks * (hundredths + 1n)).toBeGreaterThan(99n * allPicks);
      }),
    );
  });

  it('grows with every safe pick and with more mines', () => {
    fc.assert(
      fc.property(cashOutArbitrary, ({ mineCount, safeTileCount }) => {
        const here = minesMultiplierHundredths(mineCount, safeTileCount);
        if (safeTileCount < minesSafeTileCountMax(mineCount)) {
          expect(minesMultiplierHundredths(mineCount, safeTileCount + 1)).toBeGreaterThan(here);
        }
        if (mineCount < 24 && safeTileCount <= minesSafeTileCountMax(mineCount + 1)) {
          expect(minesMultiplierHundredths(mineCount + 1, safeTileCount)).toBeGreaterThanOrEqual(here);
        }
      }),
    );
  });

  it('matches a few hand-computed values', () => {
    expect(minesMultiplierHundredths(1, 1)).toBe(103n); // 0.99 · 25/24 = 1.03125
    expect(minesMultiplierHundredths(3, 1)).toBe(112n); // 0.99 · 25/22 = 1.125
    expect(minesMultiplierHundredths(3, 5)).toBe(199n); // 0.99 · 53130/26334 = 1.9973…
    expect(minesMultiplierHundredths(24, 1)).toBe(2475n); // 0.99 · 25
    expect(minesMultiplierHundredths(1, 24)).toBe(2475n); // 0.99 · 25/1
    expect(minesMultiplierHundredths(12, 13)).toBe(514_829_700n); // 0.99 · C(25, 13)
  });

  it('rejects cash-outs before any pick or beyond the safe tiles', () => {
    expect(() => minesMultiplier(3, 0)).toThrow(RangeError);
    expect(() => minesMultiplier(3, 23)).toThrow(RangeError);
    expect(() => minesMultiplier(25, 1)).toThrow(RangeError);
  });
});
