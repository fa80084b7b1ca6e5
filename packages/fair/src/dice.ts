import type { BetSeeds } from './floats.ts';
import { takeBetFloats } from './floats.ts';
import type { Multiplier } from './multiplier.ts';
import { multiplierFromFraction, ZERO_MULTIPLIER } from './multiplier.ts';

/** A roll is k / 100 for k = 0..10000: 10001 equally likely values. */
export const DICE_ROLL_VALUE_COUNT = 10001;
/** Highest roll, 100.00, in hundredths. */
export const DICE_ROLL_MAX_HUNDREDTHS = 10000;
/** Bounds of the nominal win chance (0.01 % to 98 %), as a count of winning roll values. */
export const DICE_WINNING_ROLL_COUNT_MIN = 1;
export const DICE_WINNING_ROLL_COUNT_MAX = 9800;

export type DiceDirection = 'under' | 'over';

export type DiceBet = {
  readonly direction: DiceDirection;
  /** Target X in hundredths (50.50 → 5050): integers keep the 0.01 grid exact. */
  readonly targetHundredths: number;
};

/** The roll k as an integer: floor(f · 10001), so the shown roll k / 100 lies in 0.00..100.00. */
export function diceRollHundredthsFromFloat(float: number): number {
  return Math.floor(float * DICE_ROLL_VALUE_COUNT);
}

/** The roll as shown, e.g. 77.18; compare bets with the hundredths form instead. */
export function diceRollFromFloat(float: number): number {
  return diceRollHundredthsFromFloat(float) / 100;
}

/** The bet's roll in hundredths, from its first float. */
export function diceRollHundredths(seeds: BetSeeds): number {
  return diceRollHundredthsFromFloat(takeBetFloats(seeds, 1)[0]!);
}

/** The bet's roll as shown, e.g. 77.18. */
export function diceRoll(seeds: BetSeeds): number {
  return diceRollHundredths(seeds) / 100;
}

/** "Under X" wins on roll < X, "over X" on roll > X (a roll equal to X loses both). */
export function diceWins(bet: DiceBet, rollHundredths: number): boolean {
  return bet.direction === 'under'
    ? rollHundredths < bet.targetHundredths
    : rollHundredths > bet.targetHundredths;
}

/**
 * How many of the 10001 roll values win: X·100 for "under X", (100 − X)·100 for "over X".
 * The nominal chance (X or 100 − X, in percent) is this count / 10000; the true one is / 10001.
 */
export function diceWinningRollCount(bet: DiceBet): number {
  if (!Number.isInteger(bet.targetHundredths)) throw new RangeError('dice target must be whole hundredths');
  const count =
    bet.direction === 'under' ? bet.targetHundredths : DICE_ROLL_MAX_HUNDREDTHS - bet.targetHundredths;
  if (count < DICE_WINNING_ROLL_COUNT_MIN || count > DICE_WINNING_ROLL_COUNT_MAX) {
    throw new RangeError('dice win chance must be between 0.01 % and 98 %');
  }
  return count;
}

/** The TRUE win probability, winningRollCount / 10001 (e.g. "under 50" is 49.995 %, not 50 %). */
export function diceWinChance(bet: DiceBet): number {
  return diceWinningRollCount(bet) / DICE_ROLL_VALUE_COUNT;
}

/**
 * 99 / chance with the TRUE chance, so RTP is exactly 99 %: 0.99 · 10001 / winningRollCount =
 * 990099 / (100 · winningRollCount). Using the nominal chance instead (99 / X) would pay 99 % of
 * 10000/10001 ≈ 98.990 %. Kept as an exact fraction; "under 50" pays 1.980198…×.
 */
export function diceMultiplier(bet: DiceBet): Multiplier {
  const winningRollCount = BigInt(diceWinningRollCount(bet));
  return multiplierFromFraction(99n * BigInt(DICE_ROLL_VALUE_COUNT), 100n * winningRollCount);
}

/** The multiplier the bet pays on this roll: diceMultiplier on a win, 0 on a loss. */
export function dicePayoutMultiplier(bet: DiceBet, rollHundredths: number): Multiplier {
  return diceWins(bet, rollHundredths) ? diceMultiplier(bet) : ZERO_MULTIPLIER;
}
