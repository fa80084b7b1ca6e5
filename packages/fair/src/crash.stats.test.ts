// Crash over 10^6 rounds: the payout rule's RTP, measured, within 4 standard errors of the one computed from the
// rule. The h values come from the cheap AES-CTR stream (52 bits per round, as the derivation takes them), so the
// test runs in about a second; a chain of 10^4 links goes through the real HMAC derivation alongside.
import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildChain, roundSeedFromChain } from './chain.ts';
import { crashPointFromInteger, crashPointHundredths, crashReachChance } from './crash.ts';
import { winOrLoseMoments } from './test-support/statistics.ts';

const ROUND_COUNT = 1_000_000;
const STANDARD_ERRORS = 4;

function cheapCrashPoints(count: number): Uint32Array {
  const cipher = createCipheriv('aes-128-ctr', new Uint8Array(16).fill(7), new Uint8Array(16));
  const bytes = cipher.update(new Uint8Array(count * 8));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const points = new Uint32Array(count);
  for (let index = 0; index < count; index++) {
    const h = view.getBigUint64(index * 8, false) >> 12n; // top 52 of 64 bits
    points[index] = Math.min(crashPointFromInteger(h), 0xffffffff);
  }
  return points;
}

const points = cheapCrashPoints(ROUND_COUNT);

describe(`crash over ${ROUND_COUNT} rounds`, () => {
  it.each([101, 150, 200, 500, 1000, 10_000])(
    'a %i hundredths target returns the computed RTP within 4 standard errors',
    (target) => {
      const chance = crashReachChance(target);
      const moments = winOrLoseMoments(chance, target / 100);
      expect(moments.mean).toBeCloseTo(0.99, 9);
      let paid = 0;
      for (const point of points) if (point >= target) paid += target / 100;
      const measured = paid / ROUND_COUNT;
      const standardError = Math.sqrt(moments.variance / ROUND_COUNT);
      expect(Math.abs(measured - moments.mean)).toBeLessThanOrEqual(STANDARD_ERRORS * standardError);
    },
  );

  it('crashes at 1.00× in about 1.98 % of rounds (h < 2^52 · 2 / 101)', () => {
    const chance = 1 - crashReachChance(101);
    const instant = points.reduce((count, point) => count + (point < 101 ? 1 : 0), 0);
    const standardError = Math.sqrt((chance * (1 - chance)) / ROUND_COUNT);
    expect(Math.abs(instant / ROUND_COUNT - chance)).toBeLessThanOrEqual(STANDARD_ERRORS * standardError);
  });

  it('through the real derivation (10^4 chain rounds), a 2× target returns 99 % within 4 standard errors', () => {
    const count = 10_000;
    const salt = '000000000000000000030a0b1c2d3e4f';
    const chain = buildChain('1f6e0c3a4b5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7', count + 1);
    let paid = 0;
    for (let round = 0; round < count; round++)
      if (crashPointHundredths(roundSeedFromChain(chain, round), salt) >= 200) paid += 2;
    const moments = winOrLoseMoments(crashReachChance(200), 2);
    const standardError = Math.sqrt(moments.variance / count);
    expect(Math.abs(paid / count - moments.mean)).toBeLessThanOrEqual(STANDARD_ERRORS * standardError);
  });
});
