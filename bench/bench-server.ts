import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import type { AppContext } from '../apps/api/src/app-context.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/api/src/config.ts';
import { type Db, openPostgres } from '../apps/api/src/db/connection.ts';
import { fundPlayer } from './bench-players.ts';
import { type CpuPerBet, type CpuWindow, perBet, startCpuWindow } from './cpu-meter.ts';

const CAPTCHA = 'bench-captcha';

export interface BenchServer {
  app: FastifyInstance;
  ctx: AppContext;
  base: string;
}

/**
 * The whole server on a bench database, listening on a free port: the production build's pool, request logs
 * off (at info they would measure the logger), rate limits out of the way of many players from one address.
 */
export async function withBenchServer<T>(url: string, run: (server: BenchServer) => Promise<T>): Promise<T> {
  const config = {
    ...loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: url,
      CAPTCHA_BYPASS: CAPTCHA,
      SEED_DEMO: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      ROUND_CHAIN_LENGTH: '2000',
    }),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginPerMinute: 10_000,
      registerPerMinute: 10_000,
      captchaPerMinute: 10_000,
      resetPerMinute: 10_000,
    },
  };
  const database = openPostgres(url);
  const { app, ctx } = await buildApp({ config, database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return await run({ app, ctx, base: `http://127.0.0.1:${port}` });
  } finally {
    await app.close();
    await database.close();
  }
}

/** Players registered over HTTP like real ones, each funded with R$ 1,000,000 through the ledger; their tokens. */
export async function registerFundedPlayers(
  server: { base: string; ctx: Pick<AppContext, 'db'> },
  count: number,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let client = 0; client < count; client++) {
    const username = `bench${client}.${randomBytes(3).toString('hex')}@example.com`;
    const response = await fetch(`${server.base}/api/auth/user/restRegister`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, pwd: 'segredo123', pwd1: 'segredo123', codeId: 1, captCode: CAPTCHA }),
    });
    const json = (await response.json()) as { status: number; data: { access_token: string } };
    if (json.status !== 200) throw new Error(`register failed: ${JSON.stringify(json)}`);
    tokens.push(json.data.access_token);
    const user = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await fundPlayer(server.ctx.db, user.id, 100_000_000n);
  }
  return tokens;
}

/**
 * The server as `npm start` runs it (`apps/api/src/main.ts` in its own process, `WORKERS` of them behind one
 * port when `env` asks), on a bench database; `ctx.db` is the bench's own pool on it, for funding and checks.
 */
export async function withMainProcess<T>(
  url: string,
  env: Record<string, string>,
  run: (server: { base: string; ctx: Pick<AppContext, 'db'> }) => Promise<T>,
): Promise<T> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const limit = '100000';
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      MIGRATE_ON_START: '1',
      CAPTCHA_BYPASS: CAPTCHA,
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ROUND_CHAIN_LENGTH: '2000',
      RATE_LIMIT_LOGIN: limit,
      RATE_LIMIT_REGISTER: limit,
      RATE_LIMIT_CAPTCHA: limit,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const database = openPostgres(url, 4);
  try {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error('the server exited at start');
      if (waited > 60_000) throw new Error('the server did not answer in 60 s');
      const up = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await run({ base, ctx: { db: database.db } });
  } finally {
    child.kill('SIGTERM');
    await exited;
    await database.close();
  }
}

/**
 * Runs a load generator (bench/load-*.ts) in its own process with `job`, and resolves with its one answer;
 * `onStarted` runs when the generator says its measured window begins (`{ started: true }`, after warm-up).
 */
export function runLoadProcess<T>(file: string, job: unknown, onStarted?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      if ((message as { started?: boolean }).started) onStarted?.();
      else resolve(message as T);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator ${file} exited with ${code}`));
    });
    child.send(job as object);
  });
}

/**
 * `runLoadProcess` for a generator that answers how many requests it got through (`accepted`) and its own CPU:
 * with `db` (the server under test runs in this process, on that database), the CPU of the measured window per
 * accepted request, split between the server, PostgreSQL's backends and the generator.
 */
export async function runMeteredLoad<T extends { accepted: number; cpuMs: number }>(
  file: string,
  job: unknown,
  db: Db | undefined,
): Promise<{ load: T; cpu: CpuPerBet | undefined }> {
  let window: Promise<CpuWindow> | undefined;
  const load = await runLoadProcess<T>(
    file,
    job,
    db &&
      (() => {
        window = startCpuWindow(db);
      }),
  );
  return { load, cpu: window && perBet(await (await window).stop(), load) };
}

/** The p-th percentile (0–100) of some latencies; 0 when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
