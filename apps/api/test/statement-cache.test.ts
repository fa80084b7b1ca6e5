import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { openTestDatabase, TEST_DATABASE } from './harness.ts';

/**
 * The statement cache on a real server: a statement named after its third call keeps working when a newer
 * server's migration changes its table (PostgreSQL refuses the old prepared plan; the connection that meets the
 * refusal is closed, and its replacement prepares the statement again). PGlite names nothing.
 */
describe.skipIf(TEST_DATABASE === 'pglite')('statement cache across a live migration (postgres)', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await sql`CREATE TABLE cache_probe (id int PRIMARY KEY, amount int NOT NULL)`.execute(database.db);
    await sql`INSERT INTO cache_probe VALUES (1, 7)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const read = () =>
    sql<{ amount: unknown }>`SELECT amount FROM cache_probe WHERE id = ${1}`.execute(database.db);

  it('answers again after the column it reads changes type', async () => {
    for (let call = 0; call < 5; call++) expect((await read()).rows[0]!.amount).toBe(7);
    await sql`ALTER TABLE cache_probe ALTER COLUMN amount TYPE bigint`.execute(database.db);
    // The first call may meet the stale plan (and fail, like any statement caught by a migration); every later
    // one is answered, with the new type.
    await read().catch((error: Error) =>
      expect(error.message).toMatch(/cached plan must not change result type/),
    );
    for (let call = 0; call < 5; call++) expect((await read()).rows[0]!.amount).toBe(7n);
  });
});
