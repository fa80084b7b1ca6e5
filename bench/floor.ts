import Fastify from 'fastify';
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/connection.ts';
import { withFreshDatabase } from './bench-db.ts';
import { percentile, runMeteredLoad } from './bench-server.ts';
import { type CpuPerBet, describeCpu } from './cpu-meter.ts';
import type { LoadAnswer } from './games.ts';

/**
 * The ceiling of any Node server on this machine: the dice bench's load (same generator, same 16 players, same
 * keep-alive) against a bare Fastify route that runs, per request, BEGIN, `statements` one-row UPDATEs and
 * COMMIT (named statements, as the server's statement cache sends them). One statement is what "one round trip
 * per bet" could reach at best; eight are a dice bet's ten round trips (with BEGIN and COMMIT) with nothing in
 * them. The gap between these and the dice figure is the bet's own work, in PostgreSQL and in the server.
 */
const CLIENTS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 20);

export interface FloorResult {
  statements: number;
  requestsPerSecond: number;
  p99Ms: number;
  cpuPerRequest: CpuPerBet | undefined;
}

export async function runFloorBench(databaseUrl: string, statements: number): Promise<FloorResult> {
  return withFreshDatabase(databaseUrl, 'bench_floor', async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: CLIENTS + 2 });
    const meter = openPostgres(url, 1);
    const app = Fastify();
    try {
      await pool.query(
        'CREATE TABLE floor_accounts (id int PRIMARY KEY, balance_cents bigint NOT NULL DEFAULT 0)',
      );
      await pool.query('INSERT INTO floor_accounts (id) SELECT g FROM generate_series(1, $1::int) g', [
        CLIENTS,
      ]);
      app.post('/floor', async (request) => {
        const client = await pool.connect();
        try {
          await client.query({ name: 'floor_begin', text: 'BEGIN' });
          let balance: string | undefined;
          for (let n = 0; n < statements; n++) {
            const result = await client.query({
              name: 'floor_update',
              text: 'UPDATE floor_accounts SET balance_cents = balance_cents + 1 WHERE id = $1 RETURNING balance_cents',
              values: [Number(request.headers.authorization)],
            });
            balance = result.rows[0].balance_cents;
          }
          await client.query({ name: 'floor_commit', text: 'COMMIT' });
          return { status: 200, data: { balance } };
        } finally {
          client.release();
        }
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('floor bench: no TCP address');
      const { load, cpu: cpuPerRequest } = await runMeteredLoad<LoadAnswer>(
        './load-dice.ts',
        {
          base: `http://127.0.0.1:${address.port}`,
          path: '/floor',
          tokens: Array.from({ length: CLIENTS }, (_, index) => String(index + 1)),
          seconds: DURATION_SECONDS,
          warmupBets: 10,
        },
        meter.db,
      );
      const p99Ms = percentile(load.latencies, 99);
      const requestsPerSecond = load.accepted / load.seconds;
      console.log(
        `floor bench, BEGIN + ${statements} UPDATE + COMMIT per request: ${requestsPerSecond.toFixed(0)} requests/s, ` +
          `p99 ${p99Ms.toFixed(1)} ms, ${load.failed} failed` +
          (cpuPerRequest ? `; CPU per request: ${describeCpu(cpuPerRequest)}` : ''),
      );
      if (load.failed > 0) throw new Error('floor bench: requests failed');
      return { statements, requestsPerSecond, p99Ms, cpuPerRequest };
    } finally {
      await app.close();
      await pool.end();
      await meter.close();
    }
  });
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('node bench/floor.ts needs DATABASE_URL (a PostgreSQL server it may create a database on)');
    process.exit(2);
  }
  await runFloorBench(databaseUrl, 1);
  await runFloorBench(databaseUrl, 8);
}
