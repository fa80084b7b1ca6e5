import type {
  PlayerBetRecord,
  PlayerDetail,
  PlayerFlagsBody,
  PlayerLedgerEntry,
  PlayerOrderRecord,
  PlayerRecord,
  PlayerSessionRecord,
} from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import type { Tx } from '../../db/tx.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { endPlayerSessions } from '../rg/rg.exclusions.ts';
import { pushUserInfo } from '../users/users.service.ts';

interface PlayerRow {
  id: bigint;
  username: string;
  name: string;
  level: number;
  kyc_status: 'none' | 'pending' | 'approved' | 'rejected';
  status: 'active' | 'blocked' | 'self_excluded';
  lx: string;
  test_flag: boolean;
  created_at: Date;
  cash: bigint | null;
  bonus: bigint | null;
}

const balanceOf = (kind: string) =>
  sql<bigint | null>`(SELECT balance_cents FROM ledger_accounts la
     WHERE la.owner_user_id = users.id AND la.kind = ${kind} AND la.currency = 'BRL')`;

function playerQuery(ctx: AppContext | { db: Tx }) {
  return ctx.db.selectFrom('users').select([
    'users.id',
    'users.username',
    // The KYC name is the player's real name once submitted; the account's own name is usually empty.
    sql<string>`coalesce(nullif(users.kyc_name, ''), users.name)`.as('name'),
    'users.level',
    'users.kyc_status',
    'users.status',
    'users.lx',
    'users.test_flag',
    'users.created_at',
    balanceOf('player_cash').as('cash'),
    balanceOf('player_bonus').as('bonus'),
  ]);
}

function presentPlayer(row: PlayerRow): PlayerRecord {
  return {
    uId: Number(row.id),
    username: row.username,
    name: row.name,
    level: row.level,
    balance: centsToReais(row.cash ?? 0n),
    freeBalance: centsToReais(row.bonus ?? 0n),
    // Operators see the KYC as it stands: only an approved one reads 1 (decision 0015).
    kyc: row.kyc_status === 'approved' ? 1 : 0,
    kycStatus: row.kyc_status,
    status: row.status,
    lx: row.lx,
    testFlag: row.test_flag ? '1' : '0',
    time: row.created_at.getTime(),
  };
}

/** `text` taken literally inside a LIKE pattern: its own `%`, `_` and `\` match only themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search by any part of the e-mail (username) or of the name (KYC or account name), case-insensitive; or by uId
 * or CPF (digits, formatted or not); newest first. A plain ILIKE: the term is at most 100 characters (contract)
 * and the answer is one page, so a sequential scan of users stays cheap at our size (decision 0035).
 */
