import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/connection.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { postTransaction } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { withFreshDatabase } from './bench-db.ts';

/**
 * Dice bets per second through the whole server: HTTP (keep-alive), auth, validation, the seed pair lock, the
 * bet row, stake and payout through the ledger, the nonce, the answer. 16 players, each its own client placing
 * one bet after another for 20 s (BENCH_SECONDS), from a load generator in its own process (bench/load-dice.ts), on a fresh database created on the given PostgreSQL server and
 * dropped afterwards. `node bench/games.ts` runs it alone with DATABASE_URL.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP_BETS = 10;
const CAPTCHA = 'bench-captcha';

interface LoadAnswer {
  accepted: number;
  failed: number;
  seconds: number;
  latencies: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export interface GamesBenchResult {
  diceBetsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ledgerClean: boolean;
}

export async function runGamesBench(databaseUrl: string): Promise<GamesBenchResult> {
  return withFreshDatabase(databaseUrl, 'bench_games', async (url) => {
    const config = {
      ...loadConfig({
        NODE_ENV: 'development',
        DATABASE_URL: url,
        CAPTCHA_BYPASS: CAPTCHA,
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '/nonexistent',
        // Request logs at info would measure the logger; the server logs warnings and errors only.
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
    // The server's default pool (main.ts).
    const database = openPostgres(url);
    const { app, ctx } = await buildApp({ config, database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const post = async (path: string, token: string | undefined, body: unknown) => {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          body: JSON.stringify(body),
        });
        return { http: response.status, json: (await response.json()) as { status: number; data: never } };
      };

      const tokens: string[] = [];
      for (let client = 0; client < CLIENTS; client++) {
        const username = `bench${client}.${randomBytes(3).toString('hex')}@example.com`;
        const registered = await post('/api/auth/user/restRegister', undefined, {
          username,
          pwd: 'segredo123',
          pwd1: 'segredo123',
          codeId: 1,
          captCode: CAPTCHA,
        });
        if (registered.json.status !== 200)
          throw new Error(`register failed: ${JSON.stringify(registered.json)}`);
        const token = (registered.json.data as { access_token: string }).access_token;
        tokens.push(token);
        const user = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        await ctx.db.transaction().execute((trx) =>
          postTransaction(trx, {
            code: 'deposit',
            idempotencyKey: `bench_fund:${user.id}`,
            referenceType: 'bench',
            referenceId: 'fund',
            postings: [
              { account: { kind: 'house_provider_clearing', name: 'bench' }, amountCents: -100_000_000n },
              { account: { kind: 'player_cash', userId: user.id }, amountCents: 100_000_000n },
            ],
          }),
        );
      }

      // The load comes from another process (bench/load-dice.ts): the server's event loop serves bets only.
      const load = await new Promise<LoadAnswer>((resolve, reject) => {
        const child = fork(fileURLToPath(new URL('./load-dice.ts', import.meta.url)), [], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.once('message', (answer) => resolve(answer as LoadAnswer));
        child.once('error', reject);
        child.once('exit', (code) => {
          if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
        });
        child.send({ base, tokens, seconds: DURATION_SECONDS, warmupBets: WARMUP_BETS });
      });
      const { accepted, failed, seconds } = load;
      const latencies = load.latencies;
      const diceBetsPerSecond = accepted / seconds;
      const problems = await checkLedger(ctx.db);
      const rows = await ctx.db
        .selectFrom('game_bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      latencies.sort((a, b) => a - b);
      console.log(
        `games bench: ${accepted} dice bets in ${seconds.toFixed(1)} s from ${CLIENTS} HTTP clients = ` +
          `${diceBetsPerSecond.toFixed(0)} bets/s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms; ${failed} failed; ` +
          `bets table ${Number(rows.n) - CLIENTS * WARMUP_BETS} rows; ledger:check ${problems.length === 0 ? 'clean' : `FAILED ${JSON.stringify(problems)}`}`,
      );
      if (failed > 0 || problems.length > 0)
        throw new Error('games bench: bets failed or the books do not balance');
      return {
        diceBetsPerSecond,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        ledgerClean: problems.length === 0,
      };
    } finally {
      await app.close();
      await database.close();
    }
  });
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('node bench/games.ts needs DATABASE_URL (a PostgreSQL server it may create a database on)');
    process.exit(2);
  }
  const { diceBetsPerSecond } = await runGamesBench(databaseUrl);
  console.log(`\ndice bets over HTTP: ${diceBetsPerSecond.toFixed(0)} bets/s`);
}
