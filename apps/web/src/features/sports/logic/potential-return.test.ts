import { describe, expect, it } from 'vitest';
import { potentialReturnCents, totalOdds } from './potential-return';

describe('potential return', () => {
  it('a single returns stake × odds, floored to the centavo', () => {
    // 10.01 × 1.333 = 13.34333 → R$ 13,34
    expect(potentialReturnCents(1001n, [1.333])).toBe(1334n);
    // 0.99 × 1.85 = 1.8315 → R$ 1,83
    expect(potentialReturnCents(99n, [1.85])).toBe(183n);
  });

  it('a parlay multiplies the odds exactly and floors once, never per leg', () => {
    // 10 × 1.111 × 1.111 × 1.111 = 13.71330... → 13,71 (flooring each leg would give 13,70)
    expect(potentialReturnCents(1000n, [1.111, 1.111, 1.111])).toBe(1371n);
    // 3 × 2.5 × 1.91 = 14.325 → 14,32
    expect(potentialReturnCents(300n, [2.5, 1.91])).toBe(1432n);
  });

  it('no stake, no legs or odds the server cannot take give no number', () => {
    expect(potentialReturnCents(undefined, [2])).toBeUndefined();
    expect(potentialReturnCents(0n, [2])).toBeUndefined();
    expect(potentialReturnCents(100n, [])).toBeUndefined();
    expect(potentialReturnCents(100n, [1.0005])).toBeUndefined();
  });

  it("the parlay's odds are the product floored to the thousandth", () => {
    expect(totalOdds([1.111, 1.111, 1.111])).toBe(1.371);
    expect(totalOdds([2.5, 1.91])).toBe(4.775);
    expect(totalOdds([])).toBeUndefined();
  });
});
