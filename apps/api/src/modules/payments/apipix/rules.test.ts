import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid } from '../../psp-emulator/checkout.ts';
import { dayBounds, yesterdayInBrazil } from './pix-admin.service.ts';

/** Pure rules of the real PIX provider: the reconciliation's São Paulo days and the emulated card checks. */
describe('reconciliation days (UTC-3)', () => {
  it('a day runs from 03:00 UTC to 02:59:59.999 UTC the next day', () => {
    expect(dayBounds('2026-11-23')).toEqual({
      inicio: new Date('2026-11-23T03:00:00.000Z'),
      fim: new Date('2026-11-24T02:59:59.999Z'),
    });
  });

  it('any instant lies in exactly the São Paulo day after "yesterday" as seen 24 h later', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (instant) => {
        const day = yesterdayInBrazil(instant + 86_400_000);
        const { inicio, fim } = dayBounds(day);
        expect(inicio.getTime()).toBeLessThanOrEqual(instant);
        expect(fim.getTime()).toBeGreaterThanOrEqual(instant);
      }),
    );
  });
});

describe('card numbers (Luhn)', () => {
  it('accepts test cards and refuses a changed digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('411')).toBe(false);
  });
});
