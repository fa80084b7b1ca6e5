import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bgSignature,
  centsToDecimalText,
  decimalToCents,
  evoSignature,
  minorToCents,
  sameSecret,
  sessionProblem,
} from './slots.rules.ts';

describe('provider money formats', () => {
  it('reads back every amount it writes, to the centavo (PG and Evoplay decimals, BGaming minor units)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (cents) => {
        expect(decimalToCents(centsToDecimalText(cents))).toBe(cents);
        expect(minorToCents(Number(cents))).toBe(cents);
        expect(minorToCents(cents.toString())).toBe(cents);
      }),
    );
  });

  it('refuses what is not an exact non-negative amount', () => {
    for (const bad of ['1.001', '-1', '1e2', '', 'abc', Number.NaN, -0.5, 0.1 + 0.2, null])
      expect(decimalToCents(bad)).toBeUndefined();
    for (const bad of [1.5, -1, '1.0', '-3', Number.MAX_SAFE_INTEGER + 2, null])
      expect(minorToCents(bad)).toBeUndefined();
    expect(decimalToCents('0.00')).toBe(0n);
    expect(decimalToCents(12.5)).toBe(12_50n);
  });
});

describe('signatures', () => {
  it('BGaming: any change of the body or the key changes the HMAC', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.string(), (body, key, other) => {
        fc.pre(body !== other);
        const sign = bgSignature(body, key);
        expect(sign).toMatch(/^[0-9a-f]{64}$/);
        expect(bgSignature(other, key)).not.toBe(sign);
        expect(bgSignature(body, `${key}x`)).not.toBe(sign);
      }),
    );
  });

  it('Evoplay: nested data is signed in key order, so the order it was written in does not matter', () => {
    const a = evoSignature('1', 1, ['t', 'c', 'bet', { round_id: 'r', amount: '1.00' }], 'k');
    const b = evoSignature('1', 1, ['t', 'c', 'bet', { amount: '1.00', round_id: 'r' }], 'k');
    expect(a).toBe(b);
    expect(evoSignature('1', 1, ['t', 'c', 'bet', { amount: '1.01', round_id: 'r' }], 'k')).not.toBe(a);
    expect(evoSignature('1', 1, ['t', 'c', 'bet', { amount: '1.00', round_id: 'r' }], 'other')).not.toBe(a);
  });

  it('compares secrets of any length without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
  });
});

describe('sessionProblem', () => {
  it('a closed session is closed whatever its expiry; an open one expires at its time', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(sessionProblem({ closedAt: now, expiresAt: new Date('2030-01-01') }, now)).toBe('session_closed');
    expect(sessionProblem({ closedAt: null, expiresAt: now }, now)).toBe('session_expired');
    expect(sessionProblem({ closedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBeUndefined();
  });
});
