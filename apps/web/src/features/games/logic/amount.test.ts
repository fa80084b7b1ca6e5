import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  clampCents,
  defaultAmountLimits,
  doubleCents,
  halfCents,
  maxStakeCents,
  reaisToCents,
} from './amount';

const limits = defaultAmountLimits;

describe('bet amount', () => {
  it('reads API amounts in reais as whole cents, exactly: a float sum of reais is refused, not rounded', () => {
    expect(reaisToCents(0.1) + reaisToCents(0.2)).toBe(30);
    expect(() => reaisToCents(0.1 + 0.2)).toThrow();
  });

  it('halves and doubles inside the limits R$ 0,10 to R$ 1.000,00', () => {
    expect(halfCents(1000, limits)).toBe(500);
    expect(halfCents(15, limits)).toBe(10);
    expect(halfCents(11, limits)).toBe(10);
    expect(doubleCents(1250, limits)).toBe(2500);
    expect(doubleCents(80_000, limits)).toBe(100_000);
    expect(doubleCents(0, limits)).toBe(10);
    expect(clampCents(5, limits)).toBe(10);
    expect(clampCents(999_999, limits)).toBe(100_000);
  });

  it('max stakes the whole balance below the limit, and the limit otherwise', () => {
    expect(maxStakeCents(limits, 2_345)).toBe(2_345);
    expect(maxStakeCents(limits, 500_000)).toBe(100_000);
    expect(maxStakeCents(limits, 5)).toBe(100_000);
    expect(maxStakeCents(limits, undefined)).toBe(100_000);
  });

  it('names what is wrong with an amount', () => {
    expect(amountProblem(undefined, limits)).toBe('invalid');
    expect(amountProblem(9, limits)).toBe('belowMin');
    expect(amountProblem(100_001, limits)).toBe('aboveMax');
    expect(amountProblem(10, limits)).toBeUndefined();
    expect(amountProblem(100_000, limits)).toBeUndefined();
  });
});
