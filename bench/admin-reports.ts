import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/connection.ts';
import { dailyReport, foldJournal } from '../apps/api/src/modules/admin/reports.service.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { recomputeBalances, timed, withBenchContext } from './bench-db.ts';

/**
 * The back office's daily report over 30 days of 1,000,000 in-house bets (each a `bet_stake` transaction, about
 * half with a `bet_payout`), spread over 10,000 players. Measured: the report with the rollup folded (the
 * target: ≤ 1 s on PostgreSQL), the same report with nothing folded (every row read live), the fold itself, and
 * as a baseline one sequential sum over all the postings in the same run.
 */
export interface ReportsBenchResult {
  bets: number;
  transactions: number;
  seedMs: number;
  liveReportMs: number;
  foldMs: number;
  rolledUpReportMs: number;
  scanBaselineMs: number;
  sameAnswer: boolean;
  ledgerClean: boolean;
}

const PLAYERS = 10_000;
const DAYS = 30;

/**
 * Players funded by `deposit`, then `bets` stakes of R$ 1–50 at random times over the last 30 days and a payout
 * of twice the stake for every other bet, all as balanced journal rows, set-based. Triggers are off while
 * seeding (the per-row balance check would dominate); the balances are recomputed from the postings and
 * ledger:check proves the books at the end.
 */
async function seed(db: Db, bets: number): Promise<void> {
  await db.connection().execute(async (conn) => {
    // Seeding a million bets is no request: the server's per-statement bound does not apply to it.
    await sql`SET statement_timeout = 0`.execute(conn);
    await sql`SET session_replication_role = replica`.execute(conn);
    await sql`
      INSERT INTO users (username, password_hash, yqm, created_at)
      SELECT 'report' || g || '@aposta.dev', 'x', 'R' || lpad(g::text, 8, '0'),
             now() - make_interval(secs => (random() * ${DAYS} * 86400)::int)
        FROM generate_series(1, ${PLAYERS}) g`.execute(conn);
    await sql`INSERT INTO ledger_accounts (kind, owner_user_id) SELECT 'player_cash', id FROM users`.execute(
      conn,
    );
    await sql`INSERT INTO ledger_accounts (kind, name) VALUES ('house_provider_clearing', 'bench'), ('house_game', 'dice')`.execute(
      conn,
    );
    await sql`
      WITH tx AS (
        INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id, created_at)
        SELECT 'deposit', 'report_fund:' || id, 'bench', id::text, now() - interval '31 days' FROM users
        RETURNING id, reference_id)
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT tx.id, a.id, 100000000, 'BRL' FROM tx
        JOIN ledger_accounts a ON a.kind = 'player_cash' AND a.owner_user_id = tx.reference_id::bigint
      UNION ALL
      SELECT tx.id, c.id, -100000000, 'BRL' FROM tx
        JOIN ledger_accounts c ON c.kind = 'house_provider_clearing' AND c.name = 'bench'`.execute(conn);
    await sql`
      CREATE TEMP TABLE bench_bets AS
      SELECT g AS n, (SELECT id FROM ledger_accounts WHERE kind = 'player_cash' ORDER BY id LIMIT 1) + (g % ${PLAYERS}) AS account_id,
             (100 + (g::bigint * 7919) % 4900) AS stake,
             now() - make_interval(secs => (random() * ${DAYS} * 86400)::int) AS at
        FROM generate_series(1, ${bets}) g`.execute(conn);
    const house = sql`(SELECT id FROM ledger_accounts WHERE kind = 'house_game' AND name = 'dice')`;
    await sql`
      WITH tx AS (
        INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id, created_at)
        SELECT 'bet_stake', 'report_stake:' || n, 'game_bet', n::text, at FROM bench_bets ORDER BY at
        RETURNING id, reference_id)
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT tx.id, b.account_id, -b.stake, 'BRL' FROM tx JOIN bench_bets b ON b.n = tx.reference_id::bigint
      UNION ALL
      SELECT tx.id, ${house}, b.stake, 'BRL' FROM tx JOIN bench_bets b ON b.n = tx.reference_id::bigint`.execute(
      conn,
    );
    await sql`
      WITH tx AS (
        INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id, created_at)
        SELECT 'bet_payout', 'report_payout:' || n, 'game_bet', n::text, at FROM bench_bets WHERE n % 2 = 0 ORDER BY at
        RETURNING id, reference_id)
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT tx.id, b.account_id, 2 * b.stake, 'BRL' FROM tx JOIN bench_bets b ON b.n = tx.reference_id::bigint
      UNION ALL
      SELECT tx.id, ${house}, -2 * b.stake, 'BRL' FROM tx JOIN bench_bets b ON b.n = tx.reference_id::bigint`.execute(
      conn,
    );
    await recomputeBalances(conn);
    await sql`SET session_replication_role = DEFAULT`.execute(conn);
    await sql`VACUUM ANALYZE`.execute(conn);
    await sql`RESET statement_timeout`.execute(conn);
  });
}

export async function runReportsBench(databaseUrl: string, bets = 1_000_000): Promise<ReportsBenchResult> {
  return withBenchContext(databaseUrl, 'aposta_bench_reports', 4, async (ctx) => {
    const seeded = await timed(() => seed(ctx.db, bets));
    const today = new Date(Date.now() - 3 * 3600_000);
    const to = today.toISOString().slice(0, 10);
    const from = new Date(today.getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

    const live = await timed(() => dailyReport(ctx, from, to));
    const fold = await timed(async () => {
      let folded = 0;
      for (;;) {
        const step = await foldJournal(ctx.db, 0);
        if (step === 0) return folded;
        folded += step;
      }
    });
    await sql`ANALYZE report_ledger_daily`.execute(ctx.db);
    await sql`ANALYZE report_active_players`.execute(ctx.db);
    await dailyReport(ctx, from, to); // warm, as a dashboard that is open
    const rolledUp = await timed(() => dailyReport(ctx, from, to));
    const scan = await timed(() => sql`SELECT sum(amount_cents) FROM ledger_postings`.execute(ctx.db));
    const transactions = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM ledger_transactions`.execute(ctx.db);
    const stakes = rolledUp.value.reduce((sum, row) => sum + row.stakes, 0);
    return {
      bets,
      transactions: Number(transactions.rows[0]?.n ?? 0),
      seedMs: seeded.ms,
      liveReportMs: live.ms,
      foldMs: fold.ms,
      rolledUpReportMs: rolledUp.ms,
      scanBaselineMs: scan.ms,
      sameAnswer: JSON.stringify(live.value) === JSON.stringify(rolledUp.value) && stakes > 0,
      ledgerClean: (await checkLedger(ctx.db)).length === 0,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('needs DATABASE_URL');
  console.log(await runReportsBench(url, Number(process.env.BENCH_BETS || 1_000_000)));
}
