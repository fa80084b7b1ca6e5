import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SOCKET_PATH } from '../apps/api/src/realtime/gateway.ts';
import { withFreshDatabase } from './bench-db.ts';
import { directPlayerTokens } from './bench-players.ts';
import { percentile, registerFundedPlayers, runLoadProcess, withBenchServer } from './bench-server.ts';
import type { PushLoadAnswer } from './load-push.ts';

/**
 * `insBalance` after a bet with 5,000 sockets connected to one server process: BETTORS players bet dice at a
 * player's pace (a bet, both answers in, then a pause of PAUSE_MS on average) while the rest of the 5,000
 * sockets sit connected from another process, as the players browsing the site do. Per bet it times the HTTP answer and the push on the bettor's own socket, both
 * from the moment the bet was sent; the push's p99 is the figure, the answer's p99 the same run's baseline.
 */
const SOCKETS = Number(process.env.BENCH_SOCKETS || 5_000);
const BETTORS = Number(process.env.BENCH_PUSH_BETTORS || 50);
const PAUSE_MS = Number(process.env.BENCH_PUSH_PAUSE_MS || 500);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 20);

export interface PushBenchResult {
  sockets: number;
  bets: number;
  pushP50Ms: number;
  pushP99Ms: number;
  answerP99Ms: number;
  betsPerSecond: number;
}

/** The watchers' load process: resolves once every socket is connected; `close` ends it with the count still up. */
function holdSockets(job: object): Promise<{ connectMs: number; close(): Promise<number> }> {
  const child = fork(fileURLToPath(new URL('./load-push.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      // 'close': after the IPC channel too, so an answer sent just before exiting is read first.
      child.once('close', (code) => reject(new Error(`the watchers' process exited with ${code}`)));
    });
  const connected = next<{ connected: number; connectMs: number }>();
  child.send(job);
  return connected.then(({ connectMs }) => ({
    connectMs,
    async close() {
      const closed = next<{ stillConnected: number }>();
      child.send('close');
      return (await closed).stillConnected;
    },
  }));
}

export async function runPushBench(databaseUrl: string): Promise<PushBenchResult> {
  return withFreshDatabase(databaseUrl, 'bench_push', (url) =>
    withBenchServer(url, async (server) => {
      const bettorTokens = await registerFundedPlayers(server, BETTORS);
      const idleTokens = await directPlayerTokens(server, SOCKETS - BETTORS);
      const socketJob = { base: server.base, socketPath: SOCKET_PATH };
      const watchers = await holdSockets({ ...socketJob, role: 'idle', tokens: idleTokens });
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const load = await runLoadProcess<PushLoadAnswer>('./load-push.ts', {
        ...socketJob,
        role: 'bettors',
        tokens: bettorTokens,
        seconds: DURATION_SECONDS,
        pauseMs: PAUSE_MS,
      });
      loopDelay.disable();
      const stillConnected = load.connected + (await watchers.close());
      console.log(
        `server event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, ` +
          `max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
      );
      const result: PushBenchResult = {
        sockets: stillConnected,
        bets: load.pushMs.length,
        pushP50Ms: percentile(load.pushMs, 50),
        pushP99Ms: percentile(load.pushMs, 99),
        answerP99Ms: percentile(load.answerMs, 99),
        betsPerSecond: load.bets / DURATION_SECONDS,
      };
      console.log(
        `push bench: ${stillConnected} sockets connected to the end (watchers in ${(watchers.connectMs / 1000).toFixed(1)} s), ` +
          `${load.bets} bets from ${BETTORS} players (${result.betsPerSecond.toFixed(0)}/s); insBalance p50 ` +
          `${result.pushP50Ms.toFixed(1)} ms, p99 ${result.pushP99Ms.toFixed(1)} ms; HTTP answer p99 ` +
          `${result.answerP99Ms.toFixed(1)} ms; ${load.failed} failed, ${load.missingPushes} pushes missing`,
      );
      if (load.failed > 0 || load.missingPushes > 0 || stillConnected < SOCKETS)
        throw new Error('push bench: bets failed, pushes went missing or sockets dropped');
      return result;
    }),
  );
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('node bench/push.ts needs DATABASE_URL (a PostgreSQL server it may create a database on)');
    process.exit(2);
  }
  await runPushBench(databaseUrl);
}
