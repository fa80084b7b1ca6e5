import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodLabel, splitMinutes, visibleBuckets } from './transparency-view';

const empty = (start: string) => ({
  start,
  deposits: 0,
  withdrawals: 0,
  stakes: 0,
  returns: 0,
  net: 0,
  playMinutes: 0,
});

describe('the transparency page view', () => {
  it('keeps the current period and the periods with activity, in order', () => {
    const buckets = [
      empty('2026-02-10'),
      empty('2026-02-09'),
      { ...empty('2026-02-08'), stakes: 0.01 },
      { ...empty('2026-02-07'), playMinutes: 1 },
    ];
    expect(visibleBuckets(buckets).map((b) => b.start)).toEqual(['2026-02-10', '2026-02-08', '2026-02-07']);
  });

  it('splits minutes into hours and minutes (property)', () => {
    fc.assert(
      fc.property(fc.nat(100_000), (total) => {
        const { hours, minutes } = splitMinutes(total);
        expect(hours * 60 + minutes).toBe(total);
        expect(minutes).toBeLessThan(60);
      }),
    );
  });

  it('names a period by its first day, whatever the reader zone', () => {
    expect(periodLabel('2026-01-01', 'year', 'pt-BR')).toBe('2026');
    expect(periodLabel('2026-01-01', 'month', 'pt-BR')).toBe('janeiro de 2026');
    expect(periodLabel('2025-12-29', 'week', 'pt-BR')).toBe('29 de dez. de 2025');
  });
});
