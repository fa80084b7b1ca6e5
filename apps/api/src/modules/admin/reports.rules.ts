import type { DailyReportRow } from '@aposta/contract';
import { centsToReais } from '@aposta/money';

/** One day's sum of the journal's postings per transaction code and account kind. */
export interface LedgerDaySum {
  day: string;
  code: string;
  kind: string;
  amountCents: bigint;
}

const PRODUCT_OF_KIND: Record<string, 'originals' | 'sports' | 'slots'> = {
  house_game: 'originals',
  house_sportsbook: 'sports',
  house_slots: 'slots',
};

/**
 * Folds the journal's sums into the report's rows (decision 0015). GGR of a product for a day is the stakes it
 * earned that day minus the payouts it made that day:
 *
 * - an in-house game's (and a slot's) stake is earned when placed: it is decided within seconds, so its `*_stake`
 *   sums on the product's house account are taken as they are;
 * - a sports stake is earned only when its bet is settled: `settledSportsStakes` holds the stakes of the bets
 *   settled that day, and the `sports_stake` sums (money held for open bets) are left out;
 * - payouts are the `*_payout*` sums on the product's house account (a reversal is a negative payout).
 *
 * So `stakes - payouts` of a day is the sum of its GGR. Deposits are the cash credited by `deposit`,
 * withdrawals what `withdrawal_paid` sent to the provider, the bonus cost what the bonus-cost account gave away.
 */
export function foldReport(
  days: string[],
  sums: LedgerDaySum[],
  settledSportsStakes: Map<string, bigint>,
  newPlayers: Map<string, number>,
  activePlayers: Map<string, number>,
): DailyReportRow[] {
  const empty = () => ({
    deposits: 0n,
    withdrawals: 0n,
    stakes: 0n,
    payouts: 0n,
    ggr: { originals: 0n, slots: 0n, sports: 0n },
    bonusCost: 0n,
    commissionCost: 0n,
    prizeCost: 0n,
  });
  const byDay = new Map(days.map((day) => [day, empty()]));
  for (const sum of sums) {
    const row = byDay.get(sum.day);
    if (!row) continue;
    const product = PRODUCT_OF_KIND[sum.kind];
    if (product) {
      if (sum.code.endsWith('_stake')) {
        if (product === 'sports') continue;
        row.stakes += sum.amountCents;
        row.ggr[product] += sum.amountCents;
      } else if (sum.code.includes('_payout')) {
        row.payouts -= sum.amountCents;
        row.ggr[product] += sum.amountCents;
      }
    } else if (sum.code === 'deposit' && sum.kind === 'player_cash') row.deposits += sum.amountCents;
    else if (sum.code === 'withdrawal_paid' && sum.kind === 'house_provider_clearing')
      row.withdrawals += sum.amountCents;
    else if (sum.kind === 'house_bonus_cost') row.bonusCost -= sum.amountCents;
    else if (sum.kind === 'house_commission') row.commissionCost -= sum.amountCents;
    else if (sum.kind === 'house_prizes') row.prizeCost -= sum.amountCents;
  }
  for (const [day, stakeCents] of settledSportsStakes) {
    const row = byDay.get(day);
    if (!row) continue;
    row.stakes += stakeCents;
    row.ggr.sports += stakeCents;
  }
  return days.map((day) => {
    const row = byDay.get(day)!;
    return {
      day,
      deposits: centsToReais(row.deposits),
      withdrawals: centsToReais(row.withdrawals),
      stakes: centsToReais(row.stakes),
      payouts: centsToReais(row.payouts),
      ggr: {
        originals: centsToReais(row.ggr.originals),
        slots: centsToReais(row.ggr.slots),
        sports: centsToReais(row.ggr.sports),
      },
      bonusCost: centsToReais(row.bonusCost),
      commissionCost: centsToReais(row.commissionCost),
      prizeCost: centsToReais(row.prizeCost),
      newPlayers: newPlayers.get(day) ?? 0,
      activePlayers: activePlayers.get(day) ?? 0,
    };
  });
}
