import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawDb } from '../src/http/ambient-transaction.ts';
import { afterCommit } from '../src/platform/after-commit.ts';
import { balances, call, cents, newPlayer } from './games/helpers.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * Side effects after commit (issue 28): a push leaves only once the transaction that caused it has committed.
 * A request with an Idempotency-Key runs its action inside the key's (outer) transaction; a commit that fails
 * there must send nothing, and a commit that succeeds sends each push once, after it.
 *
 * The commit is made to fail by a deferred constraint trigger on the key's row: it raises only at COMMIT, after
 * the whole action (and, before the fix, its pushes) has run.
 */
const FAILING_KEY = 'fail-at-commit';

describe(`side effects after commit (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    await sql`
      CREATE FUNCTION test_fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.idempotency_key LIKE '${sql.raw(FAILING_KEY)}%' THEN
          RAISE EXCEPTION 'commit refused by the test';
        END IF;
        RETURN NEW;
      END $$`.execute(rawDb(test.ctx.db));
    await sql`
      CREATE CONSTRAINT TRIGGER test_fail_at_commit AFTER INSERT ON idempotent_requests
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_fail_at_commit()`.execute(
      rawDb(test.ctx.db),
    );
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await test.close();
  });

  /** A socket of the player that records every `insBalance` it receives, in order. */
  async function listen(token: string) {
    const socket = io(baseUrl, {
      path: '/gamecenter-siop',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received: number[] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    socket.on('insBalance', (payload: { balance: number }) => {
      received.push(payload.balance);
      for (const waiter of waiters) if (received.length >= waiter.count) waiter.resolve();
    });
    return {
      received,
      /** Resolves once `count` pushes have arrived (fails the test after 10 s). */
      until: (count: number) =>
        new Promise<void>((resolve, reject) => {
          if (received.length >= count) return resolve();
          const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} pushes`)), 10_000);
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        }),
    };
  }

  const keyed = (key: string) => ({ 'idempotency-key': key });

  it('keyed bets whose commit fails send no push; the keyed bets that commit send exactly one each', async () => {
    const player = await newPlayer(test, 50_00n);
    const pushes = await listen(player.token);

    // Amounts the later bets do not use, so a push of a bet that never committed cannot pass for theirs.
    const failedDice = await call(
      test,
      'POST',
      '/api/app/game/dice/bet',
      player.token,
      { amount: 7, target: 50, direction: 'under' },
      keyed(`${FAILING_KEY}-dice`),
    );
    expect(failedDice.http).toBe(500);
    const failedMines = await call(
      test,
      'POST',
      '/api/app/game/mines/start',
      player.token,
      { amount: 9, mines: 3 },
      keyed(`${FAILING_KEY}-mines`),
    );
    expect(failedMines.http).toBe(500);
    // Nothing of them stayed.
    expect(cents((await balances(test, player)).balance)).toBe(50_00n);

    const dice = await call(
      test,
      'POST',
      '/api/app/game/dice/bet',
      player.token,
      { amount: 1, target: 50, direction: 'under' },
      keyed('commits-dice'),
    );
    expect(dice.http, dice.message).toBe(200);
    const afterDice = (await balances(test, player)).balance;
    const mines = await call(
      test,
      'POST',
      '/api/app/game/mines/start',
      player.token,
      { amount: 2, mines: 3 },
      keyed('commits-mines'),
    );
    expect(mines.http, mines.message).toBe(200);
    const afterMines = (await balances(test, player)).balance;

    // A socket delivers in order: a push of a failed bet would have arrived before these.
    await pushes.until(2);
    expect(pushes.received).toEqual([afterDice, afterMines]);
  });

  it('an effect queued inside a transaction runs after its commit, and never after a rollback', async () => {
    const ran: string[] = [];
    let seenInside: unknown;
    await test.ctx.db.transaction().execute(async (trx) => {
      afterCommit(async () => {
        // Another connection (or, on PGlite, the one connection once free) sees the committed row.
        seenInside = await sql<{ n: number }>`SELECT count(*)::int AS n FROM after_commit_probe`
          .execute(rawDb(test.ctx.db))
          .then((result) => result.rows[0]?.n);
        ran.push('committed');
      });
      await sql`CREATE TABLE after_commit_probe (id int)`.execute(trx);
      await sql`INSERT INTO after_commit_probe VALUES (1)`.execute(trx);
      ran.push('inside');
    });
    expect(ran).toEqual(['inside', 'committed']);
    expect(seenInside).toBe(1);

    await expect(
      test.ctx.db.transaction().execute(async () => {
        afterCommit(() => ran.push('rolled back'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(ran).toEqual(['inside', 'committed']);

    // Outside any transaction the effect runs at once.
    afterCommit(() => ran.push('at once'));
    expect(ran).toEqual(['inside', 'committed', 'at once']);
  });
});
