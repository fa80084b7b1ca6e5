// Statistics of the single-player games over 10^6 bets through the real derivation. Each bet
// (one nonce) costs one HMAC-SHA256 round, i.e. 8 floats; to stay inside the time budget the same
// 10^6 bets feed every game: dice, limbo and row double read float 0 (as diceRoll etc. do), mines
// with m ≤ 8 read floats 0..m−1 (as minesLayout does). Each game is tested on its own, so sharing
// bets between games changes nothing. Mines with 12 and 24 mines (2 and 3 HMAC rounds per game)
// use cheap AES-CTR floats in the same draw function; the round boundary itself is checked exactly
// against HMAC in floats.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DiceBet } from './index.ts';
import {
  binomial,
  DICE_ROLL_VALUE_COUNT,
  diceMultiplier,
  diceRollHundredthsFromFloat,
  diceWinChance,
  diceWins,
  doubleRollFromFloat,
  FLOATS_PER_ROUND,
  limboResultHundredthsFromFloat,
  limboWins,
  mineDrawOrderFromFloats,
  minesMultiplierHundredths,
  multiplierToNumber,
  takeBetFloats,
} from './index.ts';
import { itChecksDoubleRolls } from './test-support/double-statistics.ts';
import { limboWinningBucketCount } from './test-support/limbo.ts';
import type { Moments } from './test-support/statistics.ts';
import {
  CHI_SQUARE_CRITICAL_0_001,
  cheapFloats,
  chiSquareUniform,
  PayoutTally,
  rtpTolerance,
  winOrLoseMoments,
} from './test-support/statistics.ts';

const BET_COUNT = 1_000_000;
const SIMULATION_TIMEOUT_MS = 120_000;
const serverSeedHex = '6d1b6c3296bbd8430d6f20249044d72f1472015918e93f4a7b5b58d256976576';
const clientSeed = 'single-player-statistics';
const REAL_MINE_COUNTS = [1, 3, 8];

const diceRollsHundredths = new Uint16Array(BET_COUNT);
const limboResultsHundredths = new Float64Array(BET_COUNT);
const doubleRolls = new Uint8Array(BET_COUNT);
const realMineMasks = new Map(REAL_MINE_COUNTS.map((mineCount) => [mineCount, new Int32Array(BET_COUNT)]));

/** One game's mines as a 25-bit mask. */
function mineMask(mineTiles: Iterable<number>): number {
  let mask = 0;
  for (const tile of mineTiles) mask |= 1 << tile;
  return mask;
}

beforeAll(() => {
  for (let nonce = 0; nonce < BET_COUNT; nonce++) {
    const floats = takeBetFloats({ serverSeedHex, clientSeed, nonce }, FLOATS_PER_ROUND);
    diceRollsHundredths[nonce] = diceRollHundredthsFromFloat(floats[0]!);
    limboResultsHundredths[nonce] = limboResultHundredthsFromFloat(floats[0]!);
    doubleRolls[nonce] = doubleRollFromFloat(floats[0]!);
    for (const [mineCount, masks] of realMineMasks)
      masks[nonce] = mineMask(mineDrawOrderFromFloats(floats, mineCount));
  }
}, SIMULATION_TIMEOUT_MS);

describe(`dice over ${BET_COUNT} real bets`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  it(`rolls are uniform on 0.00..100.00: chi-square < ${CHI_SQUARE_CRITICAL_0_001[10000]} (df 10000, α 0.001)`, () => {
    const counts = new Array<number>(DICE_ROLL_VALUE_COUNT).fill(0);
    for (const rollHundredths of diceRollsHundredths) counts[rollHundredths]!++;
    expect(chiSquareUniform(counts)).toBeLessThan(CHI_SQUARE_CRITICAL_0_001[10000]!);
  });

  const bets: DiceBet[] = [
    { direction: 'under', targetHundredths: 5000 },
    { direction: 'over', targetHundredths: 5000 },
    { direction: 'under', targetHundredths: 9800 },
    { direction: 'over', targetHundredths: 9000 },
    { direction: 'under', targetHundredths: 100 },
    { direction: 'over', targetHundredths: 9999 },
  ];

  // Payout per unit staked is M with probability p, else 0: variance M² · p · (1 − p).
  it.each(
    bets.map((bet) => {
      const moments = winOrLoseMoments(diceWinChance(bet), multiplierToNumber(diceMultiplier(bet)));
      return { bet, moments, label: `${bet.direction} ${(bet.targetHundredths / 100).toFixed(2)}` };
    }),
  )(
    '$label returns 99 % within 5 standard errors (per-bet variance $moments.variance)',
    ({ bet, moments }) => {
      expect(moments.mean).toBeCloseTo(0.99, 12);
      const payout = multiplierToNumber(diceMultiplier(bet));
      const tally = new PayoutTally();
      for (const rollHundredths of diceRollsHundredths) tally.add(diceWins(bet, rollHundredths) ? payout : 0);
      expect(Math.abs(tally.rtp - moments.mean)).toBeLessThanOrEqual(rtpTolerance(moments, BET_COUNT));
    },
  );
});

