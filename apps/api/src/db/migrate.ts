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

/**
 * Applies the SQL migrations not yet applied, each in its own transaction together with its bookkeeping row,
 * under an advisory lock so that several server processes starting together apply each one exactly once.
 */
export async function migrate(database: DatabaseHandle): Promise<string[]> {
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
      for (const migration of listMigrations()) {
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
