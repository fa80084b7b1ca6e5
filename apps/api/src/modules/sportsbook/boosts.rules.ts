import { oddsMilliPerUnit } from '@aposta/sports';

/**
 * Pure rules of odds boosts (decision 0063). A boost prices one selection higher (as a single or a parlay leg);
 * what it costs the house is the payout over what the normal odds would have paid. Each boost has two caps: the
 * stake one player may put on it in all (a bet that would go over is refused, never split) and the extra
 * liability all its bets may add (potential payout over the same bet at the normal odds, summed).
 */

export interface BoostState {
  boostedOddsMilli: number;
  normalOddsMilli: number;
  stakeCapCents: bigint;
  liabilityCapCents: bigint;
  liabilityUsedCents: bigint;
}

/**
 * What a bet adds to a boost's liability: its potential payout less what it would pay with that leg at the normal
 * odds (a single: stake × (boosted − normal)), rounded up to the centavo.
 */
export function boostExtraCents(
  potentialCents: bigint,
  boostedOddsMilli: number,
  normalOddsMilli: number,
): bigint {
  if (boostedOddsMilli <= normalOddsMilli) return 0n;
  const normal = (potentialCents * BigInt(normalOddsMilli)) / BigInt(boostedOddsMilli);
  return potentialCents - normal;
}

export type BoostVerdict =
  | { ok: true; extraCents: bigint }
  | { ok: false; reason: 'stakeCap'; maxStakeCents: bigint }
  | { ok: false; reason: 'liabilityCap' };

/** Whether a player's bet fits the boost, given what that player already staked on it. */
export function checkBoostStake(
  boost: BoostState,
  bet: { stakeCents: bigint; potentialCents: bigint },
  stakedBeforeCents: bigint,
): BoostVerdict {
  const left = boost.stakeCapCents - stakedBeforeCents;
  if (bet.stakeCents > left) return { ok: false, reason: 'stakeCap', maxStakeCents: left > 0n ? left : 0n };
  const extraCents = boostExtraCents(bet.potentialCents, boost.boostedOddsMilli, boost.normalOddsMilli);
  if (boost.liabilityUsedCents + extraCents > boost.liabilityCapCents)
    return { ok: false, reason: 'liabilityCap' };
  return { ok: true, extraCents };
}

/**
 * The cost of one settled bet with a boosted leg: its payout less what it would have paid with that leg at the
 * normal odds. The leg's factor is its odds when won and (1 + odds) / 2 when half won; a bet that lost or was
 * refunded, or whose boosted leg did not win, cost nothing extra.
 */
export function boostCostCents(
  bet: { result: number; payoutCents: bigint },
  leg: { result: number; boostedOddsMilli: number; normalOddsMilli: number },
): bigint {
  if (bet.result !== 10 && bet.result !== 21) return 0n;
  let ratio: [bigint, bigint];
  if (leg.result === 10) ratio = [BigInt(leg.normalOddsMilli), BigInt(leg.boostedOddsMilli)];
  else if (leg.result === 21)
    ratio = [BigInt(oddsMilliPerUnit + leg.normalOddsMilli), BigInt(oddsMilliPerUnit + leg.boostedOddsMilli)];
  else return 0n;
  const normal = (bet.payoutCents * ratio[0]) / ratio[1];
  return bet.payoutCents > normal ? bet.payoutCents - normal : 0n;
}
