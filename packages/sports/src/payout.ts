import { assertOddsMilli, oddsMilliPerUnit } from './odds.ts';
import { type BetResultCode, betResult, type SettledResultCode } from './vocabulary.ts';

/*
 * Money is integer centavos (bigint). A return is stake × a rational factor built from the odds in
 * thousandths; the product is computed exactly and floored ONCE, to the centavo, at the very end
 * (rounding always in the house's favour by less than one centavo, never per leg).
 */

/** An exact non-negative rational. */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const one = BigInt(oddsMilliPerUnit);

/**
 * Return factor per unit of stake for a settled result:
 * win = odds, win half = (1 + odds) / 2, lose half = 1/2, refund = 1, lose = 0.
 * A single bet and a parlay leg use the same factor.
 */
export function returnFactor(result: SettledResultCode, oddsMilli: number): Ratio {
  assertOddsMilli(oddsMilli);
  const odds = BigInt(oddsMilli);
  switch (result) {
    case betResult.win:
      return { numerator: odds, denominator: one };
    case betResult.winHalf:
      return { numerator: odds + one, denominator: 2n * one };
    case betResult.loseHalf:
      return { numerator: 1n, denominator: 2n };
    case betResult.refund:
      return { numerator: 1n, denominator: 1n };
    case betResult.lose:
      return { numerator: 0n, denominator: 1n };
    default:
      throw new RangeError(`result ${String(result)} has no return`);
  }
}

function assertStake(stakeCents: bigint): void {
  if (stakeCents <= 0n) throw new RangeError('stakeCents must be positive');
}

/** stake × factor, floored to the centavo. */
function applyFactor(stakeCents: bigint, factor: Ratio): bigint {
  return (stakeCents * factor.numerator) / factor.denominator;
}

/**
 * What a settled single bet pays back, stake included:
 * win = stake×odds, win half = stake/2×odds + stake/2, lose half = stake/2, refund = stake, lose = 0;
 * floored to the centavo.
 */
export function singleReturnCents(stakeCents: bigint, oddsMilli: number, result: SettledResultCode): bigint {
  assertStake(stakeCents);
  return applyFactor(stakeCents, returnFactor(result, oddsMilli));
}

export interface ParlayLeg {
  readonly oddsMilli: number;
  readonly result: BetResultCode;
}

export type ParlaySettlement =
  | { readonly result: typeof betResult.open; readonly returnCents: null }
  | { readonly result: SettledResultCode; readonly returnCents: bigint };

/**
 * Settles a parlay from its legs. A lost leg loses the parlay at once (20, even with legs still open);
 * otherwise any open leg keeps it open (0); every leg refunded or pushed → 90 with the stake back;
 * else 10 and the return is stake × product of the leg factors (a lose-half leg halves it), floored once.
 */
export function settleParlay(stakeCents: bigint, legs: readonly ParlayLeg[]): ParlaySettlement {
  assertStake(stakeCents);
  if (legs.length === 0) throw new RangeError('a parlay needs at least one leg');
  for (const leg of legs) assertOddsMilli(leg.oddsMilli);
  if (legs.some((leg) => leg.result === betResult.lose)) return { result: betResult.lose, returnCents: 0n };
  if (legs.some((leg) => leg.result === betResult.open)) return { result: betResult.open, returnCents: null };
  if (legs.every((leg) => leg.result === betResult.refund)) {
    return { result: betResult.refund, returnCents: stakeCents };
  }
  let numerator = stakeCents;
  let denominator = 1n;
  for (const leg of legs) {
    const factor = returnFactor(leg.result as SettledResultCode, leg.oddsMilli);
    numerator *= factor.numerator;
    denominator *= factor.denominator;
  }
  return { result: betResult.win, returnCents: numerator / denominator };
}

export interface PayoutDiff {
  /** Amount of the earlier payout to reverse through the ledger (0 when nothing changes). */
  readonly reverseCents: bigint;
  /** Amount to pay for the new settlement (0 when nothing changes). */
  readonly payCents: bigint;
  /** payCents − reverseCents: what the player's balance moves by. */
  readonly netCents: bigint;
}

/**
 * Re-settlement as a pure diff: reverse the earlier payout in full and pay the new one, so the ledger
 * keeps one entry per settlement. An unchanged payout needs no entries at all.
 */
export function diffPayout(previousReturnCents: bigint, newReturnCents: bigint): PayoutDiff {
  if (previousReturnCents < 0n || newReturnCents < 0n) throw new RangeError('payouts are never negative');
  if (previousReturnCents === newReturnCents) return { reverseCents: 0n, payCents: 0n, netCents: 0n };
  return {
    reverseCents: previousReturnCents,
    payCents: newReturnCents,
    netCents: newReturnCents - previousReturnCents,
  };
}

/** What an open (0) result has paid: nothing. */
function paidCents(stakeCents: bigint, oddsMilli: number, result: BetResultCode): bigint {
  return result === betResult.open ? 0n : singleReturnCents(stakeCents, oddsMilli, result);
}

/** Re-settles a single bet from its previous result to a new one (either may be 0, open: nothing paid). */
export function resettleSingle(
  stakeCents: bigint,
  oddsMilli: number,
  previousResult: BetResultCode,
  newResult: BetResultCode,
): PayoutDiff {
  return diffPayout(
    paidCents(stakeCents, oddsMilli, previousResult),
    paidCents(stakeCents, oddsMilli, newResult),
  );
}

/** Re-settles a parlay after one or more legs changed result. */
export function resettleParlay(
  stakeCents: bigint,
  previousLegs: readonly ParlayLeg[],
  newLegs: readonly ParlayLeg[],
): PayoutDiff & { readonly previous: ParlaySettlement; readonly next: ParlaySettlement } {
  const previous = settleParlay(stakeCents, previousLegs);
  const next = settleParlay(stakeCents, newLegs);
  return { ...diffPayout(previous.returnCents ?? 0n, next.returnCents ?? 0n), previous, next };
}
