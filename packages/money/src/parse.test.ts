import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimalString, centsToReais } from './cents.ts';
import { MONEY_ERROR_KEYS, MoneyError, type MoneyErrorKey } from './errors.ts';
import { MAX_AMOUNT_CENTS, parseAmountToCents, reaisToCents, tryParseAmountToCents } from './parse.ts';

function errorKeyOf(input: unknown): MoneyErrorKey | undefined {
  const result = tryParseAmountToCents(input);
  return result.ok ? undefined : result.errorKey;
}

const centsInRange = fc.bigInt({ min: 0n, max: MAX_AMOUNT_CENTS });

/** Readable test titles: %j cannot print a bigint and a 100 000-digit string helps nobody. */
function labelOf(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 20 ? `${input.slice(0, 20)}…` : input);
  if (typeof input === 'bigint') return `${input}n`;
  if (typeof input === 'number') return Object.is(input, -0) ? '-0' : String(input);
  return JSON.stringify(input) ?? String(input);
}

function labelled<T extends readonly [unknown, unknown]>(cases: readonly T[]) {
  return cases.map(([input, expected]) => ({ label: labelOf(input), input, expected }));
}

/** The neighbouring double of a positive finite number, one unit in the last place away. */
function adjacentDouble(value: number, direction: 1 | -1): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(direction));
  return view.getFloat64(0);
}

describe('parseAmountToCents accepts', () => {
  it.each(
    labelled([
      ['10', 1000n],
      ['10.5', 1050n],
      ['10.50', 1050n],
      ['0', 0n],
      ['0.01', 1n],
      ['0.1', 10n],
      ['1234.56', 123456n],
      ['1000000000000', MAX_AMOUNT_CENTS],
      ['1000000000000.00', MAX_AMOUNT_CENTS],
      [10, 1000n],
      [10.5, 1050n],
      [0.01, 1n],
      [0.07, 7n],
      [1234.5, 123450n],
      [0, 0n],
      [1e12, MAX_AMOUNT_CENTS],
      [999999999999.99, MAX_AMOUNT_CENTS - 1n],
    ]),
  )('$label → $expected centavos', ({ input, expected }) => {
    expect(parseAmountToCents(input)).toBe(expected);
  });
});

