import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exposureShifts } from './settlement.rules.ts';

describe('exposureShifts', () => {
  it('takes a settled single off its selection and match, and puts a re-opened one back', () => {
    const leg = { selectionId: 7n, matchId: 3n };
    const settled = {
      potentialPayoutCents: 2_100n,
      stakeCents: 1_000n,
      cashedOutStakeCents: 0n,
      legs: [leg],
    };
    expect(exposureShifts([{ ...settled, sign: -1 }])).toEqual({
      selections: [[7n, -2_100n]],
      matches: [[3n, -2_100n]],
    });
    expect(exposureShifts([{ ...settled, sign: 1 }])).toEqual({
      selections: [[7n, 2_100n]],
      matches: [[3n, 2_100n]],
    });
  });

  it('scales to the stake not cashed out, floored, and skips a bet sold back in full', () => {
    const legs = [{ selectionId: 1n, matchId: 1n }];
    // 3,333 of 10,000 still open: 25,000 × 3,333 / 10,000 = 8,332.5 → 8,332.
    expect(
      exposureShifts([
        { sign: -1, potentialPayoutCents: 25_000n, stakeCents: 10_000n, cashedOutStakeCents: 6_667n, legs },
        { sign: -1, potentialPayoutCents: 9_000n, stakeCents: 500n, cashedOutStakeCents: 500n, legs },
      ]),
    ).toEqual({ selections: [[1n, -8_332n]], matches: [[1n, -8_332n]] });
  });

  it('weighs a parlay on every leg, sums per id in ascending order and leaves zero sums out', () => {
    const parlay = {
      sign: -1 as const,
      potentialPayoutCents: 5_000n,
      stakeCents: 1_000n,
      cashedOutStakeCents: 0n,
      legs: [
        { selectionId: 30n, matchId: 9n },
        { selectionId: 10n, matchId: 4n },
      ],
    };
    const reopened = { ...parlay, sign: 1 as const, legs: [{ selectionId: 10n, matchId: 4n }] };
    expect(exposureShifts([parlay, reopened])).toEqual({
      selections: [[30n, -5_000n]],
      matches: [[9n, -5_000n]],
    });
  });

  it('moves every selection and every match by the same total (each leg is on one match)', () => {
    const bet = fc.record({
      sign: fc.constantFrom(1 as const, -1 as const),
      potentialPayoutCents: fc.bigInt({ min: 1n, max: 10n ** 10n }),
      stakeCents: fc.bigInt({ min: 1n, max: 10n ** 8n }),
      cashedOut: fc.double({ min: 0, max: 1, noNaN: true }),
      matches: fc.uniqueArray(fc.bigInt({ min: 1n, max: 50n }), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 30 }), (drawn) => {
        const bets = drawn.map((b) => ({
          sign: b.sign,
          potentialPayoutCents: b.potentialPayoutCents,
          stakeCents: b.stakeCents,
          cashedOutStakeCents: (b.stakeCents * BigInt(Math.floor(b.cashedOut * 1000))) / 1000n,
          legs: b.matches.map((matchId) => ({ selectionId: matchId * 100n + 1n, matchId })),
        }));
        const shifts = exposureShifts(bets);
        const total = (pairs: [bigint, bigint][]) => pairs.reduce((sum, [, value]) => sum + value, 0n);
        expect(total(shifts.selections)).toBe(total(shifts.matches));
        for (const pairs of [shifts.selections, shifts.matches]) {
          expect(pairs.map(([id]) => id)).toEqual(
            [...pairs.map(([id]) => id)].sort((a, b) => (a < b ? -1 : 1)),
          );
          expect(pairs.every(([, value]) => value !== 0n)).toBe(true);
        }
      }),
    );
  });
});
