/**
 * A payout multiplier as an exact fraction in lowest terms (denominator > 0). Fractions, not
 * floats, because the dice multiplier 0.99 · 10001 / winningRollCount has no finite decimal form and
 * the server must compute floor(stakeCents · multiplier) without rounding error. Every other game's
 * multiplier is a whole number of hundredths, i.e. a fraction over 100 before reduction.
 */
export type Multiplier = {
  readonly numerator: bigint;
  readonly denominator: bigint;
};

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Builds a reduced fraction so equal multipliers compare equal field by field. */
export function multiplierFromFraction(numerator: bigint, denominator: bigint): Multiplier {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('multiplier must be a non-negative fraction');
  const divisor = greatestCommonDivisor(numerator, denominator);
  if (divisor === 0n) return { numerator: 0n, denominator: 1n };
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** `multiplierFromHundredths(196)` is 1.96×. */
export function multiplierFromHundredths(hundredths: number | bigint): Multiplier {
  return multiplierFromFraction(BigInt(hundredths), 100n);
}

/** The losing multiplier. */
export const ZERO_MULTIPLIER: Multiplier = { numerator: 0n, denominator: 1n };

/** floor(stakeCents · multiplier), exactly: what the server credits for a win. */
export function applyMultiplier(stakeCents: bigint, multiplier: Multiplier): bigint {
  if (stakeCents < 0n) throw new RangeError('stake must not be negative');
  return (stakeCents * multiplier.numerator) / multiplier.denominator;
}

/** For display only (may round); never use it to compute money. */
export function multiplierToNumber(multiplier: Multiplier): number {
  return Number(multiplier.numerator) / Number(multiplier.denominator);
}

/** The multiplier rounded DOWN to `decimalCount` places, as text, so the UI never promises more. */
export function formatMultiplier(multiplier: Multiplier, decimalCount = 2): string {
  const scale = 10n ** BigInt(decimalCount);
  const scaled = (multiplier.numerator * scale) / multiplier.denominator;
  const whole = scaled / scale;
  if (decimalCount === 0) return whole.toString();
  const fraction = (scaled % scale).toString().padStart(decimalCount, '0');
  return `${whole}.${fraction}`;
}
