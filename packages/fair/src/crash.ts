/**
 * Crash: a round game on its own published hash chain (chain.ts, the same scheme as Double, its own chain and
 * salt). Docs: docs/decisions/0059-crash.md.
 *
 * Crash point. H = HMAC-SHA256(key = round seed hex text, message = salt) as a 256-bit integer (roundHmacInteger);
 * h = its top 52 bits (H >> 204), E = 2^52. The crash point in hundredths is
 *
 *     c = max(100, floor(99 · E / (E − h)))          (exact integer arithmetic)
 *
 * so P(c ≥ t) = floor(99 · E / t) / E ≈ 0.99 / (t / 100) for every t ≥ 101: a bet whose cash-out target t is
 * reached pays t / 100, and its expected return is 0.99 for every target (the house edge, 1 %, is the 0.99).
 * About 1.98 % of rounds crash at 1.00× (c < 101), where every bet loses.
 *
 * Curve. While running, the multiplier after `ms` milliseconds is floor(100 · e^(0.00006 · ms)) / 100
 * (2× after 11.6 s, 10× after 38.4 s, 100× after 76.8 s). The round crashes at the first whole millisecond where
 * that value reaches c. A target t ≤ c is paid at exactly t (the curve reaches it no later than the crash; auto
 * cash-outs are judged before the crash at the same instant); a cash-out by hand is judged by the server's clock
 * and must arrive before the crash instant; it is paid at the curve's value then, which is always below c.
 */
import { roundHmacInteger } from './chain.ts';

/** e^(CRASH_CURVE_RATE_PER_MS · ms). */
export const CRASH_CURVE_RATE_PER_MS = 0.00006;
/** 99 / 100: the return of every target (1 % house edge). */
export const CRASH_RETURN_HUNDREDTHS = 99n;
export const CRASH_MIN_HUNDREDTHS = 100;
/** Lowest auto cash-out target, 1.01×. */
export const CRASH_TARGET_MIN_HUNDREDTHS = 101;
/** Highest auto cash-out target, 1,000,000×. */
export const CRASH_TARGET_MAX_HUNDREDTHS = 100_000_000;

const BITS = 52n;
const E = 1n << BITS;

/** The crash point, in hundredths, from h (an integer in [0, 2^52)). */
export function crashPointFromInteger(h: bigint): number {
  if (h < 0n || h >= E) throw new RangeError('h must be in [0, 2^52)');
  const hundredths = (CRASH_RETURN_HUNDREDTHS * E) / (E - h);
  return Math.max(CRASH_MIN_HUNDREDTHS, Number(hundredths));
}

/** The round's crash point in hundredths (e.g. 253 is 2.53×), from its chain seed and the published salt. */
export function crashPointHundredths(roundSeedHex: string, salt: string): number {
  return crashPointFromInteger(roundHmacInteger(roundSeedHex, salt) >> (256n - BITS));
}

/** The crash point as shown, e.g. 2.53. */
export function crashPoint(roundSeedHex: string, salt: string): number {
  return crashPointHundredths(roundSeedHex, salt) / 100;
}

/** The chance that a round reaches `targetHundredths` (crash point ≥ target): floor(99 · 2^52 / t) / 2^52. */
export function crashReachChance(targetHundredths: number): number {
  assertCrashTarget(targetHundredths);
  return Number((CRASH_RETURN_HUNDREDTHS * E) / BigInt(targetHundredths)) / Number(E);
}

export function isValidCrashTarget(targetHundredths: number): boolean {
  return (
    Number.isInteger(targetHundredths) &&
    targetHundredths >= CRASH_TARGET_MIN_HUNDREDTHS &&
    targetHundredths <= CRASH_TARGET_MAX_HUNDREDTHS
  );
}

export function assertCrashTarget(targetHundredths: number): void {
  if (!isValidCrashTarget(targetHundredths))
    throw new RangeError('crash target must be 1.01 to 1000000 in whole hundredths');
}

/** The curve after `elapsedMs` of running, in hundredths: floor(100 · e^(0.00006 · ms)). */
export function crashMultiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return CRASH_MIN_HUNDREDTHS;
  return Math.floor(100 * Math.exp(CRASH_CURVE_RATE_PER_MS * elapsedMs));
}

/** The first whole millisecond at which the curve shows `hundredths` (the crash instant for a crash point). */
export function crashElapsedMsFor(hundredths: number): number {
  if (hundredths <= CRASH_MIN_HUNDREDTHS) return 0;
  let ms = Math.ceil(Math.log(hundredths / 100) / CRASH_CURVE_RATE_PER_MS);
  while (ms > 0 && crashMultiplierAt(ms - 1) >= hundredths) ms -= 1;
  while (crashMultiplierAt(ms) < hundredths) ms += 1;
  return ms;
}

/** An auto cash-out target is paid when the round reaches it: target ≤ crash point. */
export function crashTargetWins(targetHundredths: number, crashPointHundredthsValue: number): boolean {
  return targetHundredths <= crashPointHundredthsValue;
}

/**
 * A cash-out by hand received `elapsedMs` after the round started running: the multiplier it is paid at, or
 * null when the round had already crashed by then (the crash instant itself included).
 */
export function crashHandCashout(elapsedMs: number, crashPointHundredthsValue: number): number | null {
  if (elapsedMs >= crashElapsedMsFor(crashPointHundredthsValue)) return null;
  return crashMultiplierAt(Math.max(0, elapsedMs));
}
