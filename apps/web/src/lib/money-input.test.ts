import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';
import { locales } from './locales';
import {
  amountForApi,
  cleanAmountInput,
  decimalSeparator,
  formatAmountInput,
  parseAmountInput,
  wholeDigitsMax,
} from './money-input';

const largestCents = 10n ** BigInt(wholeDigitsMax + 2) - 1n;
const centavos = fc.bigInt({ min: 0n, max: largestCents });

describe('decimalSeparator', () => {
  it("is the language's decimal mark", () => {
    expect(decimalSeparator('pt_BR')).toBe(',');
    expect(decimalSeparator('en_US')).toBe('.');
    expect(decimalSeparator('de_DE')).toBe(',');
    expect(decimalSeparator('hi_IN')).toBe('.');
  });
});

describe('parseAmountInput in pt_BR (comma decimals)', () => {
  const read = (text: string) => parseAmountInput(text, ',');
  it('reads the comma as the decimal mark', () => {
    expect(read('1,50')).toBe(150n);
    expect(read('1,5')).toBe(150n);
    expect(read('0,10')).toBe(10n);
    expect(read(',5')).toBe(50n);
    expect(read('12')).toBe(1200n);
    expect(read('12,')).toBe(1200n);
  });
  it('reads a lone dot with 1 or 2 digits after it as the decimals the player meant', () => {
    expect(read('1.50')).toBe(150n);
    expect(read('1.5')).toBe(150n);
  });
  it('reads dots with 3 digits after them as thousands', () => {
    expect(read('1.500')).toBe(150_000n);
    expect(read('1.000.000')).toBe(100_000_000n);
    expect(read('1.234,56')).toBe(123_456n);
    expect(read('R$ 1.234,56')).toBe(123_456n);
  });
  it('refuses what is not an amount', () => {
    for (const text of [
      '',
      ' ',
      ',',
      '1,505',
      '1.5000',
      '1.00.0',
      '1,2,3',
      '1,5.3',
      '12a',
      'abc',
      '1.2,50',
      '-5',
    ]) {
      expect(read(text), text).toBeUndefined();
    }
  });
  it('refuses more whole digits than any field takes', () => {
    expect(read('9'.repeat(wholeDigitsMax))).toBe(BigInt('9'.repeat(wholeDigitsMax)) * 100n);
    expect(read('9'.repeat(wholeDigitsMax + 1))).toBeUndefined();
  });
});

describe('parseAmountInput in en_US (dot decimals)', () => {
  const read = (text: string) => parseAmountInput(text, '.');
  it('reads the dot as the decimal mark and commas as thousands', () => {
    expect(read('1.50')).toBe(150n);
    expect(read('1,234.56')).toBe(123_456n);
    expect(read('1,500')).toBe(150_000n);
  });
  it('reads a lone comma with 1 or 2 digits after it as decimals', () => {
    expect(read('1,50')).toBe(150n);
    expect(read('1,5')).toBe(150n);
  });
  it('reads the lakh grouping of hi_IN', () => {
    expect(read('1,23,456.78')).toBe(12_345_678n);
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and the decimal mark once, at most 2 decimals', () => {
    expect(cleanAmountInput('1,505', ',')).toBe('1,50');
    expect(cleanAmountInput('1,5,0', ',')).toBe('1,50');
    expect(cleanAmountInput('12a', ',')).toBe('12');
    expect(cleanAmountInput('abc', ',')).toBe('');
    expect(cleanAmountInput(',5', ',')).toBe('0,5');
    expect(cleanAmountInput('007', ',')).toBe('7');
  });
  it('keeps thousands marks as typed, never two in a row, none after the decimals', () => {
    expect(cleanAmountInput('1.500', ',')).toBe('1.500');
    expect(cleanAmountInput('1..5', ',')).toBe('1.5');
    expect(cleanAmountInput('1.,5', ',')).toBe('1,5');
    expect(cleanAmountInput('1,5.3', ',')).toBe('1,53');
    expect(cleanAmountInput('R$ 1.234,56', ',')).toBe('1.234,56');
  });
  it('stops taking whole digits at the field limit', () => {
    expect(cleanAmountInput('1'.repeat(wholeDigitsMax + 3), '.')).toBe('1'.repeat(wholeDigitsMax));
  });
});

describe('amount text properties', () => {
  it('reads back every amount the field writes, in both decimal conventions', () => {
    fc.assert(
      fc.property(centavos, fc.constantFrom(',', '.'), (cents, decimal) => {
        const text = formatAmountInput(cents, decimal);
        expect(parseAmountInput(text, decimal)).toBe(cents);
        expect(cleanAmountInput(text, decimal)).toBe(text);
      }),
    );
  });

  it('reads back every amount the app displays (grouped, in each language) when pasted', () => {
    fc.assert(
      fc.property(centavos, fc.constantFrom(...locales.map((info) => info.code)), (cents, locale) => {
        const shown = formatAmount(Number(cents) / 100, locale);
        expect(parseAmountInput(shown, decimalSeparator(locale))).toBe(cents);
      }),
    );
  });

  it('never reads more decimals than two, and what it reads is what the API is sent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '5', '9', ',', '.', ' ', 'a') }), (text) => {
        for (const decimal of [',', '.']) {
          const cents = parseAmountInput(text, decimal);
          if (cents !== undefined) {
            expect(cents >= 0n).toBe(true);
            expect(amountForApi(cents)).toMatch(/^\d+\.\d{2}$/);
          }
          // What the field keeps is always something the reader understands or an unfinished amount.
          const kept = cleanAmountInput(text, decimal);
          expect(kept).toMatch(/^[0-9.,]*$/);
        }
      }),
    );
  });
});
