import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/connection.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { postTransaction } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { withFreshDatabase } from './bench-db.ts';

/**
 * Dice bets per second through the whole server: HTTP (keep-alive), auth, validation, the seed pair lock, the
 * bet row, stake and payout through the ledger, the nonce, the answer. 16 players, each its own client placing
 * one bet after another for 20 s (BENCH_SECONDS), on a fresh database created on the given PostgreSQL server and
 * dropped afterwards. `node bench/games.ts` runs it alone with DATABASE_URL.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP_BETS = 10;
const CAPTCHA = 'bench-captcha';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export async function runGamesBench(databaseUrl: string): Promise<{ diceBetsPerSecond: number }> {
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

      const bet = { amount: '1.00', target: 50, direction: 'under' };
      const place = (token: string) => post('/api/app/game/dice/bet', token, bet);
      // Warm-up: connections opened, seed pairs created, code paths compiled.
      await Promise.all(
        tokens.map(async (token) => {
          for (let n = 0; n < WARMUP_BETS; n++) await place(token);
        }),
      );

      let accepted = 0;
      let failed = 0;
      const latencies: number[] = [];
      const startedAt = performance.now();
      const deadline = startedAt + DURATION_SECONDS * 1000;
      await Promise.all(
        tokens.map(async (token) => {
          while (performance.now() < deadline) {
            const sent = performance.now();
            const answer = await place(token);
            latencies.push(performance.now() - sent);
            if (answer.http === 200 && answer.json.status === 200) accepted++;
            else failed++;
          }
        }),
      );
      const seconds = (performance.now() - startedAt) / 1000;
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
      return { diceBetsPerSecond };
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
