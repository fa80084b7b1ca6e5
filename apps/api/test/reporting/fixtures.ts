import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from '../harness.ts';

/**
 * Rows written straight into the tables the SPA report reads, at chosen instants (the day boundary is the
 * point of these tests; the API would stamp them with the real clock). No ledger entries: the report does not
 * read the ledger.
 */
let counter = 0;
const code = () => {
  counter += 1;
  return `R${process.pid % 1000}${counter}${randomBytes(2).toString('hex')}`.toUpperCase().slice(0, 12);
};

export async function insertUser(
  test: TestApp,
  at: string,
  fields: { testFlag?: boolean; cpf?: string; status?: 'active' | 'blocked' | 'self_excluded' } = {},
): Promise<bigint> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO users (username, password_hash, yqm, created_at, test_flag, kyc_cpf, status)
    VALUES (${`fixture-${code().toLowerCase()}@example.com`}, 'x', ${code()}, ${at}::timestamptz,
            ${fields.testFlag ?? false}, ${fields.cpf ?? null}, ${fields.status ?? 'active'})
    RETURNING id`.execute(test.ctx.db);
  return BigInt(row.rows[0]?.id ?? 0);
}

export async function insertGameBet(
  test: TestApp,
  userId: bigint,
  fields: { amount: number; payout: number; createdAt: string; settledAt: string | null },
): Promise<bigint> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO game_bets (user_id, game, amount_cents, payout_cents, status, created_at, settled_at)
    VALUES (${userId}, 'dice', ${fields.amount}, ${fields.payout}, ${fields.settledAt ? 'settled' : 'open'},
            ${fields.createdAt}::timestamptz, ${fields.settledAt}::timestamptz)
    RETURNING id`.execute(test.ctx.db);
  return BigInt(row.rows[0]?.id ?? 0);
}

export async function insertSportsBet(
  test: TestApp,
  userId: bigint,
  fields: { stake: number; payout: number; createdAt: string; settledAt: string },
): Promise<bigint> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO sports_bets (user_id, type, leg_count, stake_cents, stake_cash_cents, stake_bonus_cents,
                             odds_milli, potential_payout_cents, result, payout_cents, created_at, settled_at)
    VALUES (${userId}, 'single', 1, ${fields.stake}, ${fields.stake}, 0, 2000, ${fields.stake * 2},
            ${fields.payout > 0 ? 10 : 11}, ${fields.payout}, ${fields.createdAt}::timestamptz,
            ${fields.settledAt}::timestamptz)
    RETURNING id`.execute(test.ctx.db);
  return BigInt(row.rows[0]?.id ?? 0);
}

export async function insertSlotRound(
  test: TestApp,
  userId: bigint,
  fields: {
    stake: number;
    win: number;
    createdAt: string;
    closedAt: string;
    status: 'closed' | 'rolled_back';
  },
): Promise<bigint> {
  const session = await sql<{ id: bigint }>`
    INSERT INTO slot_sessions (token, user_id, provider, game_code, expires_at, closed_at)
    SELECT ${randomBytes(20).toString('hex')}, ${userId}, 'PG', code, ${fields.closedAt}::timestamptz,
           ${fields.closedAt}::timestamptz
      FROM game_catalog ORDER BY code LIMIT 1 RETURNING id`.execute(test.ctx.db);
  const row = await sql<{ id: bigint }>`
    INSERT INTO slot_rounds (provider, round_ref, user_id, session_id, game_code, stake_cents, win_cents, status,
                             created_at, closed_at)
    VALUES ('PG', ${code()}, ${userId}, ${session.rows[0]?.id}, 'fortune-tiger', ${fields.stake}, ${fields.win},
            ${fields.status}, ${fields.createdAt}::timestamptz, ${fields.closedAt}::timestamptz)
    RETURNING id`.execute(test.ctx.db);
  return BigInt(row.rows[0]?.id ?? 0);
}

export async function insertOrder(
  test: TestApp,
  userId: bigint,
  fields: {
    type: '10' | '11';
    status: '00' | '10' | '01' | '-01';
    amount: number;
    createdAt: string;
    finishedAt: string | null;
  },
): Promise<bigint> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO orders (user_id, type, status, amount_cents, created_at, finished_at, pay_card_bank)
    VALUES (${userId}, ${fields.type}, ${fields.status}, ${fields.amount}, ${fields.createdAt}::timestamptz,
            ${fields.finishedAt}::timestamptz, ${fields.type === '11' ? 'CPF' : null})
    RETURNING id`.execute(test.ctx.db);
  return BigInt(row.rows[0]?.id ?? 0);
}

export async function insertExclusion(
  test: TestApp,
  userId: bigint,
  fields: { period: '1d' | '7d' | '30d' | '180d' | 'permanent'; startsAt: string; endsAt: string | null },
): Promise<bigint> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO rg_exclusions (user_id, period, starts_at, ends_at)
    VALUES (${userId}, ${fields.period}, ${fields.startsAt}::timestamptz, ${fields.endsAt}::timestamptz)
    RETURNING id`.execute(test.ctx.db);
  return BigInt(row.rows[0]?.id ?? 0);
}
