import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestDiscount,
  centsTimes,
  dayBefore,
  fractionText,
  increaseOffer,
  playerDay,
  signinPosition,
  thresholdsInOrder,
  toTenThousandths,
} from './engagement.rules.ts';

describe('the player day', () => {
  it('is the calendar day of the player zone, changing at their own midnight', () => {
    const utc = Date.UTC(2030, 0, 10, 2, 30);
    expect(playerDay(utc, -180)).toBe('2030-01-09'); // 23:30 in Brasília
    expect(playerDay(utc, 540)).toBe('2030-01-10'); // 11:30 in Tokyo
    expect(playerDay(Date.UTC(2030, 0, 10, 3, 0), -180)).toBe('2030-01-10');
    expect(dayBefore('2030-03-01')).toBe('2030-02-28');
    expect(dayBefore('2032-03-01')).toBe('2032-02-29');
  });

  it('moves by exactly one day every 24 hours in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15),
        (nowMs, zone) => {
          expect(dayBefore(playerDay(nowMs + 86_400_000, zone))).toBe(playerDay(nowMs, zone));
        },
      ),
    );
  });
});

describe('the sign-in calendar', () => {
  const today = '2030-01-10';
  it('continues from yesterday, restarts after a missed day and after day 7', () => {
    expect(signinPosition(undefined, today)).toEqual({ today: 1, claimedToday: false, streak: 0 });
    expect(signinPosition({ playerDay: today, calendarDay: 3 }, today)).toEqual({
      today: 3,
      claimedToday: true,
      streak: 3,
    });
    expect(signinPosition({ playerDay: '2030-01-09', calendarDay: 3 }, today)).toEqual({
      today: 4,
      claimedToday: false,
      streak: 3,
    });
    expect(signinPosition({ playerDay: '2030-01-08', calendarDay: 3 }, today).today).toBe(1);
    expect(signinPosition({ playerDay: '2030-01-09', calendarDay: 7 }, today).today).toBe(1);
  });

  it('always answers a day of the calendar, and the streak never exceeds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 5 }), (calendarDay, daysAgo) => {
        let day = today;
        for (let index = 0; index < daysAgo; index += 1) day = dayBefore(day);
        const position = signinPosition({ playerDay: day, calendarDay }, today);
        expect(position.today).toBeGreaterThanOrEqual(1);
        expect(position.today).toBeLessThanOrEqual(7);
        expect(position.streak).toBeLessThanOrEqual(position.today);
      }),
    );
  });
});

describe('money times a fraction', () => {
  it('reads numeric text exactly and rounds down to the centavo', () => {
    expect(toTenThousandths('0.1')).toBe(1000n);
    expect(toTenThousandths('1.0500')).toBe(10500n);
    expect(centsTimes(10000n, '0.1000')).toBe(1000n);
    expect(centsTimes(999n, '0.3333')).toBe(332n);
    expect(() => toTenThousandths('abc')).toThrow();
    expect(fractionText(0.15)).toBe('0.1500');
    expect(fractionText(1.05)).toBe('1.0500');
    expect(fractionText(0.12345)).toBeUndefined();
  });

  it('never pays more than the exact product', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 9999 }),
        (cents, fraction) => {
          const text = (fraction / 10_000).toFixed(4);
          const paid = centsTimes(cents, text);
          expect(paid * 10_000n).toBeLessThanOrEqual(cents * BigInt(fraction));
          expect((paid + 1n) * 10_000n).toBeGreaterThan(cents * BigInt(fraction));
        },
      ),
    );
  });
});

describe('the increase offer', () => {
  it('is made at the threshold and pays amount × (bouns − 1)', () => {
    expect(increaseOffer(19_999n, 20_000n, '1.05')).toBeUndefined();
    expect(increaseOffer(20_000n, 20_000n, '1.05')).toEqual({ amountCents: 20_000n, rewardCents: 1_000n });
    expect(increaseOffer(1_200n, 1_000n, '1.5')).toEqual({ amountCents: 1_200n, rewardCents: 600n });
  });
});

describe('the deposit discount offered', () => {
  const now = Date.UTC(2030, 0, 10, 12);
  const campaign = (fields: Partial<Parameters<typeof bestDiscount>[0][number]>) => ({
    id: 1n,
    audience: 'everyone' as const,
    discount: '0.1000',
    hours: null,
    startsAt: new Date(now - 3_600_000),
    endsAt: new Date(now + 3_600_000),
    ...fields,
  });
  const newPlayer = { registeredAt: new Date(now - 3_600_000), hasPaidDeposit: false };

  it('takes the largest running campaign that reaches the player, with its expiry', () => {
    const offer = bestDiscount(
      [
        campaign({}),
        campaign({ id: 2n, audience: 'first_deposit', discount: '0.2000', hours: 24 }),
        campaign({ id: 3n, discount: '0.5000', startsAt: new Date(now + 1), endsAt: new Date(now + 2) }),
      ],
      newPlayer,
      now,
    );
    expect(offer).toEqual({ campaignId: 2n, discount: '0.2000', expiresAt: new Date(now + 3_600_000) });
  });

  it('offers a first-deposit campaign only within its hours and before the first paid deposit', () => {
    const first = campaign({ audience: 'first_deposit', hours: 24, endsAt: new Date(now + 86_400_000 * 10) });
    expect(bestDiscount([first], newPlayer, now)?.expiresAt).toEqual(new Date(now + 23 * 3_600_000));
    expect(bestDiscount([first], { ...newPlayer, hasPaidDeposit: true }, now)).toBeUndefined();
    expect(
      bestDiscount([first], { ...newPlayer, registeredAt: new Date(now - 25 * 3_600_000) }, now),
    ).toBeUndefined();
  });
});

describe('the VIP table', () => {
  it('refuses thresholds that fall from one level to the next, and a level 1 above zero', () => {
    const table = [
      { level: 1, paySum: 0n, gameSum: 0n },
      { level: 2, paySum: 1000n, gameSum: 10000n },
      { level: 3, paySum: 5000n, gameSum: 50000n },
    ];
    expect(thresholdsInOrder(table)).toBe(true);
    expect(thresholdsInOrder([table[0]!, { ...table[1]!, paySum: 6000n }, table[2]!])).toBe(false);
    expect(thresholdsInOrder([{ ...table[0]!, paySum: 1n }, table[1]!, table[2]!])).toBe(false);
  });
});
