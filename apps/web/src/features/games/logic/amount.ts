import { reaisToCents as exactCents } from '@aposta/money';

// The stake's limits as the bet panel handles them: whole centavos (integers), so ½ and 2× never drift.
// Reading and writing the typed text is lib/money-input's, the app's one amount reader.

export interface AmountLimits {
  minCents: number;
  maxCents: number;
}

/** The catalogue's defaults (api-contract.md section 10): R$ 0,10 to R$ 1.000,00 per bet. */
export const defaultAmountLimits: AmountLimits = { minCents: 10, maxCents: 100_000 };
/** The most one bet may pay (catalogue default R$ 100.000,00); the server refuses more (400). */
export const payoutMaxCents = 10_000_000;
/** Reais from the API (a number with at most 2 decimals) as whole cents, exactly (@aposta/money). */
export function reaisToCents(reais: number): number {
  return Number(exactCents(reais));
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
