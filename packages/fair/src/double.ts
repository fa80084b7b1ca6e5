import { roundHmacInteger, roundOutcomeFromInteger } from './chain.ts';
import type { BetSeeds } from './floats.ts';
import { takeBetFloats } from './floats.ts';
import type { Multiplier } from './multiplier.ts';
import { multiplierFromHundredths, ZERO_MULTIPLIER } from './multiplier.ts';

/** Rolls 0..14: one white, seven red, seven black. */
export const DOUBLE_ROLL_COUNT = 15;

/** Slots around the wheel, for the animation to land on the rolled number. */
export const DOUBLE_WHEEL_ORDER: readonly number[] = Object.freeze([
  0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4,
]);

export type DoubleColor = 'white' | 'red' | 'black';

const DOUBLE_PAYOUT_HUNDREDTHS: Readonly<Record<DoubleColor, number>> = { white: 1400, red: 200, black: 200 };

/** 0 is white, 1–7 red, 8–14 black. */
export function doubleColor(roll: number): DoubleColor {
  if (!Number.isInteger(roll) || roll < 0 || roll >= DOUBLE_ROLL_COUNT)
    throw new RangeError('roll must be 0..14');
  if (roll === 0) return 'white';
  return roll <= 7 ? 'red' : 'black';
}

/** floor(f · 15). */
export function doubleRollFromFloat(float: number): number {
  return Math.floor(float * DOUBLE_ROLL_COUNT);
}

/** Single-player ("row") double: the roll from the bet's first float. */
export function rowDoubleRoll(seeds: BetSeeds): number {
  return doubleRollFromFloat(takeBetFloats(seeds, 1)[0]!);
}

/** Round double: floor(H · 15 / 2^256) with H from the round's chain seed and the published salt. */
export function doubleRoundRoll(roundSeedHex: string, salt: string): number {
  return roundOutcomeFromInteger(roundHmacInteger(roundSeedHex, salt), DOUBLE_ROLL_COUNT);
}

/** What a winning bet on `color` pays: red and black 2×, white 14×. */
export function doubleColorMultiplier(color: DoubleColor): Multiplier {
  return multiplierFromHundredths(DOUBLE_PAYOUT_HUNDREDTHS[color]);
}

/** The multiplier a bet on `pick` pays on this roll (0 on a loss). */
export function doublePayoutMultiplier(pick: DoubleColor, roll: number): Multiplier {
  return doubleColor(roll) === pick ? doubleColorMultiplier(pick) : ZERO_MULTIPLIER;
}
