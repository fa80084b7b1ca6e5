import { type SpecBetCodes, specBetResult, specOrderStatus, sportsBetCodes } from '@aposta/contract';

// spec.md section 3's codes on the player's sports bets (packages/contract/src/bet-codes.ts holds the mapping;
// this reads our bets' states into it). Decision 0030.

/** Cancelled (−10) and postponed (−14) matches were not played: their refunds are "not drawn" (8888). */
const unplayedPeriods: ReadonlySet<number> = new Set([-10, -14]);

const refundedUnplayed = (leg: { result: number; match_period: number }) =>
  leg.result === specBetResult.refund && unplayedPeriods.has(leg.match_period);

export function legCodes(leg: { result: number; match_period: number }): SpecBetCodes {
  return sportsBetCodes(leg.result, refundedUnplayed(leg));
}

/**
 * A bet's codes. Refunded because none of its matches was played: not drawn (8888). Cashed out in full: over
 * with money paid, drawn (9999), whatever its matches still do; `resultCode` stays its stored result (the
 * settlement of the legs, 0 while they run), the spec having no code of its own for a cash-out.
 */
export function betCodes(
  bet: { result: number; cashedOutInFull: boolean },
  legs: readonly { result: number; match_period: number }[],
): SpecBetCodes {
  if (bet.cashedOutInFull) return { resultCode: bet.result, orderStatus: specOrderStatus.drawn };
  return sportsBetCodes(bet.result, legs.length > 0 && legs.every(refundedUnplayed));
}
