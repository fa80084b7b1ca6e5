import type { WithdrawalClockSummary, WithdrawalRecord, WithdrawalReviewStatus } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { taxOfOrders } from '../tax/tax.service.ts';
import {
  PAYOUT_ALARM_MINUTES,
  PAYOUT_DEADLINE_MINUTES,
  payoutClock,
  readPayoutClock,
} from '../wallet/withdrawal-clock.ts';
import { schedulePayout } from '../wallet/withdrawal-review.ts';

/** The back office status of a withdrawal, from its order and its review. */
const statusSql = sql<WithdrawalReviewStatus>`CASE
  WHEN o.status = '10' THEN 'paid'
  WHEN o.status IN ('01', '-01') THEN 'rejected'
  WHEN r.status = 'review' THEN 'review'
  ELSE 'paying' END`;

function withdrawalsQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('withdrawal_reviews as r', 'r.order_id', 'o.id')
    .leftJoin('operators as op', 'op.id', 'r.reviewed_by')
    .where('o.type', '=', '11');
}

function filterByStatus<Q extends ReturnType<typeof withdrawalsQuery>>(
  query: Q,
  status: WithdrawalReviewStatus | undefined,
): Q {
  if (status === undefined) return query;
  if (status === 'paid') return query.where('o.status', '=', '10') as Q;
  if (status === 'rejected') return query.where('o.status', 'in', ['01', '-01']) as Q;
  if (status === 'review') return query.where('o.status', '=', '00').where('r.status', '=', 'review') as Q;
  return query
    .where('o.status', '=', '00')
    .where((eb) => eb.or([eb('r.status', 'is', null), eb('r.status', '<>', 'review')])) as Q;
}

async function loadRecords(
  ctx: AppContext,
  status: WithdrawalReviewStatus | undefined,
  paging: Paging,
  orderId?: bigint,
) {
  let query = filterByStatus(withdrawalsQuery(ctx), status);
  if (orderId !== undefined) query = query.where('o.id', '=', orderId);
  const rows = await query
    .select([
      'o.id',
      'o.user_id',
      'u.username',
      'o.amount_cents',
      'o.pay_card_bank',
      'o.pay_card_no',
      'o.holder_name',
      'u.kyc_name',
      'o.created_at',
      'o.failure_reason',
      'r.risk',
      'r.reason',
      'op.username as reviewer',
      statusSql.as('state'),
    ])
    .orderBy('o.id', 'desc')
    .limit(paging.size)
    .offset(offsetOf(paging))
    .execute();
  const now = payoutClock.now();
  const taxes = await taxOfOrders(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row): WithdrawalRecord => {
    const reading = readPayoutClock(row.created_at, now);
    const open = row.state === 'review' || row.state === 'paying';
    const tax = taxes.get(row.id.toString());
    return {
      // Decision 0057: the payout record shows gross, tax and net (`amount`).
      ...(tax === undefined ? {} : { gross: centsToReais(row.amount_cents + tax), tax: centsToReais(tax) }),
      orderId: Number(row.id),
      uId: Number(row.user_id),
      username: row.username,
      amount: centsToReais(row.amount_cents),
      payCardBank: row.pay_card_bank ?? '',
      payCardNo: row.pay_card_no ?? '',
      // A CPF key needs no typed holder name; the KYC name then says who is paid.
      name: row.holder_name || row.kyc_name || '',
      kycName: row.kyc_name,
      risk: row.risk ?? [],
      status: row.state,
      reviewedBy: row.reviewer ?? null,
      reason: row.reason ?? row.failure_reason ?? null,
      time: row.created_at.getTime(),
      deadline: reading.deadline,
      minutesLeft: open ? reading.minutesLeft : null,
      clock: open ? reading.state : null,
    };
  });
}

/**
 * The operator's notice (decision 0052): open withdrawals past the alarm and past the deadline, read at the payout
 * clock's now; the oldest one's age is the one `aposta_payout_oldest_open_age_seconds` reports (orders type 11,
 * status 00, from `created_at`).
 */
