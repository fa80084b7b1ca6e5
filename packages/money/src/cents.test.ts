import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  centsToReais,
  formatCents,
  mulCentsByRatio,
  subtractCentsNonNegative,
  sumCents,
} from './cents.ts';
import { MONEY_ERROR_KEYS, MoneyError } from './errors.ts';

function thrownKey(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof MoneyError) return error.key;
    throw error;
  }
  return undefined;
}

describe('centsToDecimalString', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [123456n, '1234.56'],
    [100n, '1.00'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
    [10n ** 20n, '1000000000000000000.00'],
  ])('%s → %s', (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });
});

describe('centsToReais', () => {
  it.each([
    [123456n, 1234.56],
    [0n, 0],
    [1n, 0.01],
    [7n, 0.07],
    [-123456n, -1234.56],
    [999_999_999_999_999n, 9_999_999_999_999.99],
  ])('%s → %s', (cents, expected) => {
    expect(centsToReais(cents)).toBe(expected);
  });

  it('is exact: the JSON text of the number is the decimal amount', () => {
    expect(JSON.stringify({ balance: centsToReais(123456n) })).toBe('{"balance":1234.56}');
    fc.assert(
      fc.property(fc.bigInt({ min: -999_999_999_999_999n, max: 999_999_999_999_999n }), (cents) => {
        const canonical = centsToDecimalString(cents).replace(/\.?0+$/, '') || '0';
        const expectedText = canonical === '-0' ? '0' : canonical;
        expect(JSON.stringify(centsToReais(cents))).toBe(expectedText);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses amounts beyond 15 significant digits instead of rounding them', () => {
    expect(thrownKey(() => centsToReais(1_000_000_000_000_000n))).toBe(MONEY_ERROR_KEYS.notExactAsNumber);
    expect(thrownKey(() => centsToReais(-1_000_000_000_000_000n))).toBe(MONEY_ERROR_KEYS.notExactAsNumber);
  });
});

describe('formatCents', () => {
  // Intl separates "R$" from the number with U+00A0 NO-BREAK SPACE, not an ASCII space.
  it('formats pt-BR reais with a no-break space after the symbol', () => {
    expect(formatCents(123456n)).toBe('R$\u00a01.234,56');
    expect(formatCents(123456n, 'pt-BR', 'BRL')).toBe('R$\u00a01.234,56');
    expect(formatCents(123456n, 'pt_BR', 'BRL')).toBe('R$\u00a01.234,56');
  });

  it.each([
    [0n, 'R$\u00a00,00'],
    [1n, 'R$\u00a00,01'],
    [100n, 'R$\u00a01,00'],
    [-123456n, '-R$\u00a01.234,56'],
    [100_000_000_000_000n, 'R$\u00a01.000.000.000.000,00'],
    // Beyond 2^53: Intl gets the exact decimal text, so nothing is rounded.
    [9_999_999_999_999_999_99n, 'R$\u00a09.999.999.999.999.999,99'],
  ])('%s → %j', (cents, expected) => {
    expect(formatCents(cents, 'pt-BR', 'BRL')).toBe(expected);
  });

  it('follows the locale and the currency', () => {
    expect(formatCents(123456n, 'en-US', 'USD')).toBe('$1,234.56');
    expect(formatCents(123456n, 'en-US', 'BRL')).toBe('R$1,234.56');
  });

  it('refuses an unknown locale or currency with the Intl RangeError', () => {
    expect(() => formatCents(1n, 'not a locale!', 'BRL')).toThrow(RangeError);
    expect(() => formatCents(1n, 'pt-BR', 'REAL')).toThrow(RangeError);
  });
});

describe('sumCents', () => {
  it('adds any iterable of centavos', () => {
    expect(sumCents([])).toBe(0n);
    expect(sumCents([1n, 2n, 3n])).toBe(6n);
    expect(sumCents(new Set([100n, -30n]))).toBe(70n);
    expect(sumCents([2n ** 70n, 2n ** 70n])).toBe(2n ** 71n);
  });
});

describe('subtractCentsNonNegative', () => {
  it('returns the remaining balance, down to zero', () => {
    expect(subtractCentsNonNegative(1000n, 300n)).toBe(700n);
    expect(subtractCentsNonNegative(1000n, 1000n)).toBe(0n);
    expect(subtractCentsNonNegative(0n, 0n)).toBe(0n);
  });

  it('throws instead of letting a balance go negative', () => {
    expect(thrownKey(() => subtractCentsNonNegative(1000n, 1001n))).toBe(
      MONEY_ERROR_KEYS.insufficientBalance,
    );
    expect(thrownKey(() => subtractCentsNonNegative(0n, 1n))).toBe(MONEY_ERROR_KEYS.insufficientBalance);
  });

  it('refuses negative operands, which would hide a credit inside a debit', () => {
    expect(thrownKey(() => subtractCentsNonNegative(1000n, -1n))).toBe(MONEY_ERROR_KEYS.negativeOperand);
    expect(thrownKey(() => subtractCentsNonNegative(-1n, 0n))).toBe(MONEY_ERROR_KEYS.negativeOperand);
  });

  it('never returns a negative balance', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (a, b) => {
          if (b > a)
            expect(thrownKey(() => subtractCentsNonNegative(a, b))).toBe('money.cents.insufficient_balance');
          else expect(subtractCentsNonNegative(a, b)).toBe(a - b);
        },
      ),
    );
  });
});