export async function searchPlayers(ctx: AppContext, q: string | undefined, paging: Paging) {
  const text = (q ?? '').trim();
  const digits = text.replace(/[.\-\s]/g, '');
  let query = playerQuery(ctx);
  if (text !== '') {
    const contains = `%${likeLiteral(text)}%`;
    query = query.where((eb) => {
      const options = [
        eb('users.username', 'ilike', contains),
        eb('users.name', 'ilike', contains),
        eb('users.kyc_name', 'ilike', contains),
      ];
      if (/^\d{1,16}$/.test(digits)) options.push(eb('users.id', '=', BigInt(digits)));
      if (/^\d{11}$/.test(digits)) options.push(eb('users.kyc_cpf', '=', digits));
      return eb.or(options);
    });
  }
  const [rows, total] = await Promise.all([
    query.orderBy('users.id', 'desc').limit(paging.size).offset(offsetOf(paging)).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(presentPlayer), total: Number(total.n) };
}

export async function getPlayer(ctx: AppContext, userId: bigint): Promise<PlayerDetail> {
  const row = await playerQuery(ctx)
    .leftJoin('users as inviter', 'inviter.id', 'users.inviter_id')
    .select([
      'users.pay_sum_cents',
      'users.wd_sum_cents',
      'users.game_sum_cents',
      'users.kyc_cpf',
      'users.kyc_name',
      'inviter.id as inviter_id',
      'inviter.username as inviter_username',
      balanceOf('player_withdrawal_hold').as('hold'),
      sql<Date | null>`(SELECT max(created_at) FROM sessions s
         WHERE s.subject = 'player' AND s.subject_id = users.id)`.as('last_login_at'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...presentPlayer(row),
    paySumAmount: centsToReais(row.pay_sum_cents),
    wdSumAmount: centsToReais(row.wd_sum_cents),
    gameSumAmount: centsToReais(row.game_sum_cents),
    holdAmount: centsToReais(row.hold ?? 0n),
    inviter:
      row.inviter_id !== null && row.inviter_username !== null
        ? { uId: Number(row.inviter_id), username: row.inviter_username }
        : null,
    cpf: row.kyc_cpf,
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).getTime() : null,
    kycName: row.kyc_name,
  };
}

/**
 * Block/unblock, USDT rights (lx), test flag. A block takes effect at once: every player call checks the status
 * (then 1403), every provider's slot session closes (modules/rg `endPlayerSessions`), every stake checks the
 * status in its own transaction, and the player's sockets are dropped after the commit.
 */
export async function setPlayerFlags(ctx: AppContext, actor: Actor, userId: bigint, input: PlayerFlagsBody) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['status', 'lx', 'test_flag'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    if (before.status === 'self_excluded' && input.status === 'active') {
      // Self-exclusion is the player's own decision; the back office does not lift it.
      throw invalidInput('validation.field', { field: 'status', reason: 'self_excluded' });
    }
    const after = {
      status: input.status ?? before.status,
      lx: input.lx ?? before.lx,
      test_flag: input.testFlag === undefined ? before.test_flag : input.testFlag === '1',
    };
    await trx.updateTable('users').set(after).where('id', '=', userId).execute();
    // A block ends every provider's open slot session at once; the tokens stop working on the status check.
    if (after.status === 'blocked' && before.status !== 'blocked')
      await endPlayerSessions(trx, userId, 'block');
    await writeAudit(trx, actor, {
      action: 'player.flags',
      target: `player:${userId}`,
      before: { status: before.status, lx: before.lx, testFlag: before.test_flag ? '1' : '0' },
      after: { status: after.status, lx: after.lx, testFlag: after.test_flag ? '1' : '0' },
    });
  });
  if (input.status === 'blocked') ctx.realtime.disconnectUser(userId);
  else await pushUserInfo(ctx, userId);
  return getPlayer(ctx, userId);
}

export interface AdjustInput {
  account: 'cash' | 'bonus';
  amountCents: bigint;
  reason: string;
  idempotencyKey: string;
}

/**
 * A manual credit or debit: one ledger transaction (code `admin_adjustment`, the operator in its reference)
 * against the house adjustments account, with its audit entry, in one database transaction. A debit never takes
 * a balance below zero (the ledger refuses it: 500/9999). The same Idempotency-Key moves money once.
 */
export async function adjustPlayer(ctx: AppContext, actor: Actor, userId: bigint, input: AdjustInput) {
  if (input.amountCents === 0n) throw invalidInput('admin.adjust_zero');
  const kind = input.account === 'cash' ? ('player_cash' as const) : ('player_bonus' as const);
  await ctx.db.transaction().execute(async (trx) => {
    // The player's row first, then the ledger accounts: the lock order of every money path.
    const player = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!player) throw notFound();
    const posted = await postTransaction(trx, {
      code: 'admin_adjustment',
      idempotencyKey: `admin_adjustment:${userId}:${input.idempotencyKey}`,
      referenceType: 'operator',
      referenceId: actor.operatorId.toString(),
      postings: [
        { account: { kind, userId }, amountCents: input.amountCents },
        { account: { kind: 'house_adjustments' }, amountCents: -input.amountCents },
      ],
    });
    if (posted.replayed) return;
    await writeAudit(trx, actor, {
      action: 'player.adjust',
      target: `player:${userId}`,
      before: null,
      after: {
        account: input.account,
        amountCents: input.amountCents,
        reason: input.reason,
        transactionId: posted.transactionId,
      },
    });
  });
  await ctx.events.publish('balanceChanged', { userId });
  const { cashCents, bonusCents } = await playerBalances(ctx.db, userId);
  return { balance: centsToReais(cashCents), freeBalance: centsToReais(bonusCents) };
}

async function requirePlayer(ctx: AppContext, userId: bigint): Promise<void> {
  const row = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
}

