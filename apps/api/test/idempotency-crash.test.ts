import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/connection.ts';
import { checkLedger } from '../src/modules/ledger/ledger.check.ts';
import { playerBalances, postTransaction } from '../src/modules/ledger/ledger.service.ts';
import { postJson, spawnApiServer, waitUntilUp } from './child-server.ts';
import { CAPTCHA_BYPASS, sharedPostgresDatabase, TEST_DATABASE, uniqueEmail } from './harness.ts';
import { freePort } from './scaling/nodes.ts';

/**
 * A server killed with SIGKILL while money calls with Idempotency-Keys are in flight: after a restart, every key
 * retried is applied exactly once (none is lost, none is doubled, none answers 409 "in progress" forever) and the
 * books reconcile. The server runs as a child process on PostgreSQL, as in production.
 */
const KEYS = 60;

const startServer = (databaseUrl: string, port: number) =>
  spawnApiServer(databaseUrl, port, { env: { RATE_LIMIT_TRANSFER: '10000' } });
const post = postJson;

describe.skipIf(TEST_DATABASE !== 'postgres')('Idempotency-Key across a kill -9 (postgres)', () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    database = await sharedPostgresDatabase();
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database.drop();
  });

  it('every key retried after the crash is applied exactly once, and the ledger reconciles', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(database.url, port);
    await waitUntilUp(base);
    const register = async () => {
      const username = uniqueEmail('crash');
      const answer = await post(base, '/api/auth/user/restRegister', {
        username,
        pwd: 'Segredo-forte-91',
        pwd1: 'Segredo-forte-91',
        codeId: 1,
        captCode: CAPTCHA_BYPASS,
      });
      expect(answer.http).toBe(200);
      return { username, token: answer.data.access_token as string };
    };
    const sender = await register();
    const receiver = await register();
    const handle = openPostgres(database.url, 4);
    try {
      const ids = await handle.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', 'in', [sender.username, receiver.username])
        .execute();
      const senderId = ids.find((row) => row.username === sender.username)!.id;
      const receiverId = ids.find((row) => row.username === receiver.username)!.id;
      await handle.db.transaction().execute((trx) =>
        postTransaction(trx, {
          code: 'demo_credit',
          idempotencyKey: `crash-test:${senderId}`,
          referenceType: 'user',
          referenceId: senderId.toString(),
          postings: [
            { account: { kind: 'house_demo' }, amountCents: -100_00n },
            { account: { kind: 'player_cash', userId: senderId }, amountCents: 100_00n },
          ],
        }),
      );

      const keys = Array.from({ length: KEYS }, (_, index) => `crash-${index}`);
      const transfer = (key: string) =>
        post(
          base,
          '/api/app/order/transfer',
          { toUser: receiver.username, amount: 1 },
          { authorization: sender.token, 'idempotency-key': key },
        );
      // All keys at once; the server dies after the first few answers, with the rest in flight.
      let answered = 0;
      const killed = new Promise<void>((resolve) => {
        const inFlight = keys.map((key) =>
          transfer(key)
            .then(() => {
              answered += 1;
              if (answered === 5) {
                server?.kill('SIGKILL');
                resolve();
              }
            })
            .catch(() => undefined),
        );
        void Promise.all(inFlight).then(() => resolve());
      });
      await killed;
      await new Promise((resolve) => server?.once('exit', resolve));
      expect(answered, 'some keys were still in flight at the kill').toBeLessThan(KEYS);

      const restartPort = await freePort();
      const restarted = `http://127.0.0.1:${restartPort}`;
      server = startServer(database.url, restartPort);
      await waitUntilUp(restarted);
      const retry = (key: string) =>
        post(
          restarted,
          '/api/app/order/transfer',
          { toUser: receiver.username, amount: 1 },
          { authorization: sender.token, 'idempotency-key': key },
        );
      const answers = await Promise.all(keys.map(retry));
      expect(answers.map((answer) => answer.http)).toEqual(keys.map(() => 200));
      const transferIds = answers.map((answer) => answer.data.transferId);
      expect(new Set(transferIds).size).toBe(KEYS);
      // A second retry replays the same answers and moves nothing.
      const again = await Promise.all(keys.map(retry));
      expect(again.map((answer) => answer.data.transferId)).toEqual(transferIds);

      const transfers = await handle.db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('from_user_id', '=', senderId)
        .executeTakeFirstOrThrow();
      expect(Number(transfers.n)).toBe(KEYS);
      const cash = (userId: bigint) =>
        handle.db.transaction().execute(async (trx) => (await playerBalances(trx, userId)).cashCents);
      expect(await cash(receiverId)).toBe(BigInt(KEYS * 100));
      expect(await cash(senderId)).toBe(100_00n - BigInt(KEYS * 100));
      expect(await checkLedger(handle.db)).toEqual([]);
    } finally {
      server?.kill('SIGKILL');
      await handle.close();
    }
  }, 60_000);
});
