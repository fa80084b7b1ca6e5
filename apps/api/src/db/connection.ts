import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from '../config.ts';
import { tracedDialect } from '../platform/tracing-sql.ts';
import { oneTripPglite } from './one-trip.ts';
import { isFreshDataDir, readTemplate, writeTemplate } from './pglite-template.ts';
import { preparingPool } from './pooled-client.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export { DatabaseUnavailableError, isStalePlan } from './pooled-client.ts';
export { PREPARED } from './statement-cache.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** int8 columns hold centavos: they must arrive as bigint, never as a lossy JS number. */
const parseInt8 = (value: string): bigint => BigInt(value);

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (a migration) on one session, rolling back its open transaction on error. */
  execScript(text: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite started without a prepared template (pglite-template.ts): writes one from this database (the template
   * must hold migrations only: cli/prepare-pglite.ts calls it on a clean one). Absent otherwise.
   */
  saveTemplate?: () => Promise<string>;
}

/** Bounds of every connection (config.ts, DATABASE_*). */
export type ConnectionLimits = Omit<DatabaseLimits, 'poolSize'>;

export function openPostgres(
  url: string,
  poolSize = 20,
  limits: ConnectionLimits = DEFAULT_DATABASE_LIMITS,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Sent as startup parameters, so they hold on every connection from its first statement: a runaway query
    // or a transaction left open cannot hold locks (and the money rows behind them) forever.
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Queries go out as soon as they are issued: a transaction's BEGIN travels with its first statement.
    pipeline: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  const db = new Kysely<Database>({
    dialect: tracedDialect(new PostgresDialect({ pool: preparingPool(pool) })),
  });
  const execScript = async (text: string) => {
    const client = await pool.connect();
    try {
      // A migration may rewrite a large table: the per-statement bound of requests does not apply to it.
      await client.query('SET statement_timeout = 0');
      await client.query(text);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.query('RESET statement_timeout').catch(() => undefined);
      client.release();
    }
  };
  return { db, kind: 'postgres', execScript, close: () => db.destroy() };
}

/**
 * The embedded database: PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). A fresh one starts
 * from the prepared template of the current migrations when there is one (no initdb, no migrations to run).
 */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const template = dataDir === undefined || isFreshDataDir(dataDir) ? readTemplate() : undefined;
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: tracedDialect(new PGliteDialect(oneTripPglite(pglite))) });
  const execScript = async (text: string) => {
    try {
      await pglite.exec(text);
    } catch (error) {
      await pglite.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  return {
    db,
    kind: 'pglite',
    execScript,
    close: () => db.destroy(),
    ...(template ? {} : { saveTemplate: () => writeTemplate(pglite) }),
  };
}
