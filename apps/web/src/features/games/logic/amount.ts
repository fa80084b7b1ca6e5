// The stake as the bet panel handles it: whole centavos (integers), so ½ and 2× never drift, and the
// text sent to the API ("12.50") is exact (api-contract.md section 1: at most 2 decimals).

export interface AmountLimits {
  minCents: number;
  maxCents: number;
}

/** The catalogue's defaults (api-contract.md section 10): R$ 0,10 to R$ 1.000,00 per bet. */
export const defaultAmountLimits: AmountLimits = { minCents: 10, maxCents: 100_000 };
/** The most one bet may pay (catalogue default R$ 100.000,00); the server refuses more (400). */
export const payoutMaxCents = 10_000_000;
/** Longest amount text accepted: "100000.00" is 9, a little room for typing. */
const amountTextLengthMax = 12;

const amountPattern = /^(\d{1,9})(?:[.,](\d{0,2}))?$/;

/**
 * Cents from what the player typed: digits with an optional ',' or '.' and at most 2 decimals
 * ("12", "12,5", "0.10"). Anything else (a sign, grouping, a third decimal) is undefined.
 */
export function parseAmountCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > amountTextLengthMax) return undefined;
  const match = amountPattern.exec(trimmed);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole * 100 + Number(fraction);
}

/** "12.50": the API's form of an amount. */
export function centsToApiAmount(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The input's text for an amount, with the language's decimal separator ("12,50" in pt_BR). */
export function centsToInput(cents: number, decimalSeparator: string): string {
  return centsToApiAmount(cents).replace('.', decimalSeparator);
}

/** Reais from the API (a number with at most 2 decimals) as whole cents. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

export function clampCents(cents: number, limits: AmountLimits): number {
  return Math.min(limits.maxCents, Math.max(limits.minCents, Math.floor(cents)));
}

export function halfCents(cents: number, limits: AmountLimits): number {
  return clampCents(Math.floor(cents / 2), limits);
}

export function doubleCents(cents: number, limits: AmountLimits): number {
  return clampCents(cents * 2, limits);
}

/** "Max" stakes the whole balance when it is below the bet limit, never less than the minimum. */
export function maxStakeCents(limits: AmountLimits, balanceCents: number | undefined): number {
  if (balanceCents === undefined || balanceCents < limits.minCents) return limits.maxCents;
  return Math.min(limits.maxCents, Math.floor(balanceCents));
}

export type AmountProblem = 'invalid' | 'belowMin' | 'aboveMax';

/** Why an amount cannot be staked, or undefined when it can. Funds are the server's check (500/9999). */
export function amountProblem(cents: number | undefined, limits: AmountLimits): AmountProblem | undefined {
  if (cents === undefined) return 'invalid';
  if (cents < limits.minCents) return 'belowMin';
  if (cents > limits.maxCents) return 'aboveMax';
  return undefined;
}
