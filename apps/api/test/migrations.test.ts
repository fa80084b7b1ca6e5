import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../src/db/connection.ts';
import { listMigrations, migrate, pendingMigrations } from '../src/db/migrate.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import { CAPTCHA_BYPASS, sharedPostgresDatabase, TEST_DATABASE } from './harness.ts';
import { startNode } from './scaling/nodes.ts';

/**
 * Migrations as their own step (decision 0045), on PostgreSQL: the whole history applied one migration at a time
 * to a database holding real rows from the start (a player, a credit, a bet), ending with clean books and a player
 * who still signs in to the same balance; and a server refusing a database behind it until `npm run migrate`.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const migrations = listMigrations().map((migration) => migration.name);
const PASSWORD = 'Segredo-forte-91';

/** Runs one of the repository's commands to its end, as an operator would. */
function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/node'), [script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** The rows the product of the first migrations wrote: a player credited R$ 100.00 who bet R$ 1.00 on dice and lost. */
async function insertEarlyRows(database: DatabaseHandle, username: string): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await database.execScript(`
    BEGIN;
    INSERT INTO users (username, password_hash, yqm) VALUES ('${username}', '${passwordHash}', 'MIGR4TE01');
    INSERT INTO ledger_accounts (kind, owner_user_id, name) VALUES
      ('player_cash', (SELECT id FROM users WHERE username = '${username}'), '');
    INSERT INTO ledger_accounts (kind, name) VALUES ('house_demo', ''), ('house_game', 'dice');
    INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      SELECT 'demo_credit', 'migration-test:credit', 'user', id::text FROM users WHERE username = '${username}';
    INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT t.id, a.id, CASE a.kind WHEN 'player_cash' THEN 10000 ELSE -10000 END, 'BRL'
        FROM ledger_transactions t, ledger_accounts a
       WHERE t.idempotency_key = 'migration-test:credit' AND a.kind IN ('player_cash', 'house_demo');
    INSERT INTO game_bets (user_id, game, amount_cents, detail, settled_at)
      SELECT id, 'dice', 100, '{"target": 50, "direction": "under", "roll": 71.25}', now()
        FROM users WHERE username = '${username}';
    INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      SELECT 'bet_stake', 'migration-test:bet', 'game_bet', id::text FROM game_bets;
    INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT t.id, a.id, CASE a.kind WHEN 'player_cash' THEN -100 ELSE 100 END, 'BRL'
        FROM ledger_transactions t, ledger_accounts a
       WHERE t.idempotency_key = 'migration-test:bet' AND a.kind IN ('player_cash', 'house_game');
    UPDATE ledger_accounts SET balance_cents = CASE kind
      WHEN 'player_cash' THEN 9900 WHEN 'house_demo' THEN -10000 WHEN 'house_game' THEN 100 END;
    COMMIT;`);
}

describe.skipIf(TEST_DATABASE !== 'postgres')('migrations on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('walks from the first migration to the last on a database with real rows, books clean', async () => {
    const shared = await sharedPostgresDatabase();
    cleanups.push(shared.drop);
    const database = openPostgres(shared.url, 4);
    cleanups.push(() => database.close());
    const username = 'migrated.player@example.com';
    // The first tables the rows need: players (0001), the ledger (0002), the games' bets (0005).
    const seedAfter = migrations.find((name) => name.startsWith('0005_')) ?? '';
    expect(seedAfter).not.toBe('');
    for (const name of migrations) {
      expect(await migrate(database, { upTo: name })).toEqual([name]);
      if (name === seedAfter) await insertEarlyRows(database, username);
    }
    expect(await pendingMigrations(database)).toEqual([]);
    expect(await migrate(database)).toEqual([]);

    // The auditor's command on the migrated books.
    const check = await run('apps/api/src/cli/ledger-check.ts', { DATABASE_URL: shared.url });
    expect(check.output).toContain('ledger check clean');
    expect(check.code).toBe(0);

    // Today's server, on those rows: the player of the first schema signs in to the same balance.
    const test = await shared.app();
    cleanups.push(() => test.close());
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd: PASSWORD, codeId: 1, captCode: CAPTCHA_BYPASS },
    });
    expect(login.statusCode).toBe(200);
    const balance = await test.app.inject({
      url: '/api/app/user/getBalance',
      headers: { authorization: login.json().data.access_token },
    });
    expect(balance.json().data.balance).toBe(99);
    const bets = await sql<{ n: number }>`SELECT count(*)::int AS n FROM game_bets`.execute(test.ctx.db);
    expect(bets.rows[0]?.n).toBe(1);
  });

  it('a server refuses a database behind it (exit 78) until `npm run migrate` brings it up to date', async () => {
    const shared = await sharedPostgresDatabase();
    cleanups.push(shared.drop);
    const database = openPostgres(shared.url, 2);
    const last = migrations.at(-1) ?? '';
    await migrate(database, { upTo: migrations.at(-2) });
    await database.close();

    const refused = await run('apps/api/src/main.ts', {
      NODE_ENV: 'development',
      DATABASE_URL: shared.url,
      MIGRATE_ON_START: '0',
      PORT: '0',
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO: '0',
    });
    expect(refused.code).toBe(78);
    expect(refused.output).toContain(`lacks 1 migration(s) of this code (${last})`);
    expect(refused.output).toContain('npm run migrate');

    const migrated = await run('apps/api/src/cli/migrate.ts', { DATABASE_URL: shared.url });
    expect(migrated.code).toBe(0);
    expect(migrated.output).toContain(`applied ${last}`);
    expect(migrated.output).toContain('1 applied now');
    // Twice is harmless: nothing left to apply.
    expect((await run('apps/api/src/cli/migrate.ts', { DATABASE_URL: shared.url })).output).toContain(
      '0 applied now',
    );

    const node = await startNode({ DATABASE_URL: shared.url, MIGRATE_ON_START: '0' });
    cleanups.push(() => node.stop());
    const ready = await fetch(`${node.base}/health/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).data.checks.migrations).toBe('ok');
  });
});
