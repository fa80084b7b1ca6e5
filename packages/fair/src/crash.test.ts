import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain, roundHmacInteger, roundSeedFromChain } from './chain.ts';
import {
  CRASH_TARGET_MAX_HUNDREDTHS,
  crashElapsedMsFor,
  crashHandCashout,
  crashMultiplierAt,
  crashPointFromInteger,
  crashPointHundredths,
  crashReachChance,
  crashTargetWins,
  isValidCrashTarget,
} from './crash.ts';
import { inHouseRtp } from './rtp.ts';
import { sha256HexArbitrary } from './test-support/arbitraries.ts';

const E = 2n ** 52n;
const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';

describe('crash point', () => {
  it('is max(1.00, floor(99 · 2^52 / (2^52 − h)) / 100) at known h', () => {
    expect(crashPointFromInteger(0n)).toBe(100); // 0.99 → floored to 1.00
    expect(crashPointFromInteger(E / 2n)).toBe(198); // 99 · 2 = 1.98×
    expect(crashPointFromInteger(E - E / 100n)).toBe(9900); // 1/100 left: 99×
    expect(crashPointFromInteger(E - 1n)).toBe(Number(99n * E)); // the highest
    expect(() => crashPointFromInteger(E)).toThrow(RangeError);
  });

  it('takes the top 52 bits of HMAC-SHA256(seed, salt) (a known answer, worked out by hand)', () => {
    const seed = '4a5f0e1c3c09e7d8a0c4f2b1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1';
    const h = roundHmacInteger(seed, salt) >> 204n;
    expect(crashPointHundredths(seed, salt)).toBe(Math.max(100, Number((99n * E) / (E - h))));
  });

  it('is at least 1.00× and never changes for a seed (property)', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, (seed) => {
        const point = crashPointHundredths(seed, salt);
        expect(point).toBeGreaterThanOrEqual(100);
        expect(Number.isInteger(point)).toBe(true);
        expect(crashPointHundredths(seed, salt)).toBe(point);
      }),
    );
  });

  it('reaches a target t with chance floor(99 · 2^52 / t) / 2^52: the count of h with c ≥ t (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 1_000_000 }), (target) => {
        const winners = (99n * E) / BigInt(target); // h ≥ E − winners reach t
        const first = E - winners;
        expect(crashPointFromInteger(first)).toBeGreaterThanOrEqual(target);
        expect(crashPointFromInteger(first - 1n)).toBeLessThan(target);
        expect(crashReachChance(target)).toBe(Number(winners) / Number(E));
      }),
    );
  });

  it('plays a chain backwards: each round from its own link', () => {
    const chain = buildChain('9ac10e1145c4ca032eb000c6a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc21', 5);
    const points = [0, 1, 2, 3].map((round) => crashPointHundredths(roundSeedFromChain(chain, round), salt));
    expect(points).toEqual(
      chain
        .slice(0, 4)
        .reverse()
        .map((seed) => crashPointHundredths(seed, salt)),
    );
  });
});

describe('crash curve', () => {
  it('starts at 1.00× and follows floor(100 · e^(0.00006 · ms))', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(-5)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200); // 2× at ln 2 / 0.00006 = 11,552.45 ms
    expect(crashMultiplierAt(38_376)).toBe(999);
    expect(crashMultiplierAt(38_377)).toBe(1000);
  });

  it('crashes at the first millisecond the curve shows the crash point (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), (point) => {
        const ms = crashElapsedMsFor(point);
        expect(crashMultiplierAt(ms)).toBeGreaterThanOrEqual(point);
        if (ms > 0) expect(crashMultiplierAt(ms - 1)).toBeLessThan(point);
      }),
    );
  });

  it('pays a hand cash-out the curve before the crash instant, and nothing from the crash instant on', () => {
    const point = 253;
    const crashMs = crashElapsedMsFor(point);
    expect(crashHandCashout(crashMs - 1, point)).toBe(crashMultiplierAt(crashMs - 1));
    expect(crashHandCashout(crashMs - 1, point)).toBeLessThan(point);
    expect(crashHandCashout(crashMs, point)).toBeNull();
    expect(crashHandCashout(crashMs + 10_000, point)).toBeNull();
    expect(crashHandCashout(0, 100)).toBeNull(); // a 1.00× round crashes at once
  });

  it('pays an auto cash-out target up to and including the crash point', () => {
    expect(crashTargetWins(253, 253)).toBe(true);
    expect(crashTargetWins(254, 253)).toBe(false);
    expect(isValidCrashTarget(101)).toBe(true);
    expect(isValidCrashTarget(100)).toBe(false);
    expect(isValidCrashTarget(CRASH_TARGET_MAX_HUNDREDTHS + 1)).toBe(false);
    expect(isValidCrashTarget(101.5)).toBe(false);
  });
});

describe('crash RTP from the rule', () => {
  it('is 99 % for every target (to within 1e-9)', () => {
    const { min, max } = inHouseRtp().crash;
    expect(min).toBeCloseTo(0.99, 9);
    expect(max).toBeCloseTo(0.99, 9);
    expect(max).toBeLessThanOrEqual(0.99 + 1e-12);
  });
});
