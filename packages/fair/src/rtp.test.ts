import { describe, expect, it } from 'vitest';
import { limboResultHundredthsFromFloat } from './limbo.ts';
import { inHouseRtp } from './rtp.ts';

describe('in-house RTP from the payout rules', () => {
  it('answers each game: dice 99 %, mines and limbo at most 99 %, double 93.33 %, lucky color 88.2–98 %', () => {
    const rtp = inHouseRtp();
    expect(rtp.dice.min).toBeCloseTo(0.99, 9);
    expect(rtp.dice.max).toBeCloseTo(0.99, 9);
    expect(rtp.mines.max).toBeLessThanOrEqual(0.99 + 1e-12);
    expect(rtp.mines.min).toBeGreaterThan(0.9);
    expect(rtp.limbo.max).toBeCloseTo(0.99, 9);
    expect(rtp.limbo.min).toBeCloseTo(0.9801, 4);
    expect(rtp.double).toEqual({ min: 14 / 15, max: 14 / 15 });
    expect(rtp.rowDouble).toEqual(rtp.double);
    expect(rtp.luckyColor.min).toBeCloseTo(0.882, 9);
    expect(rtp.luckyColor.max).toBeCloseTo(0.98, 9);
  });

  it("limbo's win count per target matches the result function at bucket boundaries", () => {
    // floor(0.99e10 / t) buckets reach the target t: the last winning bucket reaches it, the next does not.
    for (const target of [101, 200, 1_000, 12_345, 1_000_000, 99_000_001, 100_000_000]) {
      const wins = Math.floor(9.9e9 / target);
      const lastWinning = (wins - 1 + 0.5) / 1e8;
      const firstLosing = (wins + 0.5) / 1e8;
      expect(limboResultHundredthsFromFloat(lastWinning), `target ${target}`).toBeGreaterThanOrEqual(target);
      expect(limboResultHundredthsFromFloat(firstLosing), `target ${target}`).toBeLessThan(target);
    }
  });
});