export async function playerLedger(ctx: AppContext, userId: bigint, paging: Paging) {
  await requirePlayer(ctx, userId);
  const base = ctx.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .where('a.owner_user_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .select([
        't.id',
        't.code',
        't.reference_type',
        't.reference_id',
        'a.kind',
        'p.amount_cents',
        't.created_at',
      ])
      .orderBy('p.id', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const records: PlayerLedgerEntry[] = rows.map((row) => ({
    txId: Number(row.id),
    code: row.code,
    ref: `${row.reference_type}:${row.reference_id}`,
    account: row.kind,
    amount: centsToReais(row.amount_cents),
    time: row.created_at.getTime(),
  }));
  return { records, total: Number(total.n) };
}

export async function playerBets(ctx: AppContext, userId: bigint, paging: Paging) {
  await requirePlayer(ctx, userId);
  const rows = await sql<{
    product: 'originals' | 'sports';
    id: bigint;
    game: string;
    amount: bigint;
    payout: bigint;
    status: string;
    created_at: Date;
    total: bigint;
  }>`SELECT *, count(*) OVER () AS total FROM (
      SELECT 'originals' AS product, id, game, amount_cents AS amount, payout_cents AS payout, status, created_at
        FROM game_bets WHERE user_id = ${userId}
      UNION ALL
      SELECT 'sports', id, type, stake_cents, payout_cents, CASE WHEN result = 0 THEN 'open' ELSE 'settled' END,
             created_at
        FROM sports_bets WHERE user_id = ${userId}) bets
    ORDER BY created_at DESC, id DESC LIMIT ${paging.size} OFFSET ${offsetOf(paging)}`.execute(ctx.db);
  const records: PlayerBetRecord[] = rows.rows.map((row) => ({
    product: row.product,
    id: Number(row.id),
    game: row.game,
    amount: centsToReais(BigInt(row.amount)),
    payout: centsToReais(BigInt(row.payout)),
    status: row.status,
    time: new Date(row.created_at).getTime(),
  }));
  const total = rows.rows[0] ? Number(rows.rows[0].total) : await countBets(ctx, userId);
  return { records, total };
}

async function countBets(ctx: AppContext, userId: bigint): Promise<number> {
  const row = await sql<{ n: string }>`SELECT
      (SELECT count(*) FROM game_bets WHERE user_id = ${userId}) +
      (SELECT count(*) FROM sports_bets WHERE user_id = ${userId}) AS n`.execute(ctx.db);
  return Number(row.rows[0]?.n ?? 0);
}

export async function playerOrders(ctx: AppContext, userId: bigint, paging: Paging) {
  await requirePlayer(ctx, userId);
  const base = ctx.db.selectFrom('orders').where('orders.user_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('withdrawal_reviews as r', 'r.order_id', 'orders.id')
      .select([
        'orders.id',
        'orders.type',
        'orders.amount_cents',
        'orders.gift_cents',
        'orders.status',
        'orders.created_at',
        'orders.finished_at',
        'r.status as review',
      ])
      .orderBy('orders.id', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const records: PlayerOrderRecord[] = rows.map((row) => ({
    orderId: Number(row.id),
    type: row.type,
    amount: centsToReais(row.amount_cents),
    gift: centsToReais(row.gift_cents),
    status: row.status,
    review: row.review ?? null,
    time: row.created_at.getTime(),
    finishedAt: row.finished_at?.getTime() ?? null,
  }));
  return { records, total: Number(total.n) };
}

export async function playerSessions(ctx: AppContext, userId: bigint, paging: Paging) {
  await requirePlayer(ctx, userId);
  const base = ctx.db.selectFrom('sessions').where('subject', '=', 'player').where('subject_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .select([
        'created_at',
        'expires_at',
        'revoked_at',
        sql<boolean>`revoked_at IS NULL AND expires_at > now()`.as('live'),
      ])
      .orderBy('created_at', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const records: PlayerSessionRecord[] = rows.map((row) => ({
    time: row.created_at.getTime(),
    expiresAt: new Date(row.expires_at).getTime(),
    revokedAt: row.revoked_at?.getTime() ?? null,
    live: row.live,
  }));
  return { records, total: Number(total.n) };
}
