import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DoubleColor } from './index.ts';
import {
  DOUBLE_WHEEL_ORDER,
  doubleColor,
  doubleColorMultiplier,
  doublePayoutMultiplier,
  doubleRollFromFloat,
  doubleRoundRoll,
  multiplierToNumber,
  rowDoubleRoll,
  ZERO_MULTIPLIER,
} from './index.ts';
import { betSeedsArbitrary, sha256HexArbitrary } from './test-support/arbitraries.ts';

const rolls = [...Array(15).keys()];
const colors: DoubleColor[] = ['white', 'red', 'black'];

describe('double roll', () => {
  it('is floor(u · 15 / 2^32) exactly, in 0..14', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 32 - 1 }), (uint32) => {
        const roll = doubleRollFromFloat(uint32 / 2 ** 32);
        expect(roll).toBe(Number((BigInt(uint32) * 15n) >> 32n));
        expect(roll >= 0 && roll <= 14).toBe(true);
      }),
    );
  });

  it('is deterministic per single-player bet', () => {
    fc.assert(
      fc.property(betSeedsArbitrary, (seeds) => {
        const roll = rowDoubleRoll(seeds);
        expect(rowDoubleRoll({ ...seeds })).toBe(roll);
        expect(Number.isInteger(roll) && roll >= 0 && roll <= 14).toBe(true);
      }),
    );
  });

  it('of a round is floor(HMAC(seed text, salt) · 15 / 2^256)', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, fc.string(), (roundSeedHex, salt) => {
        const hmacInteger = BigInt(`0x${createHmac('sha256', roundSeedHex).update(salt).digest('hex')}`);
        const roll = doubleRoundRoll(roundSeedHex, salt);
        expect(roll).toBe(Number((hmacInteger * 15n) / 2n ** 256n));
        expect(roll >= 0 && roll <= 14).toBe(true);
      }),
    );
  });
});

describe('double colours and wheel', () => {
  it('has 1 white (0), 7 red (1–7) and 7 black (8–14)', () => {
    expect(rolls.map(doubleColor)).toEqual(['white', ...Array(7).fill('red'), ...Array(7).fill('black')]);
    expect(() => doubleColor(15)).toThrow(RangeError);
    expect(() => doubleColor(-1)).toThrow(RangeError);
  });

  it('has every roll exactly once on the wheel, colours alternating after white', () => {
    expect([...DOUBLE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(rolls);
    expect(DOUBLE_WHEEL_ORDER[0]).toBe(0);
    const slotColors = DOUBLE_WHEEL_ORDER.slice(1).map(doubleColor);
    slotColors.forEach((color, slot) => {
      expect(color).toBe(slot % 2 === 0 ? 'black' : 'red');
    });
  });
});

describe('double payout', () => {
  it('pays red 2×, black 2×, white 14×, and 0 on another colour', () => {
    expect(multiplierToNumber(doubleColorMultiplier('red'))).toBe(2);
    expect(multiplierToNumber(doubleColorMultiplier('black'))).toBe(2);
    expect(multiplierToNumber(doubleColorMultiplier('white'))).toBe(14);
    for (const pick of colors) {
      for (const roll of rolls) {
        const expected = doubleColor(roll) === pick ? doubleColorMultiplier(pick) : ZERO_MULTIPLIER;
        expect(doublePayoutMultiplier(pick, roll)).toEqual(expected);
      }
    }
  });

  it('returns 14/15 ≈ 93.3 % on every colour', () => {
    for (const pick of colors) {
      const payoutSum = rolls.reduce(
        (sum, roll) => sum + multiplierToNumber(doublePayoutMultiplier(pick, roll)),
        0,
      );
      expect(payoutSum / 15).toBeCloseTo(14 / 15, 12);
    }
  });
});
