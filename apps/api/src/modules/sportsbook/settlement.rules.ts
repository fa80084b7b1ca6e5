import { ascending } from '../../lib/order.ts';

/**
 * Pure rules of settlement's side of the open liability (risk): what each settled or re-opened bet takes off, or
 * puts back on, its selections and matches.
 */

export interface ExposureBet {
  /** -1: the bet left the open state; +1: a corrected result re-opened it. */
  sign: 1 | -1;
  potentialPayoutCents: bigint;
  stakeCents: bigint;
  cashedOutStakeCents: bigint;
  /** Every leg of the bet, on this match and others (a parlay has one leg per match). */
  legs: readonly { selectionId: bigint; matchId: bigint }[];
}

export interface ExposureShifts {
  /** Per selection id, the change of its exposure, in ascending id order (the lock order of placement). */
  selections: [bigint, bigint][];
  /** Per match id, likewise. */
  matches: [bigint, bigint][];
}

/**
 * What a bet would still pay is its potential payout scaled to the stake not cashed out, floored (within a centavo
 * of what placement and cash-outs moved); a bet sold back in full weighs nothing. The sums per selection and per
 * match, in ascending id order, with zero sums left out.
 */
export function exposureShifts(bets: readonly ExposureBet[]): ExposureShifts {
  const selections = new Map<bigint, bigint>();
  const matches = new Map<bigint, bigint>();
  for (const bet of bets) {
    const open = bet.stakeCents - bet.cashedOutStakeCents;
    if (open <= 0n) continue;
    const payout = BigInt(bet.sign) * ((bet.potentialPayoutCents * open) / bet.stakeCents);
    for (const leg of bet.legs)
      selections.set(leg.selectionId, (selections.get(leg.selectionId) ?? 0n) + payout);
    // A match counts a bet once, however many of its legs are on it (a bet builder's are all on one).
    for (const matchId of new Set(bet.legs.map((leg) => leg.matchId)))
      matches.set(matchId, (matches.get(matchId) ?? 0n) + payout);
  }
  const sorted = (sums: Map<bigint, bigint>): [bigint, bigint][] =>
    [...sums].filter(([, sum]) => sum !== 0n).sort(([a], [b]) => ascending(a, b));
  return { selections: sorted(selections), matches: sorted(matches) };
}