describe('mulCentsByRatio', () => {
  it.each([
    // A R$ 10,00 stake at odds 2.35 pays R$ 23,50.
    [1000n, 235n, 100n, 2350n],
    // R$ 0,01 at 1.5 would be 1.5 centavos: floored to 1.
    [1n, 3n, 2n, 1n],
    [333n, 1n, 3n, 111n],
    [334n, 1n, 3n, 111n],
    [1000n, 0n, 7n, 0n],
    [0n, 5n, 3n, 0n],
    // Floor, not truncation, for negative results.
    [-1n, 3n, 2n, -2n],
    [-3n, 1n, 3n, -1n],
    [10n, -1n, 3n, -4n],
  ])('%s × %s / %s → %s', (cents, numerator, denominator, expected) => {
    expect(mulCentsByRatio(cents, numerator, denominator)).toBe(expected);
  });

  it('refuses a zero or negative denominator', () => {
    expect(thrownKey(() => mulCentsByRatio(100n, 1n, 0n))).toBe(MONEY_ERROR_KEYS.invalidRatio);
    expect(thrownKey(() => mulCentsByRatio(100n, 1n, -2n))).toBe(MONEY_ERROR_KEYS.invalidRatio);
  });

  it('floors: the result is the largest integer not above the exact product', () => {
    const anyCents = fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n });
    const numerator = fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n });
    const denominator = fc.bigInt({ min: 1n, max: 10n ** 6n });
    fc.assert(
      fc.property(anyCents, numerator, denominator, (cents, ratioNumerator, ratioDenominator) => {
        const resultCents = mulCentsByRatio(cents, ratioNumerator, ratioDenominator);
        const exactTimesDenominator = cents * ratioNumerator;
        expect(resultCents * ratioDenominator <= exactTimesDenominator).toBe(true);
        expect((resultCents + 1n) * ratioDenominator > exactTimesDenominator).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never pays more than the exact payout and never a centavo less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.integer({ min: 100, max: 100_000 }),
        (stake, odds) => {
          const payoutCents = mulCentsByRatio(stake, BigInt(odds), 100n);
          const exactTimes100 = stake * BigInt(odds);
          expect(payoutCents * 100n <= exactTimes100).toBe(true);
          expect(exactTimes100 - payoutCents * 100n < 100n).toBe(true);
        },
      ),
    );
  });
});
