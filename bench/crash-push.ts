import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { crashRuntimeOf } from '../apps/api/src/modules/games/crash/index.ts';
import { SOCKET_PATH } from '../apps/api/src/realtime/gateway.ts';
import { directPlayerTokens } from './bench-players.ts';
import { type BenchServer, percentile } from './bench-server.ts';
import type { CrashSocketsAnswer } from './crash-sockets.ts';

/**
 * The crash bench's part 2 (bench/crash.ts): SOCKETS player sockets, in CLIENT_PROCESSES client processes of bare
 * WebSocket clients (bench/crash-sockets.ts), receive `gameRound` while rounds run in real time; per message, the
 * delay from the server's tick to its receipt, at 1,000, 2,500 and SOCKETS sockets, the largest TOP_RUNS times.
 */
export const SOCKETS = Number(process.env.BENCH_SOCKETS || 5_000);
export const SOCKET_SECONDS = Number(process.env.BENCH_SECONDS || 20);
/** How many times the largest count is measured (the machine is shared: one quiet moment is not a figure). */
const TOP_RUNS = Number(process.env.BENCH_CRASH_RUNS || 3);
/** Socket client processes (BENCH_CRASH_CLIENTS): on two cores, more clients than one take the server's core. */
const CLIENT_PROCESSES = Number(process.env.BENCH_CRASH_CLIENTS || 2);

/** One socket client process: resolves once its sockets are connected; `answer` once it has measured. */
function socketClient(job: object) {
  const child = fork(fileURLToPath(new URL('./crash-sockets.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // 'close', not 'exit': a client that sends its answer and exits can be seen exiting before its answer is read;
  // 'close' comes once its IPC channel is closed too, after every message it sent.
  const exited = new Promise<never>((_, reject) =>
    child.once('close', (code) => reject(new Error(`crash bench: a socket client exited with ${code}`))),
  );
  const messages: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  child.on('message', (message) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  const next = <T>() => {
    const queued = messages.shift();
    if (queued) return Promise.resolve(queued as T);
    return Promise.race([
      new Promise<T>((resolve) => waiters.push(resolve as (message: unknown) => void)),
      exited,
    ]);
  };
  child.send(job);
  return { connected: next<{ connected: number }>(), next };
}

/**
 * Part 2 at one socket count: the round clock held while the sockets connect (no multiplier goes out), then let run
 * in real time for SOCKET_SECONDS (betting 1 s, pause 0.5 s here, so most of the time a round is running).
 */
async function pushToSockets(server: BenchServer, tokens: readonly string[]) {
  const { clock } = crashRuntimeOf(server.ctx);
  const held = Date.now();
  clock.now = () => held;
  const share = Math.ceil(tokens.length / CLIENT_PROCESSES);
  const job = { base: server.base, socketPath: SOCKET_PATH, seconds: SOCKET_SECONDS };
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, n) =>
    socketClient({ ...job, tokens: tokens.slice(n * share, (n + 1) * share) }),
  );
  await Promise.all(clients.map((client) => client.connected));
  clock.now = () => Date.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const loadStart = loadavg()[0]!;
  const answers = await Promise.all(clients.map((client) => client.next<CrashSocketsAnswer>()));
  loopDelay.disable();
  const delays = answers.flatMap((answer) => answer.delaysMs);
  const step: PushStep = {
    sockets: answers.reduce((n, answer) => n + answer.connected, 0),
    messages: delays.length,
    p50Ms: percentile(delays, 50),
    p99Ms: percentile(delays, 99),
    maxMs: delays.reduce((max, delay) => Math.max(max, delay), 0),
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    load: { start: loadStart, end: loadavg()[0]! },
  };
  console.log(
    `crash push, ${tokens.length} sockets: ${step.sockets} connected to the end, ${step.messages} multiplier messages ` +
      `in ${SOCKET_SECONDS} s; tick → receipt p50 ${step.p50Ms.toFixed(1)} ms, p99 ${step.p99Ms.toFixed(1)} ms, max ` +
      `${step.maxMs.toFixed(0)} ms; server event loop delay p99 ${step.loopDelayP99Ms.toFixed(1)} ms; load average ` +
      `${step.load.start.toFixed(2)} → ${step.load.end.toFixed(2)}`,
  );
  return step;
}

export interface PushStep {
  sockets: number;
  messages: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The server process's event-loop delay p99 during the window (the clients run in their own processes). */
  loopDelayP99Ms: number;
  /** The 1-minute load average at the window's start and end (the machine is shared). */
  load: { start: number; end: number };
}

/** Part 2 at rising counts up to SOCKETS (each a fresh set of clients on the same server), the largest TOP_RUNS times. */
export async function pushSteps(server: BenchServer): Promise<PushStep[]> {
  server.ctx.config.crash.bettingMs = 1000;
  server.ctx.config.crash.pauseMs = 500;
  const tokens = await directPlayerTokens(server, SOCKETS);
  const counts = [...new Set([1000, 2500, SOCKETS].filter((count) => count <= SOCKETS))];
  for (let run = 1; run < TOP_RUNS; run++) counts.push(SOCKETS);
  const steps: PushStep[] = [];
  for (const count of counts) steps.push(await pushToSockets(server, tokens.slice(0, count)));
  return steps;
}

/** The count's worst run (by p99). */
export function worstAt(steps: readonly PushStep[], sockets: number): PushStep | undefined {
  const runs = steps.filter((step) => step.sockets >= sockets * 0.99 && step.sockets <= sockets);
  return runs.sort((a, b) => b.p99Ms - a.p99Ms)[0];
}
