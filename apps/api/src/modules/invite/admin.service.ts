import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { refuseBonuses } from '../rg/rg.bonuses.ts';
import { settleCommissionDay } from './commission.job.ts';
import { dayToSettle, isDay, saoPauloDay } from './invite.rules.ts';
import { pairCommissionCents } from './pair-commission.ts';

/** The back office's commission calls: rates, settled days and their cost, refusals, a player's tree. */

export async function listRates(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('commission_rates')
    .select(['depth', 'rate'])
    .orderBy('depth')
    .execute();
  return rows.map((row) => ({ depth: row.depth, rate: Number(row.rate) }));
}

/** New rates apply from the next settlement on; days already settled keep the rate they were paid at. */
export async function updateRates(ctx: AppContext, actor: Actor, rates: { depth: number; rate: number }[]) {
  if (new Set(rates.map((rate) => rate.depth)).size !== rates.length)
    throw invalidInput('validation.duplicate');
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('commission_rates')
      .select(['depth', 'rate'])
      .orderBy('depth')
      .forUpdate()
      .execute();
    for (const { depth, rate } of rates) {
      await trx
        .updateTable('commission_rates')
        .set({ rate: rate.toFixed(5), updated_at: sql`now()` })
        .where('depth', '=', depth)
        .execute();
    }
    await writeAudit(trx, actor, {
      action: 'commission.rates',
      target: 'commission_rates',
      before: before.map((row) => ({ depth: row.depth, rate: Number(row.rate) })),
      after: rates,
    });
  });
  return listRates(ctx);
}

/** The operator's "run now": settles a day that has ended (by default yesterday, Sao Paulo), once. */
export async function runDay(ctx: AppContext, actor: Actor, requested: string | undefined) {
  const day = requested ?? dayToSettle(new Date());
  if (!isDay(day)) throw invalidInput('agent.day_invalid');
  if (day >= saoPauloDay(new Date())) throw invalidInput('agent.day_not_over');
  refuseBonuses(ctx.config);
  const result = await settleCommissionDay(ctx.db, day);
  await ctx.db.transaction().execute((trx) =>
    writeAudit(trx, actor, {
      action: 'commission.run',
      target: day,
      before: null,
      after: { settled: result.settled, paidCents: result.paidCents.toString(), refused: result.refused },
    }),
  );
  return { day, settled: result.settled, paid: centsToReais(result.paidCents) };
}

export async function listDays(ctx: AppContext, paging: { page: number; size: number }) {
  const rows = await sql<{
    day: string;
    settled_at: Date;
    paid_cents: bigint;
    refused_count: number;
    total: number;
  }>`
    SELECT day::text AS day, settled_at, paid_cents, refused_count, count(*) OVER ()::int AS total
      FROM commission_days ORDER BY day DESC LIMIT ${paging.size} OFFSET ${(paging.page - 1) * paging.size}`.execute(
    ctx.db,
  );
  return {
    records: rows.rows.map((row) => ({
      day: row.day,
      settledAt: new Date(row.settled_at).getTime(),
      paid: centsToReais(BigInt(row.paid_cents)),
      refusedCount: row.refused_count,
    })),
    total: rows.rows[0]?.total ?? 0,
  };
}

export async function listRefused(ctx: AppContext, paging: { page: number; size: number }) {
  const rows = await sql<{
    day: string;
    earner_id: bigint;
    earner: string;
    invitee_id: bigint;
    invitee: string;
    depth: number;
    stake_cents: bigint;
    amount_cents: bigint;
    refused: 'self' | 'shared_device' | 'shared_cpf';
    total: number;
  }>`
    SELECT c.day::text AS day, c.earner_id, e.username AS earner, c.invitee_id, i.username AS invitee, c.depth,
           c.stake_cents, c.amount_cents, c.refused, count(*) OVER ()::int AS total
      FROM commissions c JOIN users e ON e.id = c.earner_id JOIN users i ON i.id = c.invitee_id
     WHERE c.refused IS NOT NULL
     ORDER BY c.day DESC, c.earner_id, c.invitee_id
     LIMIT ${paging.size} OFFSET ${(paging.page - 1) * paging.size}`.execute(ctx.db);
  return {
    records: rows.rows.map((row) => ({
      day: row.day,
      earnerId: Number(row.earner_id),
      earner: row.earner,
      inviteeId: Number(row.invitee_id),
      invitee: row.invitee,
      depth: row.depth,
      stake: centsToReais(BigInt(row.stake_cents)),
      amount: centsToReais(BigInt(row.amount_cents)),
      reason: row.refused,
    })),
    total: rows.rows[0]?.total ?? 0,
  };
}

const DOWNLINE_LIMIT = 500;

/** A player's referral tree: who invited them (3 up) and whom they invited (3 down), with the commission. */
export async function referralTree(ctx: AppContext, userId: bigint) {
  const player = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!player) throw notFound();
  type Row = {
    id: bigint;
    username: string;
    depth: number;
    inviter_id: bigint | null;
    status: string;
    test_flag: boolean;
    commission: string;
  };
  const present = (row: Row) => ({
    uId: Number(row.id),
    username: row.username,
    depth: row.depth,
    inviterId: row.inviter_id === null ? null : Number(row.inviter_id),
    status: row.status,
    testFlag: row.test_flag,
    commission: centsToReais(BigInt(row.commission)),
  });
  const upline = await sql<Row>`
    WITH RECURSIVE up AS (
      SELECT u.inviter_id AS id, 1 AS depth FROM users u WHERE u.id = ${userId} AND u.inviter_id IS NOT NULL
      UNION ALL
      SELECT u.inviter_id, up.depth + 1 FROM up JOIN users u ON u.id = up.id WHERE u.inviter_id IS NOT NULL AND up.depth < 3
    )
    SELECT u.id, u.username, up.depth, u.inviter_id, u.status, u.test_flag,
           ${pairCommissionCents(sql`u.id`, sql`${userId}::bigint`, sql`up.depth`)} AS commission
      FROM up JOIN users u ON u.id = up.id ORDER BY up.depth`.execute(ctx.db);
  const downline = await sql<Row>`
    WITH RECURSIVE down AS (
      SELECT id, 1 AS depth FROM users WHERE inviter_id = ${userId}
      UNION ALL
      SELECT u.id, down.depth + 1 FROM users u JOIN down ON u.inviter_id = down.id WHERE down.depth < 3
    )
    SELECT u.id, u.username, down.depth, u.inviter_id, u.status, u.test_flag,
           ${pairCommissionCents(userId, sql`u.id`, sql`down.depth`)} AS commission
      FROM down JOIN users u ON u.id = down.id WHERE u.id <> ${userId}
     ORDER BY down.depth, u.id LIMIT ${DOWNLINE_LIMIT}`.execute(ctx.db);
  const totals = await sql<{ total: string; claimable: string }>`
    SELECT (SELECT coalesce(sum(amount_cents), 0) FROM commission_earnings WHERE earner_id = ${userId})::text AS total,
           (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts
             WHERE owner_user_id = ${userId} AND kind = 'player_commission')::text AS claimable`.execute(
    ctx.db,
  );
  return {
    upline: upline.rows.map(present),
    downline: downline.rows.map(present),
    commissionTotal: centsToReais(BigInt(totals.rows[0]?.total ?? '0')),
    claimable: centsToReais(BigInt(totals.rows[0]?.claimable ?? '0')),
  };
}
