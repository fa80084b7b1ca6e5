import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { type Db, openPostgres } from '../apps/api/src/db/connection.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { settleCommissionDay } from '../apps/api/src/modules/invite/commission.job.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { timed, withFreshDatabase } from './bench-db.ts';

/**
 * The daily commission job over 100,000 players (a tree: each player invited by one of the players before) and
 * 1,000,000 stakes in one day. The stake path keeps a per-player day total (`stake_daily`), so the job reads one
 * row per player, not the bets. Baseline, in the same run: one aggregate query over the same 1,000,000 stakes
 * (what a job that scanned the bets would pay at the very least). Target: the job ≤ 3× the baseline.
 */
export interface CommissionBenchResult {
  players: number;
  stakes: number;
  jobMs: number;
  aggregateMs: number;
  ratio: number;
  earners: number;
  paidCents: string;
  secondRunSettled: boolean;
  ledgerClean: boolean;
}

const DAY = '2026-01-15';

export async function seed(db: Db, players: number, stakes: number): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    await sql`
      INSERT INTO users (username, password_hash, yqm)
      SELECT 'agent' || g || '@aposta.dev', 'x', 'C' || lpad(g::text, 8, '0') FROM generate_series(1, ${players}) g`.execute(
      conn,
    );
    // A 4-ary tree: player n (n > 1) was invited by player (n - 2) / 4 + 1, so every level of depth 1..3 is full.
    await sql`
      WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users)
      UPDATE users u SET inviter_id = p.id
        FROM ranked r JOIN ranked p ON p.n = (r.n - 2) / 4 + 1
       WHERE u.id = r.id AND r.n > 1`.execute(conn);
    // Registration opens an inviter's commission account with their first friend (auth.service.ts).
    await sql`
      INSERT INTO ledger_accounts (kind, owner_user_id, name, currency)
      SELECT DISTINCT 'player_commission', inviter_id, '', 'BRL' FROM users WHERE inviter_id IS NOT NULL`.execute(
      conn,
    );
    // The day's stakes (R$ 1–50 each) as the bets would be, and the per-player totals the stake path keeps.
    await sql`
      CREATE TABLE bench_stakes AS
      SELECT (SELECT min(id) FROM users) + (g % ${players}) AS user_id, (100 + (g::bigint * 7919) % 4900) AS stake_cents
        FROM generate_series(1, ${stakes}) g`.execute(conn);
    await sql`
      INSERT INTO stake_daily (day, user_id, stake_cents)
      SELECT ${DAY}::date, user_id, sum(stake_cents) FROM bench_stakes GROUP BY user_id`.execute(conn);
    await sql`SET session_replication_role = DEFAULT`.execute(conn);
  });
  await sql`VACUUM ANALYZE`.execute(db);
}

export async function runCommissionBench(
  databaseUrl: string,
  players = 100_000,
  stakes = 1_000_000,
): Promise<CommissionBenchResult> {
  return withFreshDatabase(databaseUrl, 'aposta_bench_commission', async (url) => {
    const database = openPostgres(url, 4);
    try {
      await migrate(database);
      await seed(database.db, players, stakes);
      // Warm the baseline's table as the job's tables are warm after seeding.
      await sql`SELECT count(*) FROM bench_stakes`.execute(database.db);
      const aggregate = await timed(() =>
        sql`SELECT user_id, sum(stake_cents) FROM bench_stakes GROUP BY user_id`.execute(database.db),
      );
      const job = await timed(() => settleCommissionDay(database.db, DAY));
      const second = await settleCommissionDay(database.db, DAY);
      return {
        players,
        stakes,
        jobMs: job.ms,
        aggregateMs: aggregate.ms,
        ratio: Math.round((job.ms / Math.max(1, aggregate.ms)) * 100) / 100,
        earners: job.value.earners,
        paidCents: job.value.paidCents.toString(),
        secondRunSettled: second.settled,
        ledgerClean: (await checkLedger(database.db)).length === 0,
      };
    } finally {
      await database.close();
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('needs DATABASE_URL');
  console.log(await runCommissionBench(url));
}