describe(`limbo over ${BET_COUNT} real bets`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  // P(win) comes from the result function itself (bisection over its 1e8 buckets), so the expected
  // RTP includes the IEEE rounding: 99 % less at most two buckets' worth (2 · target / 1e8).
  it.each(
    [101, 150, 200, 1000, 10_000, 100_000].map((targetHundredths) => {
      const winChance = limboWinningBucketCount(targetHundredths) / 1e8;
      const moments = winOrLoseMoments(winChance, targetHundredths / 100);
      return { targetHundredths, moments, label: (targetHundredths / 100).toFixed(2) };
    }),
  )(
    'target $label× returns ≈ 99 % within 5 standard errors (per-bet variance $moments.variance)',
    ({ targetHundredths, moments }) => {
      expect(moments.mean).toBeLessThanOrEqual(0.99 + 1e-12);
      expect(moments.mean).toBeGreaterThan(0.99 - (2 * targetHundredths) / 100 / 1e8);
      const tally = new PayoutTally();
      for (const resultHundredths of limboResultsHundredths) {
        tally.add(limboWins(targetHundredths, resultHundredths) ? targetHundredths / 100 : 0);
      }
      expect(Math.abs(tally.rtp - moments.mean)).toBeLessThanOrEqual(rtpTolerance(moments, BET_COUNT));
    },
  );
});

describe(`row double over ${BET_COUNT} real bets`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  itChecksDoubleRolls(() => doubleRolls);
});

function cheapMineMasks(mineCount: number): Int32Array {
  const masks = new Int32Array(BET_COUNT);
  const chunkGameCount = 100_000;
  for (let chunkStart = 0; chunkStart < BET_COUNT; chunkStart += chunkGameCount) {
    const floats = cheapFloats(chunkGameCount * mineCount, mineCount * 16 + chunkStart / chunkGameCount);
    for (let game = 0; game < chunkGameCount; game++) {
      const gameFloats = floats.subarray(game * mineCount, (game + 1) * mineCount);
      masks[chunkStart + game] = mineMask(mineDrawOrderFromFloats(gameFloats, mineCount));
    }
  }
  return masks;
}

/** A player who opens k fixed tiles wins when none is a mine: P = C(25 − m, k) / C(25, k). */
function cashOutMoments(mineCount: number, safeTileCount: number): Moments {
  const winChance = Number(binomial(25 - mineCount, safeTileCount)) / Number(binomial(25, safeTileCount));
  return winOrLoseMoments(winChance, Number(minesMultiplierHundredths(mineCount, safeTileCount)) / 100);
}

function popCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

describe(`mines over ${BET_COUNT} games per mine count`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  it.each([
    { mineCount: 1, safeTileCounts: [1, 12, 24], source: 'real derivation' },
    { mineCount: 3, safeTileCounts: [1, 5, 10], source: 'real derivation' },
    { mineCount: 8, safeTileCounts: [2, 6], source: 'real derivation' },
    { mineCount: 12, safeTileCounts: [1, 3], source: 'cheap floats' },
    { mineCount: 24, safeTileCounts: [1], source: 'cheap floats' },
  ])(
    '$mineCount mines ($source): each cash-out returns its exact RTP within 5 standard errors',
    ({ mineCount, safeTileCounts, source }) => {
      const masks = source === 'real derivation' ? realMineMasks.get(mineCount)! : cheapMineMasks(mineCount);
      expect(masks.filter((mask) => popCount(mask) !== mineCount)).toHaveLength(0);
      for (const safeTileCount of safeTileCounts) {
        // Per-game variance M² · p · (1 − p), e.g. 24 mines, 1 pick: 24.75² · 0.04 · 0.96 ≈ 23.5.
        const moments = cashOutMoments(mineCount, safeTileCount);
        expect(moments.mean).toBeLessThanOrEqual(0.99);
        expect(moments.mean).toBeGreaterThan(0.98);
        const multiplier = Number(minesMultiplierHundredths(mineCount, safeTileCount)) / 100;
        // Opening the first k tiles, then the last k: a placement bias toward either end shows.
        const firstTilesMask = (1 << safeTileCount) - 1;
        for (const openedMask of [firstTilesMask, firstTilesMask << (25 - safeTileCount)]) {
          const tally = new PayoutTally();
          for (const mask of masks) tally.add((mask & openedMask) === 0 ? multiplier : 0);
          expect(Math.abs(tally.rtp - moments.mean)).toBeLessThanOrEqual(rtpTolerance(moments, BET_COUNT));
        }
      }
    },
  );
});
