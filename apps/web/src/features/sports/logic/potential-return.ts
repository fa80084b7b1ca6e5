import { oddsMilliFromDecimal, settleParlay } from '@aposta/sports';

// What a bet returns if every leg wins: stake × product of the odds, computed exactly in centavos and
// thousandths of odds and floored once to the centavo, with the server's own function, so the slip
// shows what the server will pay.

/** The return in centavos, or undefined without a stake or a leg, or with odds the server cannot take. */
export function potentialReturnCents(
  stakeCents: bigint | undefined,
  odds: readonly number[],
): bigint | undefined {
  if (stakeCents === undefined || stakeCents <= 0n || odds.length === 0) return undefined;
  try {
    const legs = odds.map((value) => ({ oddsMilli: oddsMilliFromDecimal(value), result: 10 as const }));
    return settleParlay(stakeCents, legs).returnCents ?? undefined;
  } catch {
    return undefined;
  }
}

/** The parlay's odds as the server shows them: product of the legs, floored to the thousandth. */
export function totalOdds(odds: readonly number[]): number | undefined {
  if (odds.length === 0) return undefined;
  try {
    let numerator = 1n;
    for (const value of odds) numerator *= BigInt(oddsMilliFromDecimal(value));
    return Number(numerator / 1000n ** BigInt(odds.length - 1)) / 1000;
  } catch {
    return undefined;
  }
}

/** Centavos as reais for display (exact below 2^53 centavos, far above any stake). */
export function centsToReaisNumber(cents: bigint): number {
  return Number(cents) / 100;
}
