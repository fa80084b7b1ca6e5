import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/connection.ts';
import { listMigrations, migrate } from '../src/db/migrate.ts';
import { sharedPostgresDatabase, TEST_DATABASE } from './harness.ts';

/**
 * `npm run ledger:check` is an auditor's tool: it reads the books of a database as they are. It must never migrate
 * the database it checks: when the database lacks a migration of this code it refuses (exit 2, naming the
 * migration) and leaves the schema as it found it. It runs as a child process, as an operator runs it.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

async function ledgerCheck(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      path.join(repoRoot, 'node_modules/.bin/node'),
      ['apps/api/src/cli/ledger-check.ts'],
      { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The database the check is pointed at: a PGlite data directory, or a PostgreSQL database of its own. */
async function checkedDatabase(): Promise<{
  open(): Promise<DatabaseHandle>;
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (TEST_DATABASE === 'postgres') {
    const created = await sharedPostgresDatabase();
    return {
      open: async () => openPostgres(created.url, 2),
      env: { DATABASE_URL: created.url },
      drop: created.drop,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-check-'));
  return {
    open: () => openPglite(dataDir),
    env: { DATA_DIR: dataDir },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function appliedMigrations(database: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`SELECT count(*)::text AS count FROM schema_migrations`.execute(database.db);
  return Number(rows[0]?.count);
}

// Each test starts the CLI as its own process, which loads PGlite again: slow on a loaded machine.
describe(`ledger:check never migrates (${TEST_DATABASE})`, { timeout: 120_000 }, () => {
  let target: Awaited<ReturnType<typeof checkedDatabase>>;
  const last = listMigrations().at(-1)?.name ?? '';

  beforeAll(async () => {
    target = await checkedDatabase();
    const database = await target.open();
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await target?.drop();
  });

  it('checks a database at the current schema in a read-only snapshot', async () => {
    const answer = await ledgerCheck(target.env);
    expect(answer.stderr).toBe('');
    expect(answer.stdout).toMatch(/^ledger check clean: \d+ accounts/);
    expect(answer.code).toBe(0);
  });

  it('refuses a database that lacks a migration, and leaves its schema untouched', async () => {
    // The database as an older release left it, as far as the bookkeeping goes: the last migration not recorded.
    let database = await target.open();
    let before: number;
    try {
      await sql`DELETE FROM schema_migrations WHERE name = ${last}`.execute(database.db);
      before = await appliedMigrations(database);
    } finally {
      await database.close();
    }

    const answer = await ledgerCheck(target.env);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('ledger check refused');
    expect(answer.stderr).toContain(last);
    expect(answer.stdout).toBe('');

    database = await target.open();
    try {
      expect(await appliedMigrations(database)).toBe(before);
      const { rows } = await sql<{
        name: string;
      }>`SELECT name FROM schema_migrations WHERE name = ${last}`.execute(database.db);
      expect(rows).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.skipIf(TEST_DATABASE !== 'pglite')(
    'refuses an empty data directory instead of creating a database',
    async () => {
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-check-empty-'));
      try {
        const answer = await ledgerCheck({ DATA_DIR: empty });
        expect(answer.code).toBe(2);
        expect(answer.stderr).toContain('no database');
        expect(fs.readdirSync(empty)).toEqual([]);
      } finally {
        fs.rmSync(empty, { recursive: true, force: true });
      }
    },
  );
});
