import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, changeKind, effectiveLimit, exclusionEnd, periodStart } from './rg.rules.ts';

const DAY = 86_400_000;
const zones = fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15);
const instants = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms));

describe('responsible-gambling rules', () => {
  it('a period starts at a local midnight no later than now: within a day, a week (on a Monday), a month (the 1st)', () => {
    fc.assert(
      fc.property(instants, zones, (now, zone) => {
        for (const [period, longest] of [
          ['day', DAY],
          ['week', 7 * DAY],
          ['month', 31 * DAY],
        ] as const) {
          const start = periodStart(now, zone, period);
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - start.getTime()).toBeLessThan(longest);
          const local = new Date(start.getTime() + zone * 60_000);
          expect(local.getUTCHours() * 60 + local.getUTCMinutes()).toBe(0);
          if (period === 'week') expect(local.getUTCDay()).toBe(1);
          if (period === 'month') expect(local.getUTCDate()).toBe(1);
        }
      }),
    );
  });

  it('Brasília: Sunday 23:30 is still the week that began on Monday; 00:00 Monday starts a new one', () => {
    const sunday = new Date('2026-11-23T02:30:00Z'); // 22 Nov 23:30 in UTC−3
    expect(periodStart(sunday, -180, 'week').toISOString()).toBe('2026-11-16T03:00:00.000Z');
    expect(periodStart(new Date('2026-11-23T03:00:00Z'), -180, 'week').toISOString()).toBe(
      '2026-11-23T03:00:00.000Z',
    );
    expect(periodStart(sunday, -180, 'month').toISOString()).toBe('2026-11-01T03:00:00.000Z');
  });

  it('a stricter limit applies at once; a looser one or a removal waits; the same value changes nothing', () => {
    const limits = fc.option(fc.bigInt({ min: 1n, max: 10n ** 9n }), { nil: null });
    fc.assert(
      fc.property(limits, limits, (current, requested) => {
        const kind = changeKind(current, requested);
        if (current === requested) expect(kind).toBe('same');
        else if (requested === null) expect(kind).toBe('pending');
        else if (current === null || requested < current) expect(kind).toBe('now');
        else expect(kind).toBe('pending');
      }),
    );
  });

  it('a pending change counts from its effective time, not before', () => {
    const at = new Date('2026-01-02T00:00:00Z');
    const pending = { value: 500n, effectiveAt: at };
    expect(effectiveLimit(100n, pending, new Date(at.getTime() - 1))).toBe(100n);
    expect(effectiveLimit(100n, pending, at)).toBe(500n);
    expect(effectiveLimit(100n, { value: null, effectiveAt: at }, at)).toBeNull();
  });

  it('exclusions end after their days; permanent never', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(exclusionEnd('1d', now)?.toISOString()).toBe('2026-01-02T12:00:00.000Z');
    expect(exclusionEnd('180d', now)?.getTime()).toBe(now.getTime() + 180 * DAY);
    expect(exclusionEnd('permanent', now)).toBeNull();
  });

  it('age in whole years on the Brasília date; impossible dates are undefined', () => {
    const now = new Date('2026-05-17T12:00:00Z');
    expect(ageOn('2008-05-17', now)).toBe(18);
    expect(ageOn('2008-05-18', now)).toBe(17);
    expect(ageOn('2000-02-30', now)).toBeUndefined();
    expect(ageOn('17/05/1990', now)).toBeUndefined();
    expect(ageOn('2027-01-01', now)).toBeUndefined();
    // 01:00 UTC on the 18th birthday is still the day before in Brasília.
    expect(ageOn('2008-05-17', new Date('2026-05-17T01:00:00Z'))).toBe(17);
  });
});
