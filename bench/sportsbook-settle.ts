import { fileURLToPath } from 'node:url';
import { priceFootball } from '@aposta/sports';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/connection.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { lockMatch } from '../apps/api/src/modules/sportsbook/catalog.repository.ts';
import { createMatch, writeMatchState } from '../apps/api/src/modules/sportsbook/catalog.service.ts';
import { settleMatch } from '../apps/api/src/modules/sportsbook/settlement.service.ts';
import { recomputeBalances, withBenchContext } from './bench-db.ts';

export interface SportsbookBenchResult {
  bets: number;
  players: number;
  seedMs: number;
  settleMs: number;
  betsSettledPerSecond: number;
  bulkUpdateMs: number;
  /** settleMs / bulkUpdateMs: how far the real settlement is from the cheapest possible pass over the rows. */
  ratio: number;
  paidOutCents: string;
  ledgerClean: boolean;
}

const PLAYERS = 2_000;

/** Players with R$ 1.000.000 each, through balanced `deposit` transactions, in bulk. */
async function seedPlayers(db: Db): Promise<void> {
  await sql`
    INSERT INTO users (username, password_hash, yqm)
    SELECT 'bench' || g || '@aposta.dev', 'x', 'B' || lpad(g::text, 8, '0') FROM generate_series(1, ${PLAYERS}) g`.execute(
    db,
  );
  await sql`
    INSERT INTO ledger_accounts (kind, owner_user_id) SELECT 'player_cash', id FROM users`.execute(db);
  await sql`
    INSERT INTO ledger_accounts (kind, name) VALUES ('house_provider_clearing', 'bench'), ('house_sportsbook', '')`.execute(
    db,
  );
  await sql`
    WITH tx AS (
      INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      SELECT 'deposit', 'bench_fund:' || id, 'bench', id::text FROM users RETURNING id, reference_id)
    INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
    SELECT tx.id, a.id, 100000000, 'BRL' FROM tx
      JOIN ledger_accounts a ON a.kind = 'player_cash' AND a.owner_user_id = tx.reference_id::bigint
    UNION ALL
    SELECT tx.id, c.id, -100000000, 'BRL' FROM tx
      JOIN ledger_accounts c ON c.kind = 'house_provider_clearing' AND c.name = 'bench'`.execute(db);
  await recomputeBalances(db);
}

/**
 * `bets` singles spread over every selection of the match and over the players, stakes R$ 1,00–99,99, each
 * with its leg, its balanced `sports_stake` transaction (player −stake, house +stake), the balances moved and
 * the stakes counted toward the players' game totals and the open liability per selection and match: what
 * placement writes, set-based.
 */
async function seedBets(db: Db, matchId: bigint, bets: number): Promise<void> {
  await sql`
    CREATE TEMP TABLE bench_plan AS
    WITH sel AS (
      SELECT s.id, s.market_id, s.outcome, s.odds_milli, row_number() OVER (ORDER BY s.id) - 1 AS i,
             count(*) OVER () AS n
        FROM sports_selections s JOIN sports_markets m ON m.id = s.market_id WHERE m.match_id = ${matchId}),
    u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM users)
    SELECT nextval(pg_get_serial_sequence('sports_bets', 'id')) AS bet_id, u.id AS user_id, sel.id AS selection_id,
           sel.market_id, sel.outcome, sel.odds_milli, (100 + (g * 7919) % 9900)::bigint AS stake
      FROM generate_series(0, ${bets - 1}) g
      JOIN sel ON sel.i = g % sel.n
      JOIN u ON u.i = (g * 31) % ${PLAYERS}`.execute(db);
  await sql`
    INSERT INTO sports_bets (id, user_id, type, leg_count, stake_cents, stake_cash_cents, stake_bonus_cents,
                             odds_milli, potential_payout_cents) OVERRIDING SYSTEM VALUE
    SELECT bet_id, user_id, 'single', 1, stake, stake, 0, odds_milli, stake * odds_milli / 1000 FROM bench_plan`.execute(
    db,
  );
  await sql`
    INSERT INTO sports_bet_legs (bet_id, leg_no, match_id, market_id, selection_id, outcome, odds_milli)
    SELECT bet_id, 0, ${matchId}, market_id, selection_id, outcome, odds_milli FROM bench_plan`.execute(db);
  await sql`
    WITH tx AS (
      INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      SELECT 'sports_stake', 'sports_stake:' || bet_id, 'sports_bet', bet_id::text FROM bench_plan
      RETURNING id, reference_id)
    INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
    SELECT tx.id, a.id, -p.stake, 'BRL' FROM tx JOIN bench_plan p ON p.bet_id = tx.reference_id::bigint
      JOIN ledger_accounts a ON a.kind = 'player_cash' AND a.owner_user_id = p.user_id
    UNION ALL
    SELECT tx.id, h.id, p.stake, 'BRL' FROM tx JOIN bench_plan p ON p.bet_id = tx.reference_id::bigint
      JOIN ledger_accounts h ON h.kind = 'house_sportsbook'`.execute(db);
  await sql`
    UPDATE ledger_accounts a SET balance_cents = a.balance_cents + d.delta
      FROM (SELECT a2.id, -sum(p.stake) AS delta FROM bench_plan p
              JOIN ledger_accounts a2 ON a2.kind = 'player_cash' AND a2.owner_user_id = p.user_id GROUP BY a2.id
            UNION ALL
            SELECT h.id, sum(p.stake) FROM bench_plan p JOIN ledger_accounts h ON h.kind = 'house_sportsbook'
             GROUP BY h.id) d
     WHERE a.id = d.id`.execute(db);
  await sql`
    UPDATE users u SET game_sum_cents = u.game_sum_cents + s.total
      FROM (SELECT user_id, sum(stake) AS total FROM bench_plan GROUP BY user_id) s WHERE u.id = s.user_id`.execute(
    db,
  );
  // The open liability placement adds per selection and per match (risk), which settlement takes off again.
  await sql`
    INSERT INTO sports_selection_exposure (selection_id, market_id, payout_cents)
    SELECT selection_id, market_id, sum(stake * odds_milli / 1000) FROM bench_plan GROUP BY selection_id, market_id`.execute(
    db,
  );
  await sql`
    INSERT INTO sports_match_exposure (match_id, payout_cents)
    SELECT ${matchId}, sum(stake * odds_milli / 1000) FROM bench_plan`.execute(db);
  await sql`DROP TABLE bench_plan`.execute(db);
}

