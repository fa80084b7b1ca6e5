import { applyMultiplier, multiplierFromHundredths } from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../../app-context.ts';
import type { Tx } from '../../../db/tx.ts';
import { payStakes } from '../../stakes/payout.ts';
import { originals } from '../../stakes/stake.rules.ts';
import { type CrashSettlement, settleCrashBets } from './crash.repository.ts';

export const maskUsername = (username: string) => `${username.slice(0, 2)}***`;

/** What a bet pays when cashed out at `hundredths`: stake × multiplier, never more than the game's payout cap. */
export function crashPayoutCents(amountCents: bigint, hundredths: number, capCents: bigint): bigint {
  const payout = applyMultiplier(amountCents, multiplierFromHundredths(hundredths));
  return payout > capCents ? capCents : payout;
}

/**
 * Settles bets and pays the winners through the ledger (stakes' payStakes, keyed by bet: a bet is paid once),
 * in the caller's transaction. Answers the bets this call settled; the caller pushes after commit.
 */
export async function settleAndPay(trx: Tx, settlements: readonly CrashSettlement[]) {
  const settled = await settleCrashBets(trx, settlements);
  await payStakes(
    trx,
    originals('crash'),
    settled.map((row) => ({
      betId: row.id,
      userId: row.user_id,
      payCents: row.payout_cents,
      reverseCents: 0n,
    })),
  );
  return settled;
}

export interface CashoutNotice {
  roundId: number;
  betId: bigint;
  username: string;
  hundredths: number;
  payoutCents: bigint;
}

/** After commit: every client sees the cash-out in the round's list. */
export function announceCashout(ctx: AppContext, notice: CashoutNotice): void {
  ctx.realtime.broadcast('crashCashout', {
    roundId: notice.roundId,
    betId: Number(notice.betId),
    user: maskUsername(notice.username),
    multiplier: notice.hundredths / 100,
    payout: centsToReais(notice.payoutCents),
  });
}
