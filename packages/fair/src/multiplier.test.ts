import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMultiplier,
  formatMultiplier,
  multiplierFromFraction,
  multiplierFromHundredths,
  multiplierToNumber,
} from './index.ts';

const fractionArbitrary = fc.record({
  numerator: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  denominator: fc.bigInt({ min: 1n, max: 10n ** 9n }),
});

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  return b === 0n ? a : greatestCommonDivisor(b, a % b);
}

describe('multipliers', () => {
  it('are reduced fractions of the same value', () => {
    fc.assert(
      fc.property(fractionArbitrary, ({ numerator, denominator }) => {
        const multiplier = multiplierFromFraction(numerator, denominator);
        expect(multiplier.denominator > 0n).toBe(true);
        expect(greatestCommonDivisor(multiplier.numerator, multiplier.denominator)).toBe(1n);
        expect(multiplier.numerator * denominator).toBe(numerator * multiplier.denominator);
      }),
    );
    expect(multiplierFromHundredths(200)).toEqual({ numerator: 2n, denominator: 1n });
    expect(multiplierFromHundredths(0)).toEqual({ numerator: 0n, denominator: 1n });
  });

  it('turn a stake into floor(stake · multiplier) centavos exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fractionArbitrary, (stakeCents, fraction) => {
        const multiplier = multiplierFromFraction(fraction.numerator, fraction.denominator);
        const payoutCents = applyMultiplier(stakeCents, multiplier);
        const exactTimesDenominator = stakeCents * multiplier.numerator;
        expect(payoutCents * multiplier.denominator <= exactTimesDenominator).toBe(true);
        expect((payoutCents + 1n) * multiplier.denominator > exactTimesDenominator).toBe(true);
      }),
    );
    expect(applyMultiplier(333n, multiplierFromHundredths(196))).toBe(652n); // 652.68
  });

  it('format rounding down, never promising more than they pay', () => {
    const underHalf = multiplierFromFraction(990099n, 500000n); // 1.980198
    expect(formatMultiplier(underHalf)).toBe('1.98');
    expect(formatMultiplier(underHalf, 4)).toBe('1.9801');
    expect(formatMultiplier(underHalf, 0)).toBe('1');
    expect(formatMultiplier(multiplierFromHundredths(5))).toBe('0.05');
    expect(multiplierToNumber(underHalf)).toBeCloseTo(1.980198, 12);
  });

  it('reject negative values', () => {
    expect(() => multiplierFromFraction(-1n, 2n)).toThrow(RangeError);
    expect(() => multiplierFromFraction(1n, 0n)).toThrow(RangeError);
    expect(() => applyMultiplier(-1n, multiplierFromHundredths(200))).toThrow(RangeError);
  });
});
