import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { refuseBonuses } from '../rg/rg.bonuses.ts';
import { getBalance } from '../users/users.service.ts';
import { maskUsername } from './invite.rules.ts';
import { pairCommissionCents } from './pair-commission.ts';

const ZONE = sql.lit('America/Sao_Paulo');
const cents = (value: string | bigint | null | undefined) => centsToReais(BigInt(value ?? 0));

async function claimableCents(ctx: AppContext, userId: bigint): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('owner_user_id', '=', userId)
    .where('kind', '=', 'player_commission')
    .where('currency', '=', 'BRL')
    .executeTakeFirst();
  return row?.balance_cents ?? 0n;
}

/** The share page's figures: the code and link, the invitees at depth 1, and the commission. */
export async function inviteInfo(ctx: AppContext, userId: bigint) {
  const user = await ctx.db.selectFrom('users').select('yqm').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const counts = await sql<{ invited: number; deposited: number }>`
    SELECT count(*)::int AS invited, count(*) FILTER (WHERE pay_sum_cents > 0)::int AS deposited
      FROM users WHERE inviter_id = ${userId}`.execute(ctx.db);
  const earned = await sql<{ today: string; total: string }>`
    SELECT coalesce(sum(c.amount_cents) FILTER (
             WHERE (d.settled_at AT TIME ZONE ${ZONE})::date = (now() AT TIME ZONE ${ZONE})::date), 0)::text AS today,
           coalesce(sum(c.amount_cents), 0)::text AS total
      FROM commission_earnings c JOIN commission_days d ON d.day = c.day
     WHERE c.earner_id = ${userId}`.execute(ctx.db);
  return {
    yqm: user.yqm,
    link: `${ctx.config.publicUrl.replace(/\/+$/, '')}/y${user.yqm}`,
    invitedCount: counts.rows[0]?.invited ?? 0,
    depositedCount: counts.rows[0]?.deposited ?? 0,
    commissionToday: cents(earned.rows[0]?.today),
    commissionTotal: cents(earned.rows[0]?.total),
    commissionClaimable: centsToReais(await claimableCents(ctx, userId)),
  };
}

/** The player's invitees at one depth (1 = invited by the player), newest first, with what each earned them. */
export async function listFriends(
  ctx: AppContext,
  userId: bigint,
  query: { depth?: number; page?: number; size?: number },
) {
  const depth = query.depth ?? 1;
  const size = query.size ?? 20;
  const offset = ((query.page ?? 1) - 1) * size;
  const rows = await sql<{
    id: bigint;
    username: string;
    level: number;
    created_at: Date;
    pay_sum_cents: bigint;
    wagered: string;
    commission: string;
    total: number;
  }>`
    WITH RECURSIVE tree AS (
      SELECT id, 1 AS depth FROM users WHERE inviter_id = ${userId}
      UNION ALL
      SELECT u.id, t.depth + 1 FROM users u JOIN tree t ON u.inviter_id = t.id WHERE t.depth < ${depth}
    ), level_rows AS (SELECT DISTINCT id FROM tree WHERE depth = ${depth} AND id <> ${userId})
    SELECT u.id, u.username, u.level, u.created_at, u.pay_sum_cents,
           (SELECT coalesce(sum(s.stake_cents), 0) FROM stake_daily s WHERE s.user_id = u.id)::text AS wagered,
           ${pairCommissionCents(userId, sql`u.id`, depth)} AS commission,
           count(*) OVER ()::int AS total
      FROM level_rows l JOIN users u ON u.id = l.id
     ORDER BY u.created_at DESC, u.id DESC
     LIMIT ${size} OFFSET ${offset}`.execute(ctx.db);
  let total = rows.rows[0]?.total ?? 0;
  if (rows.rows.length === 0 && offset > 0) {
    const counted = await sql<{ n: number }>`
      WITH RECURSIVE tree AS (
        SELECT id, 1 AS depth FROM users WHERE inviter_id = ${userId}
        UNION ALL
        SELECT u.id, t.depth + 1 FROM users u JOIN tree t ON u.inviter_id = t.id WHERE t.depth < ${depth}
      ) SELECT count(DISTINCT id)::int AS n FROM tree WHERE depth = ${depth} AND id <> ${userId}`.execute(
      ctx.db,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    records: rows.rows.map((row) => ({
      username: maskUsername(row.username),
      level: row.level,
      time: new Date(row.created_at).getTime(),
      deposited: BigInt(row.pay_sum_cents) > 0n,
      wagered: cents(row.wagered),
      commission: cents(row.commission),
    })),
    total,
  };
}

/** The agent page: rates per depth and, per day of the last 30, the invitees' stakes and the commission paid. */
export async function agentSummary(ctx: AppContext, userId: bigint) {
  const rates = await ctx.db
    .selectFrom('commission_rates')
    .select(['depth', 'rate'])
    .orderBy('depth')
    .execute();
  const days = await sql<{ day: string; wagered: string; commission: string }>`
    WITH RECURSIVE tree AS (
      SELECT id, 1 AS depth FROM users WHERE inviter_id = ${userId}
      UNION ALL
      SELECT u.id, t.depth + 1 FROM users u JOIN tree t ON u.inviter_id = t.id WHERE t.depth < 3
    ), invitees AS (SELECT DISTINCT id FROM tree WHERE id <> ${userId}),
    days AS (
      SELECT generate_series((now() AT TIME ZONE ${ZONE})::date - 29, (now() AT TIME ZONE ${ZONE})::date,
                             interval '1 day')::date AS day
    )
    SELECT d.day::text AS day,
           (SELECT coalesce(sum(s.stake_cents), 0) FROM stake_daily s JOIN invitees i ON i.id = s.user_id
             WHERE s.day = d.day)::text AS wagered,
           (SELECT coalesce(sum(c.amount_cents), 0) FROM commission_earnings c
             WHERE c.earner_id = ${userId} AND c.day = d.day)::text AS commission
      FROM days d ORDER BY d.day`.execute(ctx.db);
  return {
    rates: rates.map((row) => ({ depth: row.depth, rate: Number(row.rate) })),
    days: days.rows.map((row) => ({
      day: row.day,
      wagered: cents(row.wagered),
      commission: cents(row.commission),
    })),
  };
}

/**
 * Moves the whole claimable commission to cash. The player's row is locked first (docs/ledger.md), so two claims
 * at once run one after the other and the second finds nothing left; the ledger key numbers the player's claims.
 */
export async function claimCommission(ctx: AppContext, userId: bigint) {
  refuseBonuses(ctx.config);
  await ctx.db.transaction().execute(async (trx) => {
    await lockPlayer(trx, userId);
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('owner_user_id', '=', userId)
      .where('kind', '=', 'player_commission')
      .where('currency', '=', 'BRL')
      .executeTakeFirst();
    const amountCents = account?.balance_cents ?? 0n;
    if (amountCents <= 0n) throw invalidInput('agent.nothing_to_claim');
    const claims = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions
       WHERE reference_type = 'commission_claim' AND reference_id = ${userId.toString()}`.execute(trx);
    await postTransaction(trx, {
      code: 'commission_claim',
      idempotencyKey: `commission_claim:${userId}:${(claims.rows[0]?.n ?? 0) + 1}`,
      referenceType: 'commission_claim',
      referenceId: userId.toString(),
      postings: [
        { account: { kind: 'player_commission', userId }, amountCents: -amountCents },
        { account: { kind: 'player_cash', userId }, amountCents },
      ],
    });
  });
  await ctx.events.publish('balanceChanged', { userId });
  return getBalance(ctx, userId);
}
