import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connection.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same in every server process.
const MIGRATION_LOCK_ID = 727_001;

export function listMigrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file, sql: fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8') }));
}

/**
 * The migrations this code has that the database has not applied, found without writing anything (no bookkeeping
 * table is created, no lock taken): for tools that must look at a database as it is (cli/ledger-check.ts).
 * A database with no schema_migrations table has applied none.
 */
export async function pendingMigrations(database: DatabaseHandle): Promise<string[]> {
  const table = await sql<{
    name: string | null;
  }>`SELECT to_regclass('schema_migrations')::text AS name`.execute(database.db);
  const applied = new Set<string>();
  if (table.rows[0]?.name) {
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(database.db);
    for (const row of rows.rows) applied.add(row.name);
  }
  return listMigrations()
    .map((migration) => migration.name)
    .filter((name) => !applied.has(name));
}

/** Start found the database behind this code and was not told to migrate it (MIGRATE_ON_START). */
export class MigrationsBehindError extends Error {
  readonly pending: string[];
  constructor(pending: string[]) {
    super(
      `the database lacks ${pending.length} migration(s) of this code (${pending.join(', ')}): ` +
        'run `npm run migrate` first, or start with MIGRATE_ON_START=1',
    );
    this.name = 'MigrationsBehindError';
    this.pending = pending;
  }
}

/**
 * What a server does with its database at start: applies the pending migrations when told to (`apply`), and
 * otherwise refuses a database behind this code rather than run queries written for a schema it lacks.
 */
export async function migrateOrRefuse(database: DatabaseHandle, apply: boolean): Promise<string[]> {
  if (apply) return migrate(database);
  const pending = await pendingMigrations(database);
  if (pending.length > 0) throw new MigrationsBehindError(pending);
  return [];
}

/**
 * Applies the SQL migrations not yet applied, each in its own transaction together with its bookkeeping row,
 * under an advisory lock so that several server processes starting together apply each one exactly once.
 * `upTo` stops after the migration of that name (the migration test walks the history one step at a time).
 */
export async function migrate(database: DatabaseHandle, options: { upTo?: string } = {}): Promise<string[]> {
  // Lock and unlock on one session: an advisory lock belongs to the connection that took it.
  return database.db.connection().execute(async (db) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(db);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
      const applied = new Set(
        (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db)).rows.map((r) => r.name),
      );
      const done: string[] = [];
      const upTo = options.upTo;
      const all = listMigrations();
      if (upTo !== undefined && !all.some((migration) => migration.name === upTo))
        throw new Error(`no migration named ${upTo}`);
      for (const migration of all) {
        if (upTo !== undefined && migration.name > upTo) break;
        if (applied.has(migration.name)) continue;
        const name = migration.name.replaceAll("'", "''");
        await database.execScript(
          `BEGIN;\n${migration.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
        );
        done.push(migration.name);
      }
      return done;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(db);
    }
  });
}
