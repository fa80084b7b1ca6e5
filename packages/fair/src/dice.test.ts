import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiceBet } from './index.ts';
import {
  DICE_ROLL_VALUE_COUNT,
  diceMultiplier,
  dicePayoutMultiplier,
  diceRoll,
  diceRollFromFloat,
  diceRollHundredths,
  diceRollHundredthsFromFloat,
  diceWinChance,
  diceWinningRollCount,
  diceWins,
  formatMultiplier,
  multiplierFromHundredths,
} from './index.ts';
import { betSeedsArbitrary } from './test-support/arbitraries.ts';

const uint32Arbitrary = fc.nat({ max: 2 ** 32 - 1 });

/** Any bet whose nominal chance is 0.01 %..98 %. */
const diceBetArbitrary: fc.Arbitrary<DiceBet> = fc.oneof(
  fc
    .integer({ min: 1, max: 9800 })
    .map((targetHundredths) => ({ direction: 'under' as const, targetHundredths })),
  fc
    .integer({ min: 200, max: 9999 })
    .map((targetHundredths) => ({ direction: 'over' as const, targetHundredths })),
);

describe('dice roll', () => {
  it('is floor(u · 10001 / 2^32) exactly: u32 · 10001 < 2^53, so the double math never rounds', () => {
    fc.assert(
      fc.property(uint32Arbitrary, (uint32) => {
        const expected = Number((BigInt(uint32) * 10001n) >> 32n);
        expect(diceRollHundredthsFromFloat(uint32 / 2 ** 32)).toBe(expected);
      }),
    );
  });

  it('lies in 0.00..100.00 on the 0.01 grid', () => {
    fc.assert(
      fc.property(uint32Arbitrary, (uint32) => {
        const rollHundredths = diceRollHundredthsFromFloat(uint32 / 2 ** 32);
        expect(Number.isInteger(rollHundredths)).toBe(true);
        expect(rollHundredths).toBeGreaterThanOrEqual(0);
        expect(rollHundredths).toBeLessThanOrEqual(10000);
        expect(diceRollFromFloat(uint32 / 2 ** 32)).toBe(rollHundredths / 100);
        expect(Math.round(diceRollFromFloat(uint32 / 2 ** 32) * 100)).toBe(rollHundredths);
      }),
    );
    expect(diceRollFromFloat(0)).toBe(0);
    expect(diceRollFromFloat(1 - 2 ** -32)).toBe(100);
  });

  it('is deterministic per bet', () => {
    fc.assert(
      fc.property(betSeedsArbitrary, (seeds) => {
        expect(diceRoll({ ...seeds })).toBe(diceRoll(seeds));
        expect(diceRoll(seeds)).toBe(diceRollHundredths(seeds) / 100);
      }),
    );
  });
});

describe('dice payout', () => {
  it('under X wins on roll < X, over X on roll > X, a tie loses both', () => {
    expect(diceWins({ direction: 'under', targetHundredths: 5000 }, 4999)).toBe(true);
    expect(diceWins({ direction: 'under', targetHundredths: 5000 }, 5000)).toBe(false);
    expect(diceWins({ direction: 'over', targetHundredths: 5000 }, 5000)).toBe(false);
    expect(diceWins({ direction: 'over', targetHundredths: 5000 }, 5001)).toBe(true);
  });

  it('counts winning rolls as X·100 (under) or (100 − X)·100 (over)', () => {
    fc.assert(
      fc.property(diceBetArbitrary, (bet) => {
        let winningRollCount = 0;
        for (let rollHundredths = 0; rollHundredths < DICE_ROLL_VALUE_COUNT; rollHundredths++) {
          if (diceWins(bet, rollHundredths)) winningRollCount++;
        }
        expect(diceWinningRollCount(bet)).toBe(winningRollCount);
        expect(diceWinChance(bet)).toBe(winningRollCount / 10001);
      }),
      { numRuns: 50 },
    );
  });

  it('returns exactly 99 %: Σ over the 10001 equally likely rolls of the payout, / 10001, is 99/100', () => {
    fc.assert(
      fc.property(diceBetArbitrary, (bet) => {
        const multiplier = diceMultiplier(bet);
        const winningRollCount = BigInt(diceWinningRollCount(bet));
        // winningRollCount · num/den / 10001 = 99/100, cross-multiplied to stay in integers.
        expect(winningRollCount * multiplier.numerator * 100n).toBe(99n * 10001n * multiplier.denominator);
      }),
    );
  });

  it('pays 0.99 · 10001 / winningRollCount', () => {
    const underHalf = diceMultiplier({ direction: 'under', targetHundredths: 5000 });
    expect(underHalf).toEqual({ numerator: 990099n, denominator: 500000n });
    expect(formatMultiplier(underHalf, 4)).toBe('1.9801');
    expect(diceMultiplier({ direction: 'over', targetHundredths: 5000 })).toEqual(underHalf);
    expect(diceMultiplier({ direction: 'under', targetHundredths: 1 })).toEqual(
      multiplierFromHundredths(990099),
    );
    expect(diceMultiplier({ direction: 'over', targetHundredths: 9999 })).toEqual(
      multiplierFromHundredths(990099),
    );
    expect(formatMultiplier(diceMultiplier({ direction: 'under', targetHundredths: 9800 }), 4)).toBe(
      '1.0103',
    );
  });

  it('pays the multiplier on a win and 0 on a loss', () => {
    fc.assert(
      fc.property(diceBetArbitrary, fc.integer({ min: 0, max: 10000 }), (bet, rollHundredths) => {
        const payout = dicePayoutMultiplier(bet, rollHundredths);
        expect(payout).toEqual(
          diceWins(bet, rollHundredths) ? diceMultiplier(bet) : { numerator: 0n, denominator: 1n },
        );
      }),
    );
  });

  it('rejects chances outside 0.01 %..98 % and targets off the grid', () => {
    for (const bet of [
      { direction: 'under', targetHundredths: 0 },
      { direction: 'under', targetHundredths: 9801 },
      { direction: 'over', targetHundredths: 199 },
      { direction: 'over', targetHundredths: 10000 },
      { direction: 'under', targetHundredths: 50.5 },
    ] as const) {
      expect(() => diceMultiplier(bet)).toThrow(RangeError);
    }
  });
});
