import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrate.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import {
  accountBalance,
  accountId,
  foldHouseJournal,
  postTransaction,
} from '../../src/modules/ledger/ledger.service.ts';
import { openTestDatabase, TEST_DATABASE } from '../harness.ts';

/**
 * The ledger's set-based balance check (migration 0040) and the house journal (migration 0041): house legs are
 * not added to the house row per posting but journalled and folded, and ledger:check stays exact before, during
 * and after a fold.
 */
describe(`ledger house journal and set-based check (${TEST_DATABASE})`, () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Db;
  let player: bigint;
  const house = { kind: 'house_game' as const, name: `journal-${randomBytes(3).toString('hex')}` };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database);
    db = database.db;
    const row = await db
      .insertInto('users')
      .values({
        username: `journal.${randomBytes(4).toString('hex')}@example.com`,
        password_hash: 'x',
        yqm: `J${randomBytes(4).toString('hex')}`.toUpperCase(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    player = row.id;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const move = (key: string, toPlayer: bigint) =>
    db.transaction().execute((trx) =>
      postTransaction(trx, {
        code: 'bench',
        idempotencyKey: key,
        referenceType: 'test',
        referenceId: key,
        postings: [
          { account: house, amountCents: -toPlayer },
          { account: { kind: 'player_cash', userId: player }, amountCents: toPlayer },
        ],
      }),
    );

  it('journals house legs, keeps the books exact before and after a fold, and folds each amount once', async () => {
    await move('journal:1', 1_000n);
    await move('journal:2', 250n);
    await move('journal:2', 250n); // a replay moves nothing, journal included
    const houseId = await db.transaction().execute((trx) => accountId(trx, house));
    const stored = async () =>
      (
        await db
          .selectFrom('ledger_accounts')
          .select('balance_cents')
          .where('id', '=', houseId)
          .executeTakeFirstOrThrow()
      ).balance_cents;
    // The bank's row did not move: its legs wait in the journal, and the balance with the journal is exact.
    expect(await stored()).toBe(0n);
    expect(await accountBalance(db, houseId)).toBe(-1_250n);
    expect(await checkLedger(db)).toEqual([]);

    // Two folds at once (two servers): each journal row is added exactly once.
    await Promise.all([foldHouseJournal(db), foldHouseJournal(db)]);
    expect(await stored()).toBe(-1_250n);
    expect(await accountBalance(db, houseId)).toBe(-1_250n);
    const pending = await db
      .selectFrom('ledger_house_pending')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(0);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('ledger:check names a house account whose folded balance was tampered with', async () => {
    const houseId = await db.transaction().execute((trx) => accountId(trx, house));
    await sql`UPDATE ledger_accounts SET balance_cents = balance_cents - 1 WHERE id = ${houseId}`.execute(db);
    const problems = await checkLedger(db);
    expect(problems.map((problem) => problem.kind)).toContain('balance_mismatch');
    await sql`UPDATE ledger_accounts SET balance_cents = balance_cents + 1 WHERE id = ${houseId}`.execute(db);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('accepts a transaction written over two statements that balances at commit, and refuses one that does not', async () => {
    const write = (key: string, second: bigint) =>
      db.transaction().execute(async (trx) => {
        const cash = await accountId(trx, { kind: 'player_cash', userId: player });
        const bank = await accountId(trx, house);
        const journal = await trx
          .insertInto('ledger_transactions')
          .values({ code: 'bench', idempotency_key: key, reference_type: 'test', reference_id: key })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Raw postings (balances untouched): only the balance check is under test here.
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: journal.id, account_id: bank, amount_cents: -40n, currency: 'BRL' })
          .execute();
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: journal.id, account_id: cash, amount_cents: second, currency: 'BRL' })
          .execute();
        return journal.id;
      });
    await expect(write('split:bad', 41n)).rejects.toThrow(/does not balance/);
    const good = await write('split:good', 40n);
    const open = await sql`SELECT transaction_id FROM ledger_open_transactions`.execute(db);
    expect(open.rows).toEqual([]);
    const sums = await sql<{ total: string }>`
      SELECT sum(amount_cents)::text AS total FROM ledger_postings WHERE transaction_id = ${good}`.execute(
      db,
    );
    expect(sums.rows[0]!.total).toBe('0');
    const bad = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', 'split:bad')
      .execute();
    expect(bad).toEqual([]);
  });
  it('refuses a posting naming a missing account or journal row, and the deletion of a used account', async () => {
    const cash = await db
      .transaction()
      .execute((trx) => accountId(trx, { kind: 'player_cash', userId: player }));
    const journal = (key: string) =>
      sql<{
        id: bigint;
      }>`INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
                          VALUES ('bench', ${key}, 'test', ${key}) RETURNING id`;
    await expect(
      db.transaction().execute(async (trx) => {
        const { rows } = await journal('refs:account').execute(trx);
        await sql`INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
                  VALUES (${rows[0]!.id}, ${cash}, 5, 'BRL'), (${rows[0]!.id}, 987654321, -5, 'BRL')`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/missing account/);
    await expect(
      sql`INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
          VALUES (987654321, ${cash}, 5, 'BRL'), (987654321, ${cash}, -5, 'BRL')`.execute(db),
    ).rejects.toThrow(/missing journal row/);
    await expect(sql`DELETE FROM ledger_accounts WHERE id = ${cash}`.execute(db)).rejects.toThrow(
      /cannot be deleted/,
    );
  });

  // Migration 0136: the check's cached plan once read the whole journal on every posting statement (a hash anti-join
  // planned while the table was small), so a posting's cost grew with the ledger. It must probe by key only.
  it.skipIf(TEST_DATABASE === 'pglite')(
    'checks a posting by key: no statement of it reads the whole journal or the chart of accounts',
    async () => {
      const scans = await db.transaction().execute(async (trx) => {
        // Counted within this transaction, before and after (pending counts of earlier ones may show too).
        const read = async () =>
          (
            await sql<{ relname: string; seq_scan: string }>`
              SELECT relname, seq_scan::text FROM pg_stat_xact_user_tables
               WHERE relname IN ('ledger_transactions', 'ledger_accounts') ORDER BY relname`.execute(trx)
          ).rows;
        // Planned afresh for this statement, as a new connection would (not a plan left by the tests before).
        await sql`DISCARD PLANS`.execute(trx);
        const before = await read();
        const cash = await accountId(trx, { kind: 'player_cash', userId: player });
        const bank = await accountId(trx, house);
        // A batch's shape: 16 journal rows and their 32 postings in one statement (raw: only the check is under test).
        await sql`
          WITH j AS (
            INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
            SELECT 'bench', 'probe:' || n, 'test', n::text FROM generate_series(1, 16) n RETURNING id)
          INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
          SELECT id, ${cash}::bigint, 3, 'BRL' FROM j UNION ALL SELECT id, ${bank}::bigint, -3, 'BRL' FROM j`.execute(
          trx,
        );
        return (await read()).map((row, index) => ({
          relname: row.relname,
          seq_scan: String(Number(row.seq_scan) - Number(before[index]!.seq_scan)),
        }));
      });
      expect(scans).toEqual([
        { relname: 'ledger_accounts', seq_scan: '0' },
        { relname: 'ledger_transactions', seq_scan: '0' },
      ]);
    },
  );
});
