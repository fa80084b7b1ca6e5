import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { inOneTrip } from '../src/db/one-trip.ts';
import { openTestDatabase } from './harness.ts';

/**
 * On PostgreSQL a transaction's BEGIN is sent with its first statement, and `inOneTrip` sends several statements
 * at once (pooled-client.ts). What must hold on both databases: the first statement is inside the transaction, a
 * failure undoes it, a trip answers each statement, and a transaction that ran nothing (or was given up before its
 * first statement) leaves the connection as clean as it found it.
 */
describe('transactions sent in fewer trips', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await sql`CREATE TABLE begin_probe (id int PRIMARY KEY)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const count = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*)::text AS n FROM begin_probe`.execute(database.db)).rows[0]!.n,
    );

  it('runs the first statement inside the transaction', async () => {
    const ids = await database.db.transaction().execute(async (trx) => {
      const first = await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx);
      const second = await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx);
      return [first.rows[0]!.id, second.rows[0]!.id];
    });
    expect(ids[0]).toBe(ids[1]);
  });

  it('undoes the first statement when a later one fails', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO begin_probe VALUES (1)`.execute(trx);
        await sql`INSERT INTO begin_probe VALUES (1)`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(0);
  });

  it('undoes the first statement when the code around it throws', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO begin_probe VALUES (2)`.execute(trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(0);
  });

  it('keeps a connection usable after a failed first statement, an empty transaction and an early refusal', async () => {
    await expect(
      database.db.transaction().execute((trx) => sql`SELECT * FROM no_such_table`.execute(trx)),
    ).rejects.toThrow(/no_such_table/);
    await database.db.transaction().execute(async () => undefined);
    await expect(
      database.db.transaction().execute(async () => {
        throw new Error('refused before any statement');
      }),
    ).rejects.toThrow('refused before any statement');
    // Every pooled connection is outside any transaction: a write commits and stays.
    for (let id = 10; id < 40; id++) await sql`INSERT INTO begin_probe VALUES (${id})`.execute(database.db);
    await database.db.transaction().execute((trx) => sql`INSERT INTO begin_probe VALUES (99)`.execute(trx));
    expect(await count()).toBe(31);
    const status = await sql<{ open: string }>`
      SELECT count(*)::text AS open FROM pg_stat_activity
       WHERE datname = current_database() AND state LIKE 'idle in transaction%'`.execute(database.db);
    expect(Number(status.rows[0]!.open)).toBe(0);
  });

  it('answers each statement of a trip, in order, inside the transaction', async () => {
    const answers = await database.db
      .transaction()
      .execute((trx) =>
        inOneTrip(trx, [
          sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`,
          sql<{ id: number }>`INSERT INTO begin_probe VALUES (50), (51) RETURNING id`,
          sql<{ id: number }>`SELECT id FROM begin_probe WHERE id = ${-1}`,
          sql<{ n: number }>`SELECT count(*)::int AS n FROM begin_probe WHERE id IN (50, 51)`,
          sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`,
        ]),
      );
    expect(answers[0][0]!.id).toBe(answers[4][0]!.id);
    expect(answers[1].map((row) => row.id)).toEqual([50, 51]);
    expect(answers[2]).toEqual([]);
    expect(answers[3][0]!.n).toBe(2);
    await sql`DELETE FROM begin_probe WHERE id IN (50, 51)`.execute(database.db);
  });

  it('fails a trip whose statement fails, and undoes the statements before it', async () => {
    const before = await count();
    await expect(
      database.db
        .transaction()
        .execute((trx) =>
          inOneTrip(trx, [
            sql`INSERT INTO begin_probe VALUES (60)`,
            sql`INSERT INTO begin_probe VALUES (60)`,
            sql`INSERT INTO begin_probe VALUES (61)`,
          ]),
        ),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(before);
  });
});
