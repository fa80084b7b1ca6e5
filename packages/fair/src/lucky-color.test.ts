import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LuckyColorPick } from './index.ts';
import {
  luckyColorPayoutHundredths,
  luckyColorPayoutMultiplier,
  luckyColorRoundNumber,
  luckyColorsOfNumber,
  multiplierFromHundredths,
} from './index.ts';
import { sha256HexArbitrary } from './test-support/arbitraries.ts';

const numbers = [...Array(10).keys()];

// Rows: numbers 0..9; payout in hundredths. Written out by hand from the product rules.
const PAYOUT_TABLE: Record<string, readonly number[]> = {
  green: [0, 196, 0, 196, 0, 147, 0, 196, 0, 196],
  red: [147, 0, 196, 0, 196, 0, 196, 0, 196, 0],
  violet: [441, 0, 0, 0, 0, 441, 0, 0, 0, 0],
  big: [0, 0, 0, 0, 0, 196, 196, 196, 196, 196],
  small: [196, 196, 196, 196, 196, 0, 0, 0, 0, 0],
};

describe('lucky color numbers', () => {
  it('of a round are floor(HMAC(seed text, salt) · 10 / 2^256), in 0..9', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, fc.string(), (roundSeedHex, salt) => {
        const hmacInteger = BigInt(`0x${createHmac('sha256', roundSeedHex).update(salt).digest('hex')}`);
        const number = luckyColorRoundNumber(roundSeedHex, salt);
        expect(number).toBe(Number((hmacInteger * 10n) / 2n ** 256n));
        expect(Number.isInteger(number) && number >= 0 && number <= 9).toBe(true);
      }),
    );
  });

  it('show green when odd, red when even, and also violet on 0 and 5', () => {
    expect(numbers.map(luckyColorsOfNumber)).toEqual([
      ['red', 'violet'],
      ['green'],
      ['red'],
      ['green'],
      ['red'],
      ['green', 'violet'],
      ['red'],
      ['green'],
      ['red'],
      ['green'],
    ]);
  });
});

describe('lucky color payout', () => {
  it.each(Object.entries(PAYOUT_TABLE))('%s pays per the table', (pick, row) => {
    expect(numbers.map((number) => luckyColorPayoutHundredths(pick as LuckyColorPick, number))).toEqual(row);
  });

  it('pays 8.82× on the exact number only', () => {
    for (const pick of numbers) {
      for (const number of numbers) {
        expect(luckyColorPayoutHundredths(pick, number)).toBe(pick === number ? 882 : 0);
      }
    }
  });

  it('returns the same value as a multiplier, 0 on a loss', () => {
    const picks: LuckyColorPick[] = ['green', 'red', 'violet', 'big', 'small', ...numbers];
    fc.assert(
      fc.property(fc.constantFrom(...picks), fc.constantFrom(...numbers), (pick, number) => {
        const multiplier = luckyColorPayoutMultiplier(pick, number);
        expect(multiplier).toEqual(multiplierFromHundredths(luckyColorPayoutHundredths(pick, number)));
      }),
    );
    expect(luckyColorPayoutMultiplier('green', 5)).toEqual({ numerator: 147n, denominator: 100n });
    expect(luckyColorPayoutMultiplier('red', 1)).toEqual({ numerator: 0n, denominator: 1n });
  });

  it.each([
    ['green', 0.931],
    ['red', 0.931],
    ['violet', 0.882],
    ['big', 0.98],
    ['small', 0.98],
    [7, 0.882],
  ] as const)('%s returns %f over the 10 equally likely numbers', (pick, rtp) => {
    const payoutSum = numbers.reduce((sum, number) => sum + luckyColorPayoutHundredths(pick, number), 0);
    expect(payoutSum).toBe(Math.round(rtp * 1000));
  });

  it('rejects numbers and picks outside 0..9', () => {
    expect(() => luckyColorPayoutHundredths('green', 10)).toThrow(RangeError);
    expect(() => luckyColorPayoutHundredths(10, 3)).toThrow(RangeError);
    expect(() => luckyColorPayoutHundredths(1.5, 3)).toThrow(RangeError);
    expect(() => luckyColorsOfNumber(-1)).toThrow(RangeError);
  });
});
