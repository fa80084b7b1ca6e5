import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CashoutLeg, cashoutValueCents, equivalentHandicapQuarters, partialCashout } from './cashout.ts';

const open = (oddsMilli: number, currentOddsMilli: number, ...otherOddsMilli: number[]): CashoutLeg => ({
  state: 'open',
  oddsMilli,
  currentOddsMilli,
  otherOddsMilli,
});

describe('cash-out value', () => {
  it.each([
    // stake R$ 100 at 2.00; now an even 2.00/2.00 market: fair value R$ 100, less 5 % → R$ 95.
    ['unchanged even market', 10_000n, [open(2000, 2000, 2000)], 500, 9_500n],
    // The pick shortened to 1.25 against 5.00: p = 0.8, worth 100 × 2 × 0.8 = 160, less 5 % = 152.
    ['the pick is winning', 10_000n, [open(2000, 1250, 5000)], 500, 15_200n],
    // Overround taken out: 1.90/1.90 is still p = 0.5.
    ['overround removed', 10_000n, [open(2000, 1900, 1900)], 0, 10_000n],
    // A 1X2 leg: 3.00/3.00/3.00 → p = 1/3; 10.00 × 3.00 / 3 = 10.00, no margin.
    ['three-way market', 1_000n, [open(3000, 3000, 3000, 3000)], 0, 1_000n],
    // A parlay with one leg won at 1.50 and one open at even money: 100 × 1.5 × 2 × 0.5 × 0.95 = 142.50.
    [
      'parlay with a won leg',
      10_000n,
      [{ state: 'decided', oddsMilli: 1500, result: 10 }, open(2000, 2000, 2000)],
      500,
      14_250n,
    ],
    // A refunded leg counts 1; a half-won leg (1 + odds) / 2.
    [
      'parlay with a push and a half win',
      10_000n,
      [
        { state: 'decided', oddsMilli: 1900, result: 90 },
        { state: 'decided', oddsMilli: 2000, result: 21 },
        open(2000, 2000, 2000),
      ],
      0,
      15_000n,
    ],
    // Floored to the centavo: 1/3 of R$ 0.10 × 2.00 × ...
    ['floored', 10n, [open(2000, 3000, 1500)], 0, 6n],
  ] as const)('%s', (_name, stake, legs, margin, expected) => {
    expect(cashoutValueCents(stake, legs as readonly CashoutLeg[], margin)).toBe(expected);
  });

  it('is not offered for a lost parlay, an all-settled bet or nothing left to sell', () => {
    expect(
      cashoutValueCents(
        10_000n,
        [{ state: 'decided', oddsMilli: 1500, result: 20 }, open(2000, 2000, 2000)],
        500,
      ),
    ).toBeNull();
    expect(cashoutValueCents(10_000n, [{ state: 'decided', oddsMilli: 1500, result: 10 }], 500)).toBeNull();
    expect(cashoutValueCents(0n, [open(2000, 2000, 2000)], 500)).toBeNull();
  });

  it('never exceeds what the bet could still pay, and falls as the margin rises', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 101, max: 5000 }),
            fc.integer({ min: 101, max: 5000 }),
            fc.integer({ min: 101, max: 5000 }),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 2000 }),
        (stake, raw, margin) => {
          const legs = raw.map(([placed, now, other]) => open(placed * 10, now * 10, other * 10));
          const value = cashoutValueCents(stake, legs, margin) ?? 0n;
          const potential = legs.reduce((acc, leg) => (acc * BigInt(leg.oddsMilli)) / 1000n, stake) + 1n;
          expect(value).toBeLessThanOrEqual(potential * 1n + 1n);
          expect(value).toBeLessThanOrEqual(cashoutValueCents(stake, legs, 0) ?? 0n);
        },
      ),
    );
  });
});

describe('partial cash-out', () => {
  it.each([
    // Half of R$ 10.01 of stake worth R$ 15.03: sells R$ 5.00 (floored), pays 15.03 × 500/1001 = 7.50 (floored).
    [1_001n, 1_503n, 50, { soldStakeCents: 500n, paidCents: 750n, remainingStakeCents: 501n }],
    [1_000n, 1_999n, 50, { soldStakeCents: 500n, paidCents: 999n, remainingStakeCents: 500n }],
    [1_000n, 1_999n, 100, { soldStakeCents: 1_000n, paidCents: 1_999n, remainingStakeCents: 0n }],
    [3n, 10n, 33, { soldStakeCents: 0n }],
  ] as const)('stake %s worth %s, %i %%', (stake, value, fraction, expected) => {
    const result = partialCashout(stake, value, fraction);
    if (expected.soldStakeCents === 0n) expect(result).toBeNull();
    else expect(result).toEqual(expected);
  });

  it('never pays more than the fraction of the value, and keeps stake whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.integer({ min: 1, max: 100 }),
        (stake, value, fraction) => {
          const result = partialCashout(stake, value, fraction);
          if (!result) return;
          expect(result.soldStakeCents + result.remainingStakeCents).toBe(stake);
          expect(result.paidCents * 100n).toBeLessThanOrEqual(value * BigInt(fraction) + 100n);
          expect(result.paidCents * stake).toBeLessThanOrEqual(value * result.soldStakeCents);
        },
      ),
    );
  });
});

describe('in-play handicap after a goal', () => {
  it('finds the current market whose line is shifted by the change of margin', () => {
    // Home −0.5 placed at 0-0; home scored: the leg now reads as home +0.5 on the remaining goals.
    expect(equivalentHandicapQuarters(-2, { home: 0, away: 0 }, { home: 1, away: 0 })).toBe(2);
    expect(equivalentHandicapQuarters(-2, { home: 1, away: 0 }, { home: 1, away: 1 })).toBe(-6);
    expect(equivalentHandicapQuarters(3, { home: 2, away: 2 }, { home: 2, away: 2 })).toBe(3);
  });
});
