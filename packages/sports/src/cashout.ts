import { assertOddsMilli, oddsMilliPerUnit } from './odds.ts';
import { returnFactor } from './payout.ts';
import { betResult, type SettledResultCode } from './vocabulary.ts';

/*
 * Cash-out: the house buys a bet back at what it is worth now, less its margin. An open leg is worth its placed
 * odds times the pick's fair probability at the current odds (the market's overround taken out), a decided leg
 * its settled factor; the legs multiply. Everything is exact rationals in bigint, floored once to the centavo.
 */

/** A leg as cash-out sees it: already settled, or open with the current odds of its (line-adjusted) market. */
export type CashoutLeg =
  | { readonly state: 'decided'; readonly oddsMilli: number; readonly result: SettledResultCode }
  | {
      readonly state: 'open';
      /** The odds the bet was placed at. */
      readonly oddsMilli: number;
      /** The pick's odds now. */
      readonly currentOddsMilli: number;
      /** The other outcomes' odds now, in the same market. */
      readonly otherOddsMilli: readonly number[];
    };

/** Margin in basis points (500 = 5 %) kept by the house on a cash-out. */
export function cashoutValueCents(
  remainingStakeCents: bigint,
  legs: readonly CashoutLeg[],
  marginBasisPoints: number,
): bigint | null {
  if (remainingStakeCents <= 0n || legs.length === 0) return null;
  if (!Number.isInteger(marginBasisPoints) || marginBasisPoints < 0 || marginBasisPoints >= 10_000)
    throw new RangeError('marginBasisPoints must be an integer in [0, 10000)');
  let numerator = remainingStakeCents * BigInt(10_000 - marginBasisPoints);
  let denominator = 10_000n;
  let open = 0;
  for (const leg of legs) {
    if (leg.state === 'decided') {
      if (leg.result === betResult.lose) return null;
      const factor = returnFactor(leg.result, leg.oddsMilli);
      numerator *= factor.numerator;
      denominator *= factor.denominator;
      continue;
    }
    open++;
    assertOddsMilli(leg.oddsMilli);
    for (const odds of [leg.currentOddsMilli, ...leg.otherOddsMilli]) assertOddsMilli(odds);
    if (leg.otherOddsMilli.length === 0) throw new RangeError('an open leg needs the market’s other odds');
    // Fair p(pick) = (1/o_pick) / Σ(1/o_k) = Π_{k≠pick} o_k / Σ_j Π_{k≠j} o_k.
    const all = [leg.currentOddsMilli, ...leg.otherOddsMilli].map(BigInt);
    const productWithout = (skip: number) =>
      all.reduce((acc, odds, index) => (index === skip ? acc : acc * odds), 1n);
    const probabilityNumerator = productWithout(0);
    const probabilityDenominator = all.reduce((acc, _odds, index) => acc + productWithout(index), 0n);
    numerator *= BigInt(leg.oddsMilli) * probabilityNumerator;
    denominator *= BigInt(oddsMilliPerUnit) * probabilityDenominator;
  }
  // Every leg decided: settlement pays it, there is nothing to buy back.
  if (open === 0) return null;
  const value = numerator / denominator;
  return value > 0n ? value : null;
}

export interface PartialCashout {
  /** Stake sold back to the house, floored to the centavo. */
  readonly soldStakeCents: bigint;
  /** What the player gets for it: the full value pro rata, floored to the centavo. */
  readonly paidCents: bigint;
  /** Stake that stays in play and settles as before. */
  readonly remainingStakeCents: bigint;
}

/** Splits a cash-out of `fractionHundredths`/100 of the remaining stake (100 = all of it). */
export function partialCashout(
  remainingStakeCents: bigint,
  fullValueCents: bigint,
  fractionHundredths: number,
): PartialCashout | null {
  if (!Number.isInteger(fractionHundredths) || fractionHundredths < 1 || fractionHundredths > 100)
    throw new RangeError('fractionHundredths must be an integer in [1, 100]');
  if (remainingStakeCents <= 0n || fullValueCents <= 0n) return null;
  const soldStakeCents =
    fractionHundredths === 100
      ? remainingStakeCents
      : (remainingStakeCents * BigInt(fractionHundredths)) / 100n;
  const paidCents =
    soldStakeCents === remainingStakeCents
      ? fullValueCents
      : (fullValueCents * soldStakeCents) / remainingStakeCents;
  if (soldStakeCents <= 0n || paidCents <= 0n) return null;
  return { soldStakeCents, paidCents, remainingStakeCents: remainingStakeCents - soldStakeCents };
}

/**
 * An in-play handicap counts goals after placement, the current market goals after now: after a goal the leg's
 * line matches the current market whose line is shifted by the change of margin since placement (in quarters).
 */
export function equivalentHandicapQuarters(
  lineQuarters: number,
  placement: { home: number; away: number },
  now: { home: number; away: number },
): number {
  const moved = now.home - now.away - (placement.home - placement.away);
  return lineQuarters + 4 * moved;
}