export async function withdrawalClockSummary(ctx: AppContext): Promise<WithdrawalClockSummary> {
  const now = payoutClock.now();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const row = await ctx.db
    .selectFrom('orders')
    .where('type', '=', '11')
    .where('status', '=', '00')
    .select((eb) => [
      eb.fn.countAll<string>().as('open'),
      eb.fn
        .count<string>(eb.case().when('created_at', '<', minutesAgo(PAYOUT_ALARM_MINUTES)).then(1).end())
        .as('alarmed'),
      eb.fn
        .count<string>(eb.case().when('created_at', '<', minutesAgo(PAYOUT_DEADLINE_MINUTES)).then(1).end())
        .as('late'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  const late = Number(row.late);
  const oldest = row.oldest ? new Date(row.oldest) : null;
  return {
    open: Number(row.open),
    near: Number(row.alarmed) - late,
    late,
    oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : 0,
    deadlineMinutes: PAYOUT_DEADLINE_MINUTES,
    alarmMinutes: PAYOUT_ALARM_MINUTES,
  };
}

export async function listWithdrawals(
  ctx: AppContext,
  status: WithdrawalReviewStatus | undefined,
  paging: Paging,
) {
  const [records, total] = await Promise.all([
    loadRecords(ctx, status, paging),
    filterByStatus(withdrawalsQuery(ctx), status)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total.n) };
}

async function recordOf(ctx: AppContext, orderId: bigint): Promise<WithdrawalRecord> {
  const [record] = await loadRecords(ctx, undefined, { page: 1, size: 1 }, orderId);
  if (!record) throw notFound();
  return record;
}

/**
 * Approves a withdrawal in review and starts its payout. The review row is locked and its state checked, so two
 * operators clicking at once decide once; approving an approved withdrawal answers it again, changing nothing.
 */
export async function approveWithdrawal(ctx: AppContext, actor: Actor, orderId: bigint) {
  await ctx.db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('withdrawal_reviews')
      .select(['status', 'risk'])
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!review) {
      const order = await trx
        .selectFrom('orders')
        .select('id')
        .where('id', '=', orderId)
        .where('type', '=', '11')
        .executeTakeFirst();
      if (!order) throw notFound();
      return; // a withdrawal from before reviews existed: it was paid without one
    }
    if (review.status === 'approved' || review.status === 'auto') return;
    if (review.status === 'rejected') throw conflict('admin.withdrawal_decided');
    await trx
      .updateTable('withdrawal_reviews')
      .set({ status: 'approved', reviewed_by: actor.operatorId, decided_at: sql`now()` })
      .where('order_id', '=', orderId)
      .execute();
    await schedulePayout(ctx, trx, orderId);
    await writeAudit(trx, actor, {
      action: 'withdrawal.approve',
      target: `order:${orderId}`,
      before: { status: 'review', risk: review.risk },
      after: { status: 'approved' },
    });
  });
  return recordOf(ctx, orderId);
}

/**
 * Rejects a withdrawal in review: the held amount returns to the player's cash through the ledger and the
 * player's order becomes '01', with the audit entry, in one transaction. Idempotent like approval.
 */
export async function rejectWithdrawal(ctx: AppContext, actor: Actor, orderId: bigint, reason: string) {
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', orderId)
      .where('type', '=', '11')
      .executeTakeFirst();
    if (!owner) throw notFound();
    // Lock order of every money path: the player's row, the business rows, then the ledger accounts.
    await trx.selectFrom('users').select('id').where('id', '=', owner.user_id).forNoKeyUpdate().execute();
    const review = await trx
      .selectFrom('withdrawal_reviews')
      .select(['status', 'risk'])
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (review?.status === 'rejected') return undefined;
    if (review?.status !== 'review') throw conflict('admin.withdrawal_decided');
    const order = await trx
      .updateTable('orders')
      .set({ status: '01', finished_at: sql`now()`, failure_reason: reason })
      .where('id', '=', orderId)
      .where('status', '=', '00')
      .returning(['amount_cents'])
      .executeTakeFirst();
    if (!order) throw conflict('admin.withdrawal_decided');
    await trx
      .updateTable('withdrawal_reviews')
      .set({ status: 'rejected', reviewed_by: actor.operatorId, reason, decided_at: sql`now()` })
      .where('order_id', '=', orderId)
      .execute();
    await postTransaction(trx, {
      code: 'withdrawal_returned',
      idempotencyKey: `withdrawal_returned:${orderId}`,
      referenceType: 'order',
      referenceId: orderId.toString(),
      postings: [
        {
          account: { kind: 'player_withdrawal_hold', userId: owner.user_id },
          amountCents: -order.amount_cents,
        },
        { account: { kind: 'player_cash', userId: owner.user_id }, amountCents: order.amount_cents },
      ],
    });
    await writeAudit(trx, actor, {
      action: 'withdrawal.reject',
      target: `order:${orderId}`,
      before: { status: 'review', risk: review.risk },
      after: { status: 'rejected', reason, returnedCents: order.amount_cents },
    });
    return owner.user_id;
  });
  if (userId !== undefined) await ctx.events.publish('balanceChanged', { userId });
  return recordOf(ctx, orderId);
}
