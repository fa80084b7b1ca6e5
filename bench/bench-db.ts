import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
