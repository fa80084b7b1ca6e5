import type {
  ComplianceCheck,
  ComplianceChecksAnswer,
  ComplianceChecksQuery,
  CompliancePlayerStatus,
  ComplianceRestrictedAnswer,
} from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { type Selectable, sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { offsetOf, pagingOf } from '../../backoffice/paging.ts';
import type { DB } from '../../db/schema.generated.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';

const ms = (value: Date | null) => (value === null ? null : new Date(value).getTime());

/** The checks, newest first, filtered by outcome, list and player (the operator's view). */
export async function listChecks(
  ctx: AppContext,
  query: ComplianceChecksQuery,
): Promise<ComplianceChecksAnswer> {
  let base = ctx.db.selectFrom('compliance_list_checks as c').leftJoin('users as u', 'u.id', 'c.user_id');
  if (query.outcome) base = base.where('c.outcome', '=', query.outcome);
  if (query.list) base = base.where('c.list', '=', query.list);
  if (query.uId) base = base.where('c.user_id', '=', BigInt(query.uId));
  const paging = pagingOf(query);
  const rows = await base
    .select([
      'c.id',
      'c.user_id',
      'u.username',
      'c.list',
      'c.reason',
      'c.outcome',
      'c.attempts',
      'c.requested_at',
      'c.answered_at',
      'c.request',
      'c.answer',
    ])
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(paging.size)
    .offset(offsetOf(paging))
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const records: ComplianceCheck[] = rows.map((row) => ({
    id: row.id.toString(),
    uId: row.user_id === null ? null : Number(row.user_id),
    username: row.username,
    list: row.list,
    reason: row.reason,
    outcome: row.outcome,
    attempts: row.attempts,
    requestedAt: new Date(row.requested_at).getTime(),
    answeredAt: ms(row.answered_at),
    request: row.request,
    answer: row.answer,
  }));
  return { records, total: Number(total.n) };
}

type StatusRow = Selectable<DB['compliance_player_status']>;

export async function playerStatus(ctx: AppContext, userId: bigint): Promise<CompliancePlayerStatus> {
  const user = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const row = await ctx.db
    .selectFrom('compliance_player_status')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return presentStatus(userId, row, row ? await refundOrder(ctx, userId, row.listed_at) : undefined);
}

interface RefundOrder {
  id: bigint;
  status: string;
  finished_at: Date | null;
}

/** The withdrawal that pays the refund: the player's first one since they were found on a list. */
async function refundOrder(ctx: AppContext, userId: bigint, listedAt: Date | null) {
  if (listedAt === null) return undefined;
  return ctx.db
    .selectFrom('orders')
    .select(['id', 'status', 'finished_at'])
    .where('user_id', '=', userId)
    .where('type', '=', '11')
    .where('created_at', '>=', listedAt)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Players found on a list: unpaid refunds first, the nearest deadline first (the operator's task list). */
export async function listRestricted(
  ctx: AppContext,
  query: { page?: number; size?: number },
): Promise<ComplianceRestrictedAnswer> {
  const base = ctx.db
    .selectFrom('compliance_player_status as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.listed_at', 'is not', null);
  const paging = pagingOf(query);
  const rows = await base
    .selectAll('s')
    .select('u.username')
    .orderBy(sql`s.refunded_at IS NOT NULL`)
    .orderBy('s.refund_due_at')
    .limit(paging.size)
    .offset(offsetOf(paging))
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return {
    records: await Promise.all(
      rows.map(async (row) => ({
        ...presentStatus(row.user_id, row, await refundOrder(ctx, row.user_id, row.listed_at)),
        username: row.username,
      })),
    ),
    total: Number(total.n),
  };
}

/** A paid refund order counts as the refund made, unless the operator recorded it first. */
function presentStatus(
  userId: bigint,
  row: StatusRow | undefined,
  order: RefundOrder | undefined,
): CompliancePlayerStatus {
  const paidAt = order?.status === '10' ? order.finished_at : null;
  return {
    uId: Number(userId),
    lastAnsweredAt: ms(row?.last_answered_at ?? null),
    dailyCheckedOn: row?.daily_checked_on ? new Date(row.daily_checked_on).toISOString().slice(0, 10) : null,
    listedList: row?.listed_list ?? null,
    listedAt: ms(row?.listed_at ?? null),
    notifiedAt: ms(row?.notified_at ?? null),
    withdrawUntil: ms(row?.withdraw_until ?? null),
    closeBy: ms(row?.close_by ?? null),
    refundDueAt: ms(row?.refund_due_at ?? null),
    refundAmount: row?.refund_cents == null ? null : Number(centsToReais(row.refund_cents)),
    refundedAt: ms(row?.refunded_at ?? paidAt ?? null),
    refundOrderId: (row?.refund_order_id ?? order?.id ?? null)?.toString() ?? null,
    refundOrderStatus: order?.status ?? null,
    openBetsRefunded: row?.open_bets_refunded ?? 0,
    openBetsRefundAmount: Number(centsToReais(row?.open_bets_refund_cents ?? 0n)),
    unclaimedAt: ms(row?.unclaimed_at ?? null),
    unclaimedAmount: row?.unclaimed_cents == null ? null : Number(centsToReais(row.unclaimed_cents)),
  };
}

/** The operator records the refund of a listed player's balance as paid (audited with the order that paid it). */
export async function markRefunded(
  ctx: AppContext,
  actor: Actor,
  userId: bigint,
  orderId: number | undefined,
): Promise<CompliancePlayerStatus> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('compliance_player_status')
      .select(['listed_at', 'refunded_at', 'refund_cents'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.listed_at === null) throw conflict('compliance.not_listed');
    if (row.refunded_at !== null) throw conflict('compliance.already_refunded');
    const after = {
      refunded_at: new Date(),
      refund_order_id: orderId === undefined ? null : BigInt(orderId),
    };
    await trx.updateTable('compliance_player_status').set(after).where('user_id', '=', userId).execute();
    await writeAudit(trx, actor, {
      action: 'compliance.refunded',
      target: `player:${userId}`,
      before: { refundCents: row.refund_cents, refundedAt: null },
      after: { refundCents: row.refund_cents, ...after },
    });
  });
  return playerStatus(ctx, userId);
}