export async function runSportsbookBench(
  databaseUrl: string,
  bets = 100_000,
): Promise<SportsbookBenchResult> {
  return withBenchContext(databaseUrl, 'aposta_bench_settle', 10, async (ctx) => {
    const seedStart = performance.now();
    await seedPlayers(ctx.db);
    const board = priceFootball({
      homeGoalsExpected: 1.5,
      awayGoalsExpected: 1.1,
      homeCornersExpected: 5.5,
      awayCornersExpected: 4.5,
    });
    const match = await createMatch(ctx, {
      sport: 'football',
      league: 'Brasileirão Série A',
      home: 'Flamengo',
      away: 'Palmeiras',
      startTime: Date.now(),
      markets: board.map((market) => ({
        type: market.type,
        period: market.period,
        line: market.line ?? null,
        selections: market.outcomes.map((outcome) => ({
          outcome: outcome.outcome,
          odds: outcome.oddsMilli / 1000,
        })),
      })),
    });
    const matchId = BigInt(match.matchId);
    await seedBets(ctx.db, matchId, bets);
    await ctx.db.transaction().execute(async (trx) => {
      await lockMatch(trx, matchId);
      await writeMatchState(trx, matchId, {
        period: -1,
        score: { home: 2, away: 1 },
        halfTimeScore: { home: 1, away: 0 },
        corners: { home: 7, away: 4 },
        halfTimeCorners: { home: 3, away: 2 },
        scoreAfterOvertime: null,
        winner: null,
      });
    });
    await sql`VACUUM ANALYZE`.execute(ctx.db);
    const seedMs = performance.now() - seedStart;

    // Baseline: one UPDATE writing every bet row of the match, rolled back so the bets stay open.
    const bulkUpdateMs = await ctx.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      const started = performance.now();
      await sql`
          UPDATE sports_bets b SET result = 20, settled_at = now(), settle_count = b.settle_count + 1
            FROM sports_bet_legs l WHERE l.match_id = ${matchId} AND b.id = l.bet_id`.execute(connection);
      const elapsed = performance.now() - started;
      await sql`ROLLBACK`.execute(connection);
      return elapsed;
    });
    await sql`VACUUM ANALYZE sports_bets`.execute(ctx.db);

    const settleStart = performance.now();
    const { settledBets } = await settleMatch(ctx, matchId);
    const settleMs = performance.now() - settleStart;
    if (settledBets !== bets) throw new Error(`settled ${settledBets} of ${bets} bets`);
    const open = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM sports_bets WHERE result = 0`.execute(ctx.db);
    if (open.rows[0]!.n !== '0') throw new Error(`${open.rows[0]!.n} bets left open`);
    const paid = await sql<{
      total: string;
    }>`SELECT coalesce(sum(payout_cents), 0)::text AS total FROM sports_bets`.execute(ctx.db);
    // Every bet settled: no open liability may be left on the match or its selections.
    const liability = await sql<{ total: string }>`
      SELECT ((SELECT coalesce(sum(payout_cents), 0) FROM sports_selection_exposure)
            + (SELECT coalesce(sum(payout_cents), 0) FROM sports_match_exposure))::text AS total`.execute(
      ctx.db,
    );
    if (liability.rows[0]!.total !== '0')
      throw new Error(`${liability.rows[0]!.total} cents of liability left open`);
    const ledgerClean = (await checkLedger(ctx.db)).length === 0;
    return {
      bets,
      players: PLAYERS,
      seedMs: Math.round(seedMs),
      settleMs: Math.round(settleMs),
      betsSettledPerSecond: Math.round((bets / settleMs) * 1000),
      bulkUpdateMs: Math.round(bulkUpdateMs),
      ratio: Number((settleMs / bulkUpdateMs).toFixed(1)),
      paidOutCents: paid.rows[0]!.total,
      ledgerClean,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL is required (a PostgreSQL server where a scratch database can be created)');
    process.exit(2);
  }
  const bets = Number(process.argv[2] ?? 100_000);
  const result = await runSportsbookBench(databaseUrl, bets);
  console.log(`sportsbook settlement: ${result.bets} bets of ${result.players} players on one match`);
  console.log(`  seed (bulk SQL, not timed below)   ${result.seedMs} ms`);
  console.log(
    `  settleMatch                        ${result.settleMs} ms  (${result.betsSettledPerSecond} bets/s)`,
  );
  console.log(`  baseline: one bulk UPDATE          ${result.bulkUpdateMs} ms`);
  console.log(`  ratio settle / bulk UPDATE         ${result.ratio}x`);
  console.log(
    `  paid out ${result.paidOutCents} cents, ledger ${result.ledgerClean ? 'clean' : 'NOT CLEAN'}`,
  );
  if (!result.ledgerClean) process.exitCode = 1;
}
