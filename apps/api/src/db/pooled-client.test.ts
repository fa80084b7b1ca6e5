import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inOneTrip } from './one-trip.ts';
import { preparingPool } from './pooled-client.ts';
import type { Database } from './schema.ts';
import type { Tx } from './tx.ts';

/**
 * What the pooled client puts on the wire, seen through a recording client: which statements go out, and in how
 * many writes (a write is what leaves the socket when its outermost cork is taken off).
 */
function recordingDatabase() {
  const writes: string[][] = [];
  let corks = 0;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) writes.push(pending);
    pending = [];
  };
  const client = {
    connection: {
      stream: {
        cork: () => corks++,
        uncork: () => {
          corks--;
          if (corks === 0) flush();
        },
      },
    },
    query(config: string | { text: string }, _values?: unknown[]) {
      const text = typeof config === 'string' ? config : config.text;
      pending.push(text);
      if (corks === 0) flush();
      return Promise.resolve({ command: 'SELECT', rowCount: 1, rows: [{ text }] });
    },
    on: () => undefined,
    release: () => undefined,
  };
  const pool = { connect: async () => client, end: async () => undefined } as unknown as pg.Pool;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, writes };
}

const select = (trx: Tx | Kysely<Database>, n: number) =>
  sql<{ text: string }>`SELECT ${sql.lit(n)}`.execute(trx);

describe('the pooled client', () => {
  it('sends a transaction’s BEGIN in the same write as its first statement', async () => {
    const { db, writes } = recordingDatabase();
    await db.transaction().execute(async (trx) => {
      await select(trx, 1);
      await select(trx, 2);
    });
    expect(writes).toEqual([['begin', 'SELECT 1'], ['SELECT 2'], ['commit']]);
  });

  it('sends nothing for a transaction that ran no statement, whether it commits or gives up', async () => {
    const { db, writes } = recordingDatabase();
    await db.transaction().execute(async () => undefined);
    await expect(
      db.transaction().execute(async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(writes).toEqual([]);
  });

  it('sends a trip’s statements, with the BEGIN before them, in one write and answers each', async () => {
    const { db, writes } = recordingDatabase();
    const answers = await db
      .transaction()
      .execute((trx) =>
        inOneTrip(trx, [
          sql<{ text: string }>`SELECT 1`,
          trx.selectFrom('users').select('id').where('id', '=', 7n),
          sql<{ text: string }>`SELECT 3`,
        ]),
      );
    expect(writes).toEqual([
      ['begin', 'SELECT 1', 'select "id" from "users" where "id" = $1', 'SELECT 3'],
      ['commit'],
    ]);
    expect(answers).toEqual([
      [{ text: 'SELECT 1' }],
      [{ text: 'select "id" from "users" where "id" = $1' }],
      [{ text: 'SELECT 3' }],
    ]);
  });

  it('sends a statement outside a transaction at once, on its own', async () => {
    const { db, writes } = recordingDatabase();
    await select(db, 1);
    expect(writes).toEqual([['SELECT 1']]);
  });
});
