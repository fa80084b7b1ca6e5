import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IdentityCheck } from '../rg/identity.provider.ts';
import {
  allowedWhileDue,
  depositNeedsRecheck,
  dueAtLogin,
  type FaceRecheckSettings,
  type FaceState,
  mayRetry,
  movementDue,
  recheckVerdict,
  withdrawalNeedsRecheck,
} from './face-recheck.policy.ts';

const HOUR = 3_600_000;
const on: FaceRecheckSettings = {
  enabled: true,
  loginWindowMs: 7 * 24 * HOUR,
  withdrawalWindowMs: 24 * HOUR,
  depositWindowMs: 24 * HOUR,
  maxAttempts: 3,
};
const off = { ...on, enabled: false };
const now = new Date('2026-11-29T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const state = (over: Partial<FaceState> = {}): FaceState => ({
  kycApproved: true,
  lastCheckAt: ago(HOUR),
  openReason: null,
  ...over,
});

describe('the repeat face check policy (decision 0068)', () => {
  it('asks at login from the window on, not one millisecond before', () => {
    expect(dueAtLogin(on, state({ lastCheckAt: ago(7 * 24 * HOUR - 1) }), now)).toBe(false);
    expect(dueAtLogin(on, state({ lastCheckAt: ago(7 * 24 * HOUR) }), now)).toBe(true);
    // An approved identity with no face on record is asked at once; without an approved identity the
    // registration's own check applies; an open request is not opened twice.
    expect(dueAtLogin(on, state({ lastCheckAt: null }), now)).toBe(true);
    expect(dueAtLogin(on, state({ kycApproved: false, lastCheckAt: null }), now)).toBe(false);
    expect(dueAtLogin(on, state({ lastCheckAt: null, openReason: 'operator' }), now)).toBe(false);
  });

  it('asks before a withdrawal on the shorter window', () => {
    expect(withdrawalNeedsRecheck(on, state({ lastCheckAt: ago(24 * HOUR - 1) }), now)).toBe(false);
    expect(withdrawalNeedsRecheck(on, state({ lastCheckAt: ago(24 * HOUR) }), now)).toBe(true);
    expect(withdrawalNeedsRecheck(on, state({ lastCheckAt: null }), now)).toBe(true);
  });

  it('asks before a deposit on its own window, and never when the setting turns deposits off', () => {
    const depositsIn12h = { ...on, depositWindowMs: 12 * HOUR };
    expect(depositNeedsRecheck(depositsIn12h, state({ lastCheckAt: ago(12 * HOUR - 1) }), now)).toBe(false);
    expect(depositNeedsRecheck(depositsIn12h, state({ lastCheckAt: ago(12 * HOUR) }), now)).toBe(true);
    expect(movementDue(depositsIn12h, state({ lastCheckAt: ago(13 * HOUR) }), now)).toBe('deposit');
    // Both stale: the withdrawal names the request (its window is the one a takeover pays off at).
    expect(movementDue(on, state({ lastCheckAt: null }), now)).toBe('withdrawal');
    expect(movementDue(on, state({ lastCheckAt: ago(HOUR) }), now)).toBe(null);
    const depositsOff = { ...on, depositWindowMs: null };
    expect(depositNeedsRecheck(depositsOff, state({ lastCheckAt: null }), now)).toBe(false);
    expect(depositNeedsRecheck(on, state({ kycApproved: false, lastCheckAt: null }), now)).toBe(false);
  });

  it('asks nothing when it is off (the open profile by default)', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 400 * 24 * HOUR })), fc.boolean(), (age, approved) => {
        const face = state({ kycApproved: approved, lastCheckAt: age === null ? null : ago(age) });
        expect(dueAtLogin(off, face, now)).toBe(false);
        expect(withdrawalNeedsRecheck(off, face, now)).toBe(false);
        expect(depositNeedsRecheck(off, face, now)).toBe(false);
      }),
    );
  });

  it('a check fresh enough for a withdrawal is fresh enough for a login (the windows nest)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 * 30 }),
        fc.integer({ min: 0, max: 24 * 30 }),
        fc.integer({ min: 0, max: 60 * 24 * HOUR }),
        (withdrawalHours, extraHours, age) => {
          const settings = {
            ...on,
            withdrawalWindowMs: withdrawalHours * HOUR,
            loginWindowMs: (withdrawalHours + extraHours) * HOUR,
          };
          const face = state({ lastCheckAt: ago(age) });
          if (dueAtLogin(settings, face, now)) expect(withdrawalNeedsRecheck(settings, face, now)).toBe(true);
          // Staleness is monotonic in age: older never becomes fresh.
          if (withdrawalNeedsRecheck(settings, face, now))
            expect(withdrawalNeedsRecheck(settings, state({ lastCheckAt: ago(age + 1) }), now)).toBe(true);
        },
      ),
    );
  });

  it('lets through only the calls that complete the check, read the account, log out or protect the player', () => {
    expect(allowedWhileDue('POST', '/api/app/identity/selfie')).toBe(true);
    expect(allowedWhileDue('post', '/api/app/identity/recheck')).toBe(true);
    expect(allowedWhileDue('GET', '/api/app/user/userInfo')).toBe(true);
    expect(allowedWhileDue('POST', '/api/auth/user/logout')).toBe(true);
    expect(allowedWhileDue('POST', '/api/app/rg/exclude')).toBe(true);
    for (const money of [
      'POST /api/app/order/withdraw',
      'POST /api/app/order/prePay/:pkgId',
      'POST /api/app/order/transfer',
      'POST /api/app/game/dice/bet',
      'GET /api/app/order/getWithdraw',
      'POST /api/app/user/updateKyc',
    ]) {
      const [method, route] = money.split(' ') as [string, string];
      expect(allowedWhileDue(method, route), money).toBe(false);
    }
    expect(allowedWhileDue('GET', undefined)).toBe(false);
  });

  const check = (face: IdentityCheck['face'], over: Partial<IdentityCheck> = {}): IdentityCheck => ({
    provider: 'datavalid',
    cpfStatus: 'regular',
    nameMatch: true,
    nameSimilarity: 1,
    birthMatch: true,
    face,
    ...over,
  });

  it('passes only a live selfie of the CPF’s own face, at the registration’s bar', () => {
    const live = { available: true, live: true, similarity: 0.93, probability: 'Altíssima probabilidade' };
    expect(recheckVerdict(check(live), 0.85)).toEqual({ passed: true, flags: [] });
    expect(recheckVerdict(check({ ...live, similarity: 0.84 }), 0.85)).toEqual({
      passed: false,
      flags: ['face_mismatch'],
    });
    expect(recheckVerdict(check({ ...live, live: false, similarity: 0.2 }), 0.85).flags).toEqual([
      'liveness_failed',
    ]);
    expect(recheckVerdict(check({ ...live, available: false, similarity: null }), 0.85).flags).toEqual([
      'face_unavailable',
    ]);
    expect(recheckVerdict(check(null, { error: 'timeout' }), 0.85)).toMatchObject({ passed: false });
  });

  it('allows the player three attempts per request, then only an operator decides', () => {
    expect([0, 1, 2, 3].map((attempts) => mayRetry(on, attempts))).toEqual([true, true, true, false]);
  });
});
