import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planPayouts } from './payout.rules.ts';
import { bookOf, originals, postingKey, SPORTS, splitCashFirst, stakePostings } from './stake.rules.ts';

const cents = fc.bigInt({ min: 0n, max: 10n ** 12n });
const positive = fc.bigInt({ min: 1n, max: 10n ** 12n });

describe('splitCashFirst', () => {
  it('takes cash first, then bonus, exactly the stake, never more than either holds', () => {
    fc.assert(
      fc.property(positive, cents, cents, (amount, cash, bonus) => {
        const split = splitCashFirst(amount, cash, bonus);
        if (cash + bonus < amount) {
          expect(split).toBeUndefined();
          return;
        }
        expect(split).toBeDefined();
        expect(split!.fromCashCents + split!.fromBonusCents).toBe(amount);
        expect(split!.fromCashCents).toBe(cash < amount ? cash : amount);
        expect(split!.fromBonusCents).toBeLessThanOrEqual(bonus);
        expect(split!.fromBonusCents >= 0n && split!.fromCashCents >= 0n).toBe(true);
      }),
    );
  });

  it('examples: all cash, cash then bonus, short by one centavo', () => {
    expect(splitCashFirst(500n, 1000n, 300n)).toEqual({ fromCashCents: 500n, fromBonusCents: 0n });
    expect(splitCashFirst(500n, 200n, 300n)).toEqual({ fromCashCents: 200n, fromBonusCents: 300n });
    expect(splitCashFirst(501n, 200n, 300n)).toBeUndefined();
    expect(() => splitCashFirst(0n, 100n, 0n)).toThrow();
  });
});

describe('stakePostings', () => {
  it('balance, move only what the split takes, and credit the product bank last', () => {
    fc.assert(
      fc.property(positive, cents, cents, fc.boolean(), (amount, cash, bonus, sports) => {
        const split = splitCashFirst(amount, cash, bonus);
        fc.pre(split !== undefined);
        const product = sports ? SPORTS : originals('dice');
        const postings = stakePostings(7n, product, split!);
        expect(postings.reduce((sum, posting) => sum + posting.amountCents, 0n)).toBe(0n);
        expect(postings.every((posting) => posting.amountCents !== 0n)).toBe(true);
        expect(postings.at(-1)).toEqual({ account: bookOf(product).house, amountCents: amount });
      }),
    );
  });

  it('each product stakes into its own bank with its own codes', () => {
    expect(bookOf(originals('mines'))).toMatchObject({
      stakeCode: 'bet_stake',
      payoutCode: 'bet_payout',
      house: { kind: 'house_game', name: 'mines' },
    });
    expect(bookOf(SPORTS)).toMatchObject({
      stakeCode: 'sports_stake',
      reversalCode: 'sports_payout_reversal',
      house: { kind: 'house_sportsbook' },
    });
    expect(postingKey('bet_payout', 12n)).toBe('bet_payout:12');
    expect(postingKey('sports_payout', 12n, 3)).toBe('sports_payout:12:3');
  });
});

describe('planPayouts', () => {
  const change = fc.record({
    betId: fc.bigInt({ min: 1n, max: 1000n }),
    userId: fc.bigInt({ min: 1n, max: 4n }),
    payCents: fc.bigInt({ min: 0n, max: 10_000n }),
    reverseCents: fc.bigInt({ min: 0n, max: 10_000n }),
  });

  it('never takes a player below zero; what is not taken back is uncollected, to the centavo', () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 30 }),
        fc.array(fc.bigInt({ min: 0n, max: 5_000n }), { minLength: 4, maxLength: 4 }),
        (changes, balances) => {
          const cash = new Map(balances.map((balance, index) => [BigInt(index + 1), balance]));
          const plan = planPayouts(bookOf(SPORTS), changes, cash);
          const after = new Map(cash);
          for (const entry of plan.entries)
            after.set(entry.userId, after.get(entry.userId)! + entry.amountCents);
          for (const balance of after.values()) expect(balance).toBeGreaterThanOrEqual(0n);
          const asked = changes.reduce((sum, item) => sum + item.payCents - item.reverseCents, 0n);
          const moved = plan.entries.reduce((sum, entry) => sum + entry.amountCents, 0n);
          const written = [...plan.uncollected.values()].reduce((sum, value) => sum + value, 0n);
          expect(moved).toBe(asked + written);
          expect(plan.entries.every((entry) => entry.amountCents !== 0n)).toBe(true);
        },
      ),
    );
  });

  it('keys each settlement of a bet apart; a product whose results are final cannot reverse', () => {
    const plan = planPayouts(
      bookOf(SPORTS),
      [{ betId: 5n, userId: 1n, payCents: 300n, reverseCents: 200n, settlement: 2 }],
      new Map([[1n, 0n]]),
    );
    expect(plan.entries.map((entry) => [entry.code, entry.idempotencyKey, entry.amountCents])).toEqual([
      ['sports_payout_reversal', 'sports_payout_reversal:5:2', -200n],
      ['sports_payout', 'sports_payout:5:2', 300n],
    ]);
    const paid = planPayouts(
      bookOf(originals('double')),
      [{ betId: 9n, userId: 1n, payCents: 200n, reverseCents: 0n }],
      new Map([[1n, 0n]]),
    );
    expect(paid.entries).toEqual([
      {
        code: 'bet_payout',
        idempotencyKey: 'bet_payout:9',
        referenceType: 'game_bet',
        referenceId: '9',
        userId: 1n,
        amountCents: 200n,
      },
    ]);
    expect(() =>
      planPayouts(
        bookOf(originals('double')),
        [{ betId: 9n, userId: 1n, payCents: 0n, reverseCents: 1n }],
        new Map([[1n, 5n]]),
      ),
    ).toThrow();
  });
});
