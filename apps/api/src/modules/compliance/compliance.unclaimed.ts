import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { WINDOWS } from './compliance.restriction.ts';
import { complianceClock } from './compliance.service.ts';

const DAY_MS = 86_400_000;
/** The ledger code of a closed account's balance moved to what is owed to the public fund. */
export const UNCLAIMED_CODE = 'compliance_unclaimed';
const SWEEP_BATCH = 500;

/**
 * Money a listed player never got back (IN SPA/MF 22/2025, as the press and FAQ summarise it): 180 days after the
 * refund was due and still not made, the balance leaves the player's account for `house_unclaimed`, the liability
 * the operator pays to the public fund, and the status row says when and how much. Counting from the refund's due
 * date (not the listing) is the reading that gives the player the longer time. One transaction per player under
 * the status row's lock; a second run finds the row marked and moves nothing.
 */
export async function transferUnclaimed(ctx: AppContext): Promise<number> {
  const now = complianceClock.now();
  const dueBefore = new Date(now.getTime() - WINDOWS.unclaimedDays * DAY_MS);
  const due = await ctx.db
    .selectFrom('compliance_player_status')
    .select('user_id')
    .where('listed_at', 'is not', null)
    .where('refunded_at', 'is', null)
    .where('unclaimed_at', 'is', null)
    .where('refund_due_at', '<=', dueBefore)
    .orderBy('user_id')
    .limit(SWEEP_BATCH)
    .execute();
  let moved = 0;
  for (const { user_id: userId } of due) {
    if (await transferOne(ctx, userId, now, dueBefore)) moved += 1;
  }
  return moved;
}

async function transferOne(ctx: AppContext, userId: bigint, now: Date, dueBefore: Date): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('compliance_player_status')
      .select(['refunded_at', 'unclaimed_at', 'refund_due_at', 'listed_at'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.refunded_at !== null || row.unclaimed_at !== null) return false;
    if (row.refund_due_at === null || row.refund_due_at > dueBefore) return false;
    // A refund order paid since counts as the refund made: nothing is owed to the fund.
    if (row.listed_at !== null && (await paidRefundSince(trx, userId, row.listed_at))) return false;
    const { cashCents } = await playerBalances(trx, userId);
    if (cashCents > 0n)
      await postTransaction(trx, {
        code: UNCLAIMED_CODE,
        idempotencyKey: `${UNCLAIMED_CODE}:${userId}`,
        referenceType: 'compliance_player',
        referenceId: userId.toString(),
        postings: [
          { account: { kind: 'player_cash', userId }, amountCents: -cashCents },
          { account: { kind: 'house_unclaimed' }, amountCents: cashCents },
        ],
      });
    await trx
      .updateTable('compliance_player_status')
      .set({ unclaimed_at: now, unclaimed_cents: cashCents })
      .where('user_id', '=', userId)
      .execute();
    return true;
  });
}

/** A withdrawal paid since the listing (the refund's payout, decision 0052) is the refund made. */
async function paidRefundSince(trx: Tx, userId: bigint, listedAt: Date): Promise<boolean> {
  const paid = await trx
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', '11')
    .where('status', '=', '10')
    .where('created_at', '>=', listedAt)
    .limit(1)
    .executeTakeFirst();
  return paid !== undefined;
}
