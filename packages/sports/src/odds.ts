// Odds are decimal odds held exactly as integer thousandths (2.05 → 2050, 1.333 → 1333), so money
// arithmetic never touches binary floating point.

export const oddsMilliPerUnit = 1000;

/** Throws unless oddsMilli is a whole number of thousandths ≥ 1.000. */
export function assertOddsMilli(oddsMilli: number): void {
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < oddsMilliPerUnit) {
    throw new RangeError(`oddsMilli must be an integer ≥ 1000, got ${oddsMilli}`);
  }
}

/** Parses decimal odds text with up to 3 decimals ("2.05" → 2050). */
export function parseOddsMilli(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`odds "${text}" must be a decimal with up to 3 decimals`);
  const oddsMilli = Number(match[1]) * oddsMilliPerUnit + Number((match[2] ?? '').padEnd(3, '0'));
  assertOddsMilli(oddsMilli);
  return oddsMilli;
}

/** Converts a decimal odds number (2.05) that has at most 3 decimals; rejects anything finer. */
export function oddsMilliFromDecimal(oddsDecimal: number): number {
  const oddsMilli = Math.round(oddsDecimal * oddsMilliPerUnit);
  if (Math.abs(oddsDecimal * oddsMilliPerUnit - oddsMilli) > 1e-6) {
    throw new RangeError(`odds ${oddsDecimal} have more than 3 decimals`);
  }
  assertOddsMilli(oddsMilli);
  return oddsMilli;
}

/** For display and JSON; never for money arithmetic. */
export function oddsDecimalFromMilli(oddsMilli: number): number {
  return oddsMilli / oddsMilliPerUnit;
}

/** "2.05", "1.333", "3.50": at least two decimals, three only when needed. */
export function formatOddsMilli(oddsMilli: number): string {
  assertOddsMilli(oddsMilli);
  const whole = Math.floor(oddsMilli / oddsMilliPerUnit);
  const fraction = String(oddsMilli % oddsMilliPerUnit).padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}