describe('parseAmountToCents refuses, saying why', () => {
  it.each(
    labelled<[unknown, MoneyErrorKey]>([
      [Number.NaN, MONEY_ERROR_KEYS.notFinite],
      [Number.POSITIVE_INFINITY, MONEY_ERROR_KEYS.notFinite],
      [Number.NEGATIVE_INFINITY, MONEY_ERROR_KEYS.notFinite],
      ['NaN', MONEY_ERROR_KEYS.notFinite],
      ['Infinity', MONEY_ERROR_KEYS.notFinite],
      [-1, MONEY_ERROR_KEYS.negative],
      [-0.01, MONEY_ERROR_KEYS.negative],
      [-0, MONEY_ERROR_KEYS.negative],
      ['-1', MONEY_ERROR_KEYS.negative],
      ['-0', MONEY_ERROR_KEYS.negative],
      ['-Infinity', MONEY_ERROR_KEYS.negative],
      [10.005, MONEY_ERROR_KEYS.tooManyDecimals],
      ['10.005', MONEY_ERROR_KEYS.tooManyDecimals],
      ['10.500', MONEY_ERROR_KEYS.tooManyDecimals],
      [0.1 + 0.2, MONEY_ERROR_KEYS.tooManyDecimals],
      [1.005, MONEY_ERROR_KEYS.tooManyDecimals],
      ['1e3', MONEY_ERROR_KEYS.exponent],
      ['1E3', MONEY_ERROR_KEYS.exponent],
      ['1.5e2', MONEY_ERROR_KEYS.exponent],
      [1e21, MONEY_ERROR_KEYS.exponent],
      [1e-7, MONEY_ERROR_KEYS.exponent],
      [5e-324, MONEY_ERROR_KEYS.exponent],
      [Number.MAX_VALUE, MONEY_ERROR_KEYS.exponent],
      ['', MONEY_ERROR_KEYS.empty],
      [' ', MONEY_ERROR_KEYS.whitespace],
      [' 10', MONEY_ERROR_KEYS.whitespace],
      ['10 ', MONEY_ERROR_KEYS.whitespace],
      ['10\n', MONEY_ERROR_KEYS.whitespace],
      ['1 000', MONEY_ERROR_KEYS.whitespace],
      ['\u00a010', MONEY_ERROR_KEYS.whitespace],
      ['0x10', MONEY_ERROR_KEYS.radixPrefix],
      ['0X1A', MONEY_ERROR_KEYS.radixPrefix],
      ['0b101', MONEY_ERROR_KEYS.radixPrefix],
      ['0o17', MONEY_ERROR_KEYS.radixPrefix],
      ['+10', MONEY_ERROR_KEYS.plusSign],
      ['10,50', MONEY_ERROR_KEYS.comma],
      ['1,000.00', MONEY_ERROR_KEYS.comma],
      ['.5', MONEY_ERROR_KEYS.malformed],
      ['10.', MONEY_ERROR_KEYS.malformed],
      ['1.2.3', MONEY_ERROR_KEYS.malformed],
      ['R$10', MONEY_ERROR_KEYS.malformed],
      ['10abc', MONEY_ERROR_KEYS.malformed],
      ['1_000', MONEY_ERROR_KEYS.malformed],
      ['١٠', MONEY_ERROR_KEYS.malformed],
      ['０', MONEY_ERROR_KEYS.malformed],
      ['010', MONEY_ERROR_KEYS.leadingZero],
      ['00.50', MONEY_ERROR_KEYS.leadingZero],
      ['1000000000000.01', MONEY_ERROR_KEYS.tooLarge],
      ['9999999999999', MONEY_ERROR_KEYS.tooLarge],
      ['1'.repeat(100_000), MONEY_ERROR_KEYS.tooLarge],
      [1e12 + 0.01, MONEY_ERROR_KEYS.tooLarge],
      [2 ** 53 + 2, MONEY_ERROR_KEYS.tooLarge],
      [Number.MAX_SAFE_INTEGER, MONEY_ERROR_KEYS.tooLarge],
      [null, MONEY_ERROR_KEYS.invalidType],
      [undefined, MONEY_ERROR_KEYS.invalidType],
      [10n, MONEY_ERROR_KEYS.invalidType],
      [true, MONEY_ERROR_KEYS.invalidType],
      [{ valueOf: () => 10 }, MONEY_ERROR_KEYS.invalidType],
      [['10'], MONEY_ERROR_KEYS.invalidType],
    ]),
  )('$label → $expected', ({ input, expected }) => {
    expect(errorKeyOf(input)).toBe(expected);
    expect(() => parseAmountToCents(input)).toThrow(MoneyError);
  });

  it('throws a MoneyError whose key and message name the reason', () => {
    const error = (() => {
      try {
        parseAmountToCents('10.005');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(MoneyError);
    expect((error as MoneyError).key).toBe('money.amount.too_many_decimals');
    expect((error as MoneyError).message).toContain('"10.005"');
  });
});

describe('parseAmountToCents properties', () => {
  it('round-trips the decimal text of every amount in range', () => {
    fc.assert(
      fc.property(centsInRange, (amountCents) => {
        expect(parseAmountToCents(centsToDecimalString(amountCents))).toBe(amountCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips the JSON number of every amount in range, as number and as its shortest text', () => {
    fc.assert(
      fc.property(centsInRange, (amountCents) => {
        const reais = centsToReais(amountCents);
        expect(parseAmountToCents(reais)).toBe(amountCents);
        expect(parseAmountToCents(JSON.parse(JSON.stringify({ reais })).reais)).toBe(amountCents);
        expect(parseAmountToCents(String(reais))).toBe(amountCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts no text with 3 or more decimals, even with trailing zeros', () => {
    const integerText = fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String);
    const fractionText = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 3, maxLength: 12 });
    fc.assert(
      fc.property(integerText, fractionText, (integerDigits, fractionDigits) => {
        expect(errorKeyOf(`${integerDigits}.${fractionDigits}`)).toBe(MONEY_ERROR_KEYS.tooManyDecimals);
      }),
    );
  });

  it('accepts no number whose shortest text has 3 or more decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        fc.pre(/\.\d{3,}$/.test(String(value)));
        expect(tryParseAmountToCents(value).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('never rounds a number: whatever it accepts converts back to the very same double', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const result = tryParseAmountToCents(value);
        if (result.ok) expect(centsToReais(result.amountCents)).toBe(value);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses the doubles right next to every exact amount, which a rounding parser would accept', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_AMOUNT_CENTS - 1n }), (amountCents) => {
        const reais = centsToReais(amountCents);
        expect(errorKeyOf(adjacentDouble(reais, 1))).toBe(MONEY_ERROR_KEYS.tooManyDecimals);
        expect(errorKeyOf(adjacentDouble(reais, -1))).toBe(MONEY_ERROR_KEYS.tooManyDecimals);
      }),
      { numRuns: 2000 },
    );
  });

  it('never rounds a text: whatever it accepts is the canonical decimal, zero-padded', () => {
    const decimalish = fc.string({ unit: fc.constantFrom(...'0123456789.-+e, x'), maxLength: 16 });
    fc.assert(
      fc.property(fc.oneof(decimalish, fc.string()), (text) => {
        const result = tryParseAmountToCents(text);
        if (!result.ok) return;
        expect(text).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/);
        const [integerDigits, fractionDigits = ''] = text.split('.');
        expect(centsToDecimalString(result.amountCents)).toBe(
          `${integerDigits}.${fractionDigits.padEnd(2, '0')}`,
        );
      }),
      { numRuns: 5000 },
    );
  });
});

describe('reaisToCents (the one reais-to-centavos conversion)', () => {
  const twoDecimals = fc.bigInt({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS });

  it('gives back the centavos of every 2-decimal figure the API sends (centsToReais), both signs', () => {
    fc.assert(
      fc.property(twoDecimals, (cents) => {
        expect(reaisToCents(centsToReais(cents))).toBe(cents);
        if (cents >= 0n)
          expect(reaisToCents(centsToReais(cents))).toBe(parseAmountToCents(centsToDecimalString(cents)));
      }),
    );
  });

  it('refuses, never rounds, a figure that is not whole centavos', () => {
    for (const input of [0.125, 0.1 + 0.2, -0.005, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(() => reaisToCents(input)).toThrow(MoneyError);
    }
    expect(reaisToCents(-0)).toBe(0n);
    expect(reaisToCents(0.1) + reaisToCents(0.2)).toBe(30n);
  });
});
