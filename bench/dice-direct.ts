import { setTimeout as sleep } from 'node:timers/promises';
import { betDice, instantBetEngine } from '../apps/api/src/modules/games/instant-games.service.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { DURATION_SECONDS, withFreshDatabase } from './bench-db.ts';
import { registerFundedPlayers, withBenchServer } from './bench-server.ts';
import { type CpuPerBet, perBet, startCpuWindow } from './cpu-meter.ts';

/**
 * The dice bet's own work, without HTTP: `players` players' bets (16 by default) placed by calling the games
 * service in process, one after another per player, for BENCH_SECONDS. With one bet per player in flight, 16
 * players make one batch per wave, each waiting for the one before; more players keep several batches in flight,
 * as the bet engine is built to (decision 0058, addendum 3). No request parsing, token lookup, validation or answer: what is
 * left is the bet's database work (its three trips and commit) and the server code around it (limits, the
 * provably fair roll, the stake's split). Whatever the HTTP path costs comes on top, so this rate is the ceiling of
 * the dice figure on the same machine.
 */
const WARMUP_SECONDS = 1;

export interface DiceDirectResult {
  betsPerSecond: number;
  ledgerClean: boolean;
  cpuPerBet: CpuPerBet;
}

export async function runDiceDirectBench(databaseUrl: string, players = 16): Promise<DiceDirectResult> {
  return withFreshDatabase(databaseUrl, 'bench_dice_direct', (url) =>
    withBenchServer(url, async (server) => {
      const { ctx } = server;
      await registerFundedPlayers(server, players);
      const ids = await ctx.db.selectFrom('users').select('id').orderBy('id').execute();
      let placed = 0;
      const deadline = Date.now() + (WARMUP_SECONDS + DURATION_SECONDS) * 1000;
      const loops = ids.map(async ({ id }) => {
        while (Date.now() < deadline) {
          await betDice(ctx, id, { amountCents: 100n, target: 50, direction: 'under' });
          placed++;
        }
      });
      // Metered from the end of the warm-up to one second before the loops stop.
      await sleep(WARMUP_SECONDS * 1000);
      const first = placed;
      const started = Date.now();
      const window = await startCpuWindow(ctx.db);
      await sleep((DURATION_SECONDS - 1) * 1000);
      const spent = await window.stop();
      const accepted = placed - first;
      const seconds = (Date.now() - started) / 1000;
      await Promise.all(loops);
      const problems = await checkLedger(ctx.db);
      const { stats } = instantBetEngine(ctx);
      console.log(
        `dice without HTTP, ${players} players: the bet engine wrote ${stats.batches} batches of ${(stats.batchedBets / Math.max(1, stats.batches)).toFixed(1)} bets ` +
          `on average, ${stats.alone} bets alone, ${stats.splits} batches split, ${stats.busy} busy retries` +
          (stats.splits > 0 ? ` (last split: ${String(stats.lastError)})` : ''),
      );
      const cpuPerBet = perBet(spent, { accepted, cpuMs: 0 });
      console.log(
        `dice without HTTP: ${accepted} bets in ${seconds.toFixed(1)} s from ${players} players = ` +
          `${(accepted / seconds).toFixed(0)} bets/s; ledger:check ${problems.length === 0 ? 'clean' : 'FAILED'}; ` +
          `CPU per bet: ${describeDirectCpu(cpuPerBet)}`,
      );
      return { betsPerSecond: accepted / seconds, ledgerClean: problems.length === 0, cpuPerBet };
    }),
  );
}

/** The CPU of a bet placed in process: PostgreSQL's backends and this process (no load generator). */
export function describeDirectCpu(cpu: CpuPerBet): string {
  const postgres = cpu.postgresMs === undefined ? 'not measured' : `${cpu.postgresMs.toFixed(2)} ms`;
  return `PostgreSQL ${postgres}, server code ${cpu.serverMs.toFixed(2)} ms`;
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'node bench/dice-direct.ts needs DATABASE_URL (a PostgreSQL server it may create a database on)',
    );
    process.exit(2);
  }
  await runDiceDirectBench(databaseUrl, Number(process.env.BENCH_DIRECT_PLAYERS || 16));
}
