import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/api/src/app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/connection.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { providerHttp } from '../apps/api/src/modules/slots/provider-http.ts';
import { syncCatalog } from '../apps/api/src/modules/slots/slots.service.ts';
import { CLIENTS, DURATION_SECONDS, withFreshDatabase } from './bench-db.ts';
import { fundPlayer } from './bench-players.ts';
import { runMeteredLoad } from './bench-server.ts';
import { type CpuPerBet, describeCpu } from './cpu-meter.ts';
import { runWalletBench } from './wallet.ts';

/**
 * Provider callbacks per second: 16 players each in a BGaming session of the built-in studio, the studio's client
 * sending a bet `play` and then its win `play` (the round finished) over real HTTP from its own process
 * (bench/load-slots.ts), one pair after another for BENCH_SECONDS, every callback signed, checked, locked, staked
 * through modules/stakes and answered. Reported as pairs per second and as callbacks per second, each as a ratio
 * of the bare wallet rate (bench/wallet.ts) measured in the same run. The server runs with the production rate
 * limits: every callback comes from one address, as a provider's do, and none may be refused (decision 0056).
 * `node bench/slots.ts` runs it alone with DATABASE_URL.
 */

interface SlotsLoadAnswer {
  /** Bet + win pairs both accepted. */
  accepted: number;
  failed: number;
  seconds: number;
  cpuMs: number;
}
const CAPTCHA = 'bench-captcha';

export async function runSlotsBench(databaseUrl: string): Promise<{
  pairsPerSecond: number;
  /** Each pair is two callbacks (the bet's play, the win's play). */
  callbacksPerSecond: number;
  walletOpsPerSecond: number;
  ratio: number;
  failed: number;
  ledgerClean: boolean;
  /** CPU per bet + win pair, in ms: the server, PostgreSQL's backends, the load generator. */
  cpuPerPair?: CpuPerBet;
}> {
  const wallet = await runWalletBench(databaseUrl, 'in-transaction');
  const measured = await withFreshDatabase(databaseUrl, 'bench_slots', async (url) => {
    const config = {
      ...loadConfig({
        NODE_ENV: 'development',
        DATABASE_URL: url,
        CAPTCHA_BYPASS: CAPTCHA,
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '/nonexistent',
        LOG_LEVEL: process.env.LOG_LEVEL || 'error',
        ROUND_CHAIN_LENGTH: '2000',
      }),
      // Production limits but for registering the bench's players: callbacks are counted per provider now.
      rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerMinute: 10_000 },
    };
    const database = openPostgres(url);
    const { app, ctx } = await buildApp({ config, database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const http = providerHttp(app);
      await syncCatalog(ctx, http);
      const game = await ctx.db
        .selectFrom('game_catalog')
        .select('code')
        .where('group_code', '=', 'BG')
        .orderBy('sort')
        .executeTakeFirstOrThrow();
      const players: { sessionId: string; userId: string }[] = [];
      for (let client = 0; client < CLIENTS; client++) {
        const registered = await app.inject({
          method: 'POST',
          url: '/api/auth/user/restRegister',
          payload: {
            username: `slots${client}.${randomBytes(3).toString('hex')}@example.com`,
            pwd: 'segredo123',
            pwd1: 'segredo123',
            codeId: 1,
            captCode: CAPTCHA,
          },
        });
        const token = registered.json().data.access_token as string;
        const info = await app.inject({ url: '/api/app/user/userInfo', headers: { authorization: token } });
        const userId = BigInt(info.json().data.uId);
        await fundPlayer(ctx.db, userId, 100_000_000n);
        const launched = await app.inject({
          method: 'POST',
          url: '/api/app/game/launch',
          headers: { authorization: token },
          payload: { productCode: 'BG', value: game.code },
        });
        const sessionId = new URL(launched.json().data.url, 'http://x').searchParams.get('session')!;
        players.push({ sessionId, userId: `p${userId}` });
      }
      // The studio's callbacks come from another process (bench/load-slots.ts): the server's event loop serves
      // them only, and the window's CPU splits between the server, PostgreSQL and the load generator.
      const { load, cpu: cpuPerPair } = await runMeteredLoad<SlotsLoadAnswer>(
        './load-slots.ts',
        {
          base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
          bg: config.slots.bg,
          game: game.code,
          players,
          seconds: DURATION_SECONDS,
          warmupPairs: 5,
        },
        ctx.db,
      );
      const { accepted: pairs, failed } = load;
      const problems = await checkLedger(ctx.db);
      return {
        pairsPerSecond: pairs / load.seconds,
        callbacksPerSecond: (2 * pairs) / load.seconds,
        failed,
        ledgerClean: problems.length === 0,
        ...(cpuPerPair ? { cpuPerPair } : {}),
      };
    } finally {
      await app.close();
      await database.close();
    }
  });
  return {
    ...measured,
    walletOpsPerSecond: wallet.opsPerSecond,
    ratio: measured.pairsPerSecond / wallet.opsPerSecond,
    ledgerClean: measured.ledgerClean && wallet.ledgerClean,
  };
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('bench/slots.ts needs DATABASE_URL');
  const result = await runSlotsBench(databaseUrl);
  console.log(
    `slot callbacks (BG bet+win pairs over HTTP)  ${result.pairsPerSecond.toFixed(0)} pairs/s, ` +
      `${result.callbacksPerSecond.toFixed(0)} callbacks/s, ${result.failed} failed; ` +
      `wallet ${result.walletOpsPerSecond.toFixed(0)} ops/s; ratio ${result.ratio.toFixed(2)}, ledger:check ${result.ledgerClean ? 'clean' : 'FAILED'}` +
      (result.cpuPerPair ? `; CPU per pair: ${describeCpu(result.cpuPerPair)}` : ''),
  );
}
