import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classify,
  foldBuckets,
  localDay,
  mergeMinutes,
  periodStart,
  periodStarts,
} from './transparency.rules.ts';

describe('transparency periods (São Paulo calendar)', () => {
  it('takes the day in São Paulo, three hours behind UTC', () => {
    expect(localDay(new Date('2026-01-01T02:59:59.999Z'))).toBe('2025-12-31');
    expect(localDay(new Date('2026-01-01T03:00:00.000Z'))).toBe('2026-01-01');
  });

  it('starts a week on Monday, a month on the 1st, a year on 1 January', () => {
    expect(periodStart('2026-03-01', 'week')).toBe('2026-02-23'); // a Sunday belongs to the Monday before
    expect(periodStart('2026-03-02', 'week')).toBe('2026-03-02');
    expect(periodStart('2026-03-31', 'month')).toBe('2026-03-01');
    expect(periodStart('2026-12-31', 'year')).toBe('2026-01-01');
  });

  it('lists the periods newest first, across a year end', () => {
    expect(periodStarts('2026-01-15', 'month', 3)).toEqual(['2026-01-01', '2025-12-01', '2025-11-01']);
    expect(periodStarts('2026-01-02', 'day', 3)).toEqual(['2026-01-02', '2026-01-01', '2025-12-31']);
    expect(periodStarts('2026-01-01', 'week', 2)).toEqual(['2025-12-29', '2025-12-22']);
    expect(periodStarts('2026-06-30', 'year', 3)).toEqual(['2026-01-01', '2025-01-01', '2024-01-01']);
  });

  it('every day falls in exactly one listed period, which starts on or before it (property)', () => {
    const day = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) })
      .map((time) => new Date(time).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom('day', 'week', 'month', 'year' as const), (today, period) => {
        const starts = periodStarts(today, period, 5);
        expect(new Set(starts).size).toBe(5);
        expect(starts[0]).toBe(periodStart(today, period));
        expect(starts[0]! <= today).toBe(true);
        for (const start of starts) expect(periodStart(start, period)).toBe(start);
        expect([...starts].sort().reverse()).toEqual(starts);
      }),
    );
  });
});

describe('transparency figures', () => {
  it('reads a code on the player accounts as money in, out, staked or paid back', () => {
    expect(classify('deposit', 5_000n).depositsCents).toBe(5_000n);
    expect(classify('withdrawal_paid', -2_000n).withdrawalsCents).toBe(2_000n);
    expect(classify('withdrawal_hold', 0n)).toEqual(classify('deposit_gift', 500n));
    expect(classify('slots_stake', -300n).stakesCents).toBe(300n);
    expect(classify('sports_payout_reversal', -100n).returnsCents).toBe(-100n);
    expect(classify('bet_payout', 250n).returnsCents).toBe(250n);
    expect(classify('signin_reward', 100n)).toEqual(classify('transfer', 1n));
  });

  it('adds days into their periods to the centavo and drops days outside them', () => {
    const sums = [
      { day: '2025-12-31', code: 'deposit', amountCents: 10_001n },
      { day: '2026-01-01', code: 'deposit', amountCents: 1n },
      { day: '2026-01-01', code: 'bet_stake', amountCents: -333n },
      { day: '2026-01-01', code: 'bet_payout', amountCents: 100n },
      { day: '2026-01-02', code: 'withdrawal_paid', amountCents: -2_500n },
      { day: '2024-12-31', code: 'deposit', amountCents: 99n },
    ];
    const minutes = new Map([
      ['2025-12-31', 3],
      ['2026-01-01', 2],
    ]);
    const [y2026, y2025] = foldBuckets(['2026-01-01', '2025-01-01'], 'year', sums, minutes);
    expect(y2026).toEqual({
      start: '2026-01-01',
      depositsCents: 1n,
      withdrawalsCents: 2_500n,
      stakesCents: 333n,
      returnsCents: 100n,
      netCents: -233n,
      playMinutes: 2,
    });
    expect(y2025!.depositsCents).toBe(10_001n);
    expect(y2025!.playMinutes).toBe(3);
  });

  it('the net of all periods is the sum of the game codes over the days (property)', () => {
    const code = fc.constantFrom(
      'deposit',
      'withdrawal_paid',
      'bet_stake',
      'bet_payout',
      'slots_refund',
      'commission',
    );
    const sum = fc.record({
      day: fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`),
      code,
      amountCents: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
    });
    fc.assert(
      fc.property(fc.array(sum, { maxLength: 60 }), (sums) => {
        const weeks = foldBuckets(periodStarts('2026-02-28', 'week', 6), 'week', sums, new Map());
        const games = sums.filter((s) => /_(stake|payout|refund)$/.test(s.code));
        const expected = games.reduce((total, s) => total + s.amountCents, 0n);
        expect(weeks.reduce((total, week) => total + week.netCents, 0n)).toBe(expected);
      }),
    );
  });

  it('counts a minute two folds share once', () => {
    expect(mergeMinutes({ minutes: 4, lastMinute: 600_000 }, [600_000, 660_000, 660_000])).toBe(5);
    expect(mergeMinutes({ minutes: 4, lastMinute: 600_000 }, [720_000])).toBe(5);
    expect(mergeMinutes(undefined, [60_000, 120_000])).toBe(2);
  });
});
