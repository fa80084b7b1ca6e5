import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

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
}

export function openPostgres(url: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const execScript = async (text: string) => {
    const client = await pool.connect();
    try {
      await client.query(text);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return { db, kind: 'postgres', execScript, close: () => db.destroy() };
}

/** The embedded database: PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  const execScript = async (text: string) => {
    try {
      await pglite.exec(text);
    } catch (error) {
      await pglite.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  return { db, kind: 'pglite', execScript, close: () => db.destroy() };
}
