import { availableParallelism } from 'node:os';
import type { AppContext } from '../apps/api/src/app-context.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { withFreshDatabase } from './bench-db.ts';
import {
  percentile,
  registerFundedPlayers,
  runMeteredLoad,
  withBenchServer,
  withMainProcess,
} from './bench-server.ts';
import { type CpuPerBet, describeCpu } from './cpu-meter.ts';

/**
 * Dice bets per second through the whole server: HTTP (keep-alive), auth, validation, the seed pair lock, the
 * bet row, stake and payout through the ledger, the nonce, the answer. 16 players, each its own client placing
 * one bet after another for 20 s (BENCH_SECONDS), from a load generator in its own process (bench/load-dice.ts), on a fresh database created on the given PostgreSQL server and
 * dropped afterwards. `node bench/games.ts` runs it alone with DATABASE_URL.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP_BETS = 10;

export interface LoadAnswer {
  accepted: number;
  failed: number;
  seconds: number;
  latencies: number[];
  /** The load generator's own CPU in the measured window. */
  cpuMs: number;
}

export interface GamesBenchResult {
  diceBetsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ledgerClean: boolean;
  /** CPU per accepted bet, in ms: the server's process, PostgreSQL's backends, the load generator. */
  cpuPerBet?: CpuPerBet;
}

export async function runGamesBench(databaseUrl: string): Promise<GamesBenchResult> {
  return withFreshDatabase(databaseUrl, 'bench_games', (url) =>
    withBenchServer(url, (server) => measureDice(server, 'games bench')),
  );
}

/**
 * The same load on the server as `npm start` runs it with `workers` processes behind one port (PostgreSQL and
 * Redis), each player from its own client address.
 */
export async function runClusterGamesBench(
  databaseUrl: string,
  redisUrl: string,
  workers: number,
): Promise<GamesBenchResult> {
  return withFreshDatabase(databaseUrl, 'bench_cluster', (url) =>
    withMainProcess(url, { REDIS_URL: redisUrl, WORKERS: String(workers) }, (server) =>
      measureDice(
        server,
        `games bench, ${workers} workers`,
        (index) => `127.0.${1 + Math.floor(index / 200)}.${10 + (index % 200)}`,
      ),
    ),
  );
}

async function measureDice(
  server: { base: string; ctx: Pick<AppContext, 'db'> },
  label: string,
  addressOf?: (index: number) => string,
): Promise<GamesBenchResult> {
  const { ctx, base } = server;
  const tokens = await registerFundedPlayers(server, CLIENTS);
  // The load comes from another process (bench/load-dice.ts): the server's event loop serves bets only. The CPU
  // window is meaningful only when the server runs in this process (withBenchServer).
  const { load, cpu: cpuPerBet } = await runMeteredLoad<LoadAnswer>(
    './load-dice.ts',
    {
      base,
      tokens,
      seconds: DURATION_SECONDS,
      warmupBets: WARMUP_BETS,
      ...(addressOf ? { addresses: tokens.map((_, index) => addressOf(index)) } : {}),
    },
    addressOf ? undefined : ctx.db,
  );
  const { accepted, failed, seconds } = load;
  const latencies = load.latencies;
  const diceBetsPerSecond = accepted / seconds;
  const problems = await checkLedger(ctx.db);
  const rows = await ctx.db
    .selectFrom('game_bets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `${label}: ${accepted} dice bets in ${seconds.toFixed(1)} s from ${CLIENTS} HTTP clients = ` +
      `${diceBetsPerSecond.toFixed(0)} bets/s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms; ${failed} failed; ` +
      `bets table ${Number(rows.n) - CLIENTS * WARMUP_BETS} rows; ledger:check ${problems.length === 0 ? 'clean' : `FAILED ${JSON.stringify(problems)}`}` +
      (cpuPerBet ? `; CPU per bet: ${describeCpu(cpuPerBet)}` : ''),
  );
  if (failed > 0 || problems.length > 0) throw new Error(`${label}: bets failed or the books do not balance`);
  return {
    diceBetsPerSecond,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    ledgerClean: problems.length === 0,
    ...(cpuPerBet ? { cpuPerBet } : {}),
  };
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('node bench/games.ts needs DATABASE_URL (a PostgreSQL server it may create a database on)');
    process.exit(2);
  }
  const { diceBetsPerSecond } = await runGamesBench(databaseUrl);
  console.log(`\ndice bets over HTTP: ${diceBetsPerSecond.toFixed(0)} bets/s`);
  if (process.env.REDIS_URL) {
    const cluster = await runClusterGamesBench(databaseUrl, process.env.REDIS_URL, availableParallelism());
    console.log(`dice bets over HTTP, one process per core: ${cluster.diceBetsPerSecond.toFixed(0)} bets/s`);
  }
}
