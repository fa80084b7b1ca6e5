import type { BetSeeds } from './floats.ts';
import { betFloats } from './floats.ts';
import type { Multiplier } from './multiplier.ts';
import { multiplierFromHundredths } from './multiplier.ts';

/** The 5×5 board, tiles numbered 0..24 row by row. */
export const MINES_TILE_COUNT = 25;
export const MINES_MINE_COUNT_MIN = 1;
export const MINES_MINE_COUNT_MAX = 24;

const ALL_TILES: readonly number[] = Array.from({ length: MINES_TILE_COUNT }, (_, tile) => tile);

export type MinesLayout = {
  /** Mine tiles in ascending order. */
  readonly mineTiles: readonly number[];
  /** The same tiles in the order they were drawn (what a step-by-step verifier shows). */
  readonly drawOrder: readonly number[];
};

export function assertMineCount(mineCount: number): void {
  const isValid =
    Number.isInteger(mineCount) && mineCount >= MINES_MINE_COUNT_MIN && mineCount <= MINES_MINE_COUNT_MAX;
  if (!isValid) throw new RangeError('mine count must be an integer from 1 to 24');
}

/**
 * Draw i takes floor(f_i · (25 − i)) as an index into the tiles not yet drawn (kept in ascending
 * order) and removes it: a partial Fisher–Yates shuffle, so every set of mines is equally likely.
 */
export function mineDrawOrderFromFloats(floats: Iterable<number>, mineCount: number): number[] {
  assertMineCount(mineCount);
  const remainingTiles = ALL_TILES.slice();
  const drawOrder: number[] = [];
  for (const float of floats) {
    const index = Math.floor(float * remainingTiles.length);
    drawOrder.push(remainingTiles.splice(index, 1)[0]!);
    if (drawOrder.length === mineCount) return drawOrder;
  }
  throw new RangeError('not enough floats for the mine count');
}

/** Where the game's mines are; a whole game uses one nonce. */
export function minesLayout(seeds: BetSeeds, mineCount: number): MinesLayout {
  const drawOrder = mineDrawOrderFromFloats(betFloats(seeds), mineCount);
  return { mineTiles: [...drawOrder].sort((a, b) => a - b), drawOrder };
}

/** C(n, k) exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  // Multiplying before dividing keeps every intermediate an exact binomial: C(n−k+i, i).
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** The most safe tiles a player can open with this many mines. */
export function minesSafeTileCountMax(mineCount: number): number {
  assertMineCount(mineCount);
  return MINES_TILE_COUNT - mineCount;
}

/**
 * Cash-out multiplier after `safeTileCount` safe picks, in hundredths:
 * floor(99 · C(25, k) / C(25 − m, k)), i.e. 0.99 / P(k safe picks) floored to 0.01, in bigint so
 * the flooring is exact. Flooring keeps every RTP at or just under 99 %.
 */
export function minesMultiplierHundredths(mineCount: number, safeTileCount: number): bigint {
  const isValidSafeTileCount =
    Number.isInteger(safeTileCount) &&
    safeTileCount >= 1 &&
    safeTileCount <= minesSafeTileCountMax(mineCount);
  if (!isValidSafeTileCount) throw new RangeError('safe tile count must be from 1 to 25 − mine count');
  const allPicks = binomial(MINES_TILE_COUNT, safeTileCount);
  const safePicks = binomial(MINES_TILE_COUNT - mineCount, safeTileCount);
  return (99n * allPicks) / safePicks;
}

/** Cash-out multiplier after `safeTileCount` safe picks (≥ 1; with none the stake is not at risk yet). */
export function minesMultiplier(mineCount: number, safeTileCount: number): Multiplier {
  return multiplierFromHundredths(minesMultiplierHundredths(mineCount, safeTileCount));
}
