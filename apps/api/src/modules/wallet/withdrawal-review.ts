import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { assessWithdrawalRisk } from './withdrawal-risk.rules.ts';

export interface NewWithdrawal {
  orderId: bigint;
  userId: bigint;
  amountCents: bigint;
  payCardNo: string;
  holderName: string;
}

/** Starts the payout of a withdrawal: the durable job, once per order. */
export async function schedulePayout(ctx: AppContext, trx: Tx, orderId: bigint): Promise<void> {
  await scheduleJob(
    trx,
    'pay_withdrawal',
    { orderId: orderId.toString() },
    {
      runAt: new Date(Date.now() + ctx.config.payoutDelaySeconds * 1000),
      uniqueKey: `pay_withdrawal:${orderId}`,
    },
  );
}

/**
 * The review gate of api-contract section 12, inside the request's transaction (the player's row is locked):
 * a withdrawal above WITHDRAWAL_REVIEW_ABOVE or flagged by a risk rule waits in review (the player sees '00');
 * any other is approved at once and its payout starts.
 */
export async function holdForReviewOrPay(ctx: AppContext, trx: Tx, withdrawal: NewWithdrawal): Promise<void> {
  if (!ctx.config.withdrawalReview) {
    await schedulePayout(ctx, trx, withdrawal.orderId);
    return;
  }
  const facts = await sql<{
    earlier: string;
    last_withdrawal_at: Date | null;
    last_deposit_at: Date | null;
    shared: boolean;
    kyc_name: string | null;
  }>`SELECT
      (SELECT count(*) FROM orders WHERE user_id = ${withdrawal.userId} AND type = '11'
          AND id <> ${withdrawal.orderId}) AS earlier,
      (SELECT max(created_at) FROM orders WHERE user_id = ${withdrawal.userId} AND type = '11'
          AND id <> ${withdrawal.orderId}) AS last_withdrawal_at,
      (SELECT max(finished_at) FROM orders WHERE user_id = ${withdrawal.userId} AND type = '10'
          AND status = '10') AS last_deposit_at,
      EXISTS (SELECT 1 FROM orders WHERE type = '11' AND pay_card_no = ${withdrawal.payCardNo}
          AND user_id <> ${withdrawal.userId}) AS shared,
      (SELECT kyc_name FROM users WHERE id = ${withdrawal.userId}) AS kyc_name`.execute(trx);
  const row = facts.rows[0]!;
  const risk = assessWithdrawalRisk({
    amountCents: withdrawal.amountCents,
    reviewAboveCents: ctx.config.withdrawalReviewAboveCents,
    earlierWithdrawals: Number(row.earlier),
    lastWithdrawalAt: row.last_withdrawal_at ? new Date(row.last_withdrawal_at) : null,
    lastDepositAt: row.last_deposit_at ? new Date(row.last_deposit_at) : null,
    keyUsedByAnotherPlayer: row.shared,
    holderName: withdrawal.holderName,
    kycName: row.kyc_name,
  });
  await trx
    .insertInto('withdrawal_reviews')
    .values({
      order_id: withdrawal.orderId,
      user_id: withdrawal.userId,
      status: risk.length > 0 ? 'review' : 'auto',
      risk,
      reviewed_by: null,
      reason: null,
      decided_at: null,
    })
    .execute();
  if (risk.length === 0) await schedulePayout(ctx, trx, withdrawal.orderId);
}
