import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../apps/api/src/app-context.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Db, openPostgres } from '../apps/api/src/db/connection.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { DomainEvents } from '../apps/api/src/platform/events.ts';
import { RealtimeHub } from '../apps/api/src/realtime/hub.ts';

/** A fresh database on the benchmark's server, dropped afterwards: benchmarks never touch real data. */
export async function withFreshDatabase<T>(
  adminUrl: string,
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    // A closed pool's connections take a moment to say goodbye; dropping at once would kill them mid-way.
    for (let attempt = 0; attempt < 40; attempt++) {
      const open = await cleanup.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
        name,
      ]);
      if (open.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

export const CLIENTS = 16;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 20);

const silentLog = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLog;
  },
} as unknown as FastifyBaseLogger;

/** A fresh, migrated database and the server's context over it (no log, no mail), for the services under test. */
export async function withBenchContext<T>(
  adminUrl: string,
  prefix: string,
  poolSize: number,
  run: (ctx: AppContext) => Promise<T>,
): Promise<T> {
  return withFreshDatabase(adminUrl, prefix, async (url) => {
    const database = openPostgres(url, poolSize);
    try {
      await migrate(database);
      return await run({
        config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, SEED_DEMO: '0' }),
        db: database.db,
        mailer: { send: async () => {} },
        realtime: new RealtimeHub(),
        events: new DomainEvents(silentLog),
        log: silentLog,
      });
    } finally {
      await database.close();
    }
  });
}

/** Every account's balance recomputed from its postings: seeding writes postings in bulk, balances once after. */
export async function recomputeBalances(db: Db): Promise<void> {
  await sql`
    UPDATE ledger_accounts a SET balance_cents = s.total
      FROM (SELECT account_id, sum(amount_cents) AS total FROM ledger_postings GROUP BY account_id) s
     WHERE a.id = s.account_id`.execute(db);
}

export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: Math.round(performance.now() - started), value };
}
