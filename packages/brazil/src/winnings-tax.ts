/**
 * Winnings tax on fixed-odds bets (Lei 14.790/2023 art. 31, IN RFB 2.191/2024; decision 0057): pure arithmetic in
 * integer centavos. The rate is in basis points (1500 = 15.00 %) so that no float ever touches money.
 */

export interface WinningsTaxRule {
  /** 1500 = 15.00 %. */
  rateBasisPoints: number;
  /** The part of a period's net prize that is not taxed. */
  exemptCents: bigint;
}

/** A period's prizes and stakes of the player's settled bets, all products together. */
export interface PeriodPlay {
  prizesCents: bigint;
  stakesCents: bigint;
}

/** Net prize of a period: prizes − stakes; negative when the player lost (then nothing is due). */
export const netPrizeCents = (play: PeriodPlay): bigint => play.prizesCents - play.stakesCents;

/**
 * Net prize on the IN RFB 2.191/2024 reading: each event's net (a bet's prize − its stake; a round, a game
 * session) counts when positive, and a lost event offsets nothing.
 */
export function eventsNetPrizeCents(eventNets: Iterable<bigint>): bigint {
  let sum = 0n;
  for (const net of eventNets) if (net > 0n) sum += net;
  return sum;
}

/**
 * Tax due for a period: max(0, net − exempt) × rate, rounded down to the centavo. Down, because a fraction of a
 * centavo cannot be paid to the Receita and rounding up would withhold from the player more than the law's rate.
 */
export function taxDueCents(netCents: bigint, rule: WinningsTaxRule): bigint {
  if (!Number.isInteger(rule.rateBasisPoints) || rule.rateBasisPoints < 0 || rule.rateBasisPoints > 10_000)
    throw new RangeError(`rate must be 0..10000 basis points, got ${rule.rateBasisPoints}`);
  const taxable = netCents - rule.exemptCents;
  if (taxable <= 0n) return 0n;
  return (taxable * BigInt(rule.rateBasisPoints)) / 10_000n;
}

/**
 * What a payout withholds: the tax due so far in the period minus what earlier payouts already withheld, never
 * negative and never more than the payout itself (the rest is withheld by the next payouts of the period).
 */
export function withholdingCents(input: {
  netSoFarCents: bigint;
  alreadyWithheldCents: bigint;
  payoutCents: bigint;
  rule: WinningsTaxRule;
}): bigint {
  if (input.payoutCents <= 0n) return 0n;
  const owed = taxDueCents(input.netSoFarCents, input.rule) - input.alreadyWithheldCents;
  if (owed <= 0n) return 0n;
  return owed < input.payoutCents ? owed : input.payoutCents;
}

export type TaxPeriod = 'year' | 'month';

/** The period a moment falls in, in Brasília time (UTC−3, no daylight saving since 2019): `2025` or `2025-03`. */
export function taxPeriodOf(at: Date, period: TaxPeriod): string {
  const brasilia = new Date(at.getTime() - 3 * 3_600_000);
  const year = String(brasilia.getUTCFullYear());
  return period === 'year' ? year : `${year}-${String(brasilia.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The period's bounds as UTC instants [from, to), for queries. */
export function taxPeriodBounds(key: string): { from: Date; to: Date } {
  const [y, m] = key.split('-').map(Number);
  if (m === undefined) {
    return { from: new Date(Date.UTC(y!, 0, 1, 3)), to: new Date(Date.UTC(y! + 1, 0, 1, 3)) };
  }
  return { from: new Date(Date.UTC(y!, m - 1, 1, 3)), to: new Date(Date.UTC(y!, m, 1, 3)) };
}
