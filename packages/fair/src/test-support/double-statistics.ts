// Shared checks for the single-player and round double simulations.
import { expect, it } from 'vitest';
import type { DoubleColor } from '../index.ts';
import { doubleColorMultiplier, doublePayoutMultiplier, multiplierToNumber } from '../index.ts';
import {
  CHI_SQUARE_CRITICAL_0_001,
  chiSquareUniform,
  PayoutTally,
  rtpTolerance,
  winOrLoseMoments,
} from './statistics.ts';

const COLOR_ROLL_COUNTS: Readonly<Record<DoubleColor, number>> = { white: 1, red: 7, black: 7 };

/** Registers the chi-square and RTP tests over `rolls()`, read once the simulation has run. */
export function itChecksDoubleRolls(rolls: () => Uint8Array): void {
  it(`rolls are uniform on 0..14: chi-square < ${CHI_SQUARE_CRITICAL_0_001[14]} (df 14, α 0.001)`, () => {
    const counts = new Array<number>(15).fill(0);
    for (const roll of rolls()) counts[roll]!++;
    expect(chiSquareUniform(counts)).toBeLessThan(CHI_SQUARE_CRITICAL_0_001[14]!);
  });

  // A colour bet pays M with probability (rolls of that colour) / 15: variance M² · p · (1 − p),
  // 0.996 for red or black (2×, 7/15) and 12.2 for white (14×, 1/15).
  it.each(['red', 'black', 'white'] as const)(
    '%s returns 14/15 ≈ 93.33 % within 5 standard errors',
    (color) => {
      const multiplier = multiplierToNumber(doubleColorMultiplier(color));
      const moments = winOrLoseMoments(COLOR_ROLL_COUNTS[color] / 15, multiplier);
      expect(moments.mean).toBeCloseTo(14 / 15, 12);
      const payoutByRoll = Array.from({ length: 15 }, (_, roll) =>
        multiplierToNumber(doublePayoutMultiplier(color, roll)),
      );
      const tally = new PayoutTally();
      for (const roll of rolls()) tally.add(payoutByRoll[roll]!);
      expect(Math.abs(tally.rtp - moments.mean)).toBeLessThanOrEqual(rtpTolerance(moments, rolls().length));
    },
  );
}
