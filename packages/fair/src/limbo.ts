import type { BetSeeds } from './floats.ts';
import { takeBetFloats } from './floats.ts';
import type { Multiplier } from './multiplier.ts';
import { multiplierFromHundredths, ZERO_MULTIPLIER } from './multiplier.ts';

const LIMBO_SCALE = 1e8;
const LIMBO_RETURN_RATE = 0.99;
/** Lowest result, 1.00×, in hundredths. */
export const LIMBO_RESULT_MIN_HUNDREDTHS = 100;
/** Highest result, 1e8 · 0.99 = 99,000,000×, in hundredths. */
export const LIMBO_RESULT_MAX_HUNDREDTHS = 9_900_000_000;
/** Allowed targets: 1.01× to 1,000,000×, in hundredths. */
export const LIMBO_TARGET_MIN_HUNDREDTHS = 101;
export const LIMBO_TARGET_MAX_HUNDREDTHS = 100_000_000;

/**
 * The result in hundredths. Each step is an IEEE double operation in exactly the published order,
 * because verifiers do the same and a reordering could move a result across a 0.01 boundary.
 */
export function limboResultHundredthsFromFloat(float: number): number {
  const bucket = Math.floor(float * LIMBO_SCALE);
  let result = LIMBO_SCALE / (bucket + 1);
  result = result * LIMBO_RETURN_RATE;
  return Math.max(LIMBO_RESULT_MIN_HUNDREDTHS, Math.floor(result * 100));
}

/** The result as shown, e.g. 1.28. */
export function limboResultFromFloat(float: number): number {
  return limboResultHundredthsFromFloat(float) / 100;
}

/** The bet's result in hundredths, from its first float. */
export function limboResultHundredths(seeds: BetSeeds): number {
  return limboResultHundredthsFromFloat(takeBetFloats(seeds, 1)[0]!);
}

/** The bet's result as shown, e.g. 1.28. */
export function limboResult(seeds: BetSeeds): number {
  return limboResultHundredths(seeds) / 100;
}

/** Rejects targets off the 0.01 grid or outside 1.01..1,000,000. */
export function assertLimboTarget(targetHundredths: number): void {
  const isValid =
    Number.isInteger(targetHundredths) &&
    targetHundredths >= LIMBO_TARGET_MIN_HUNDREDTHS &&
    targetHundredths <= LIMBO_TARGET_MAX_HUNDREDTHS;
  if (!isValid) throw new RangeError('limbo target must be 1.01 to 1000000 in whole hundredths');
}

/** A limbo bet wins when the result reaches the target. */
export function limboWins(targetHundredths: number, resultHundredths: number): boolean {
  assertLimboTarget(targetHundredths);
  return resultHundredths >= targetHundredths;
}

/** A win pays the target itself. */
export function limboMultiplier(targetHundredths: number): Multiplier {
  assertLimboTarget(targetHundredths);
  return multiplierFromHundredths(targetHundredths);
}

/** The multiplier the bet pays on this result: the target on a win, 0 on a loss. */
export function limboPayoutMultiplier(targetHundredths: number, resultHundredths: number): Multiplier {
  return limboWins(targetHundredths, resultHundredths) ? limboMultiplier(targetHundredths) : ZERO_MULTIPLIER;
}
