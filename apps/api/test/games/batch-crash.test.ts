import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/connection.ts';
import type { CrashPoint } from '../../src/modules/games/batch/crash-point.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { playerBalances, postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { postJson, spawnApiServer, waitUntilUp } from '../child-server.ts';
import { CAPTCHA_BYPASS, sharedPostgresDatabase, TEST_DATABASE, uniqueEmail } from '../harness.ts';
import { freePort } from '../scaling/nodes.ts';

/**
 * A server killed with SIGKILL at each step of a batch of the bet engine (decision 0058), while several players'
 * dice bets, each with its own Idempotency-Key, are in flight: before the batch locks its players, after it judged
 * its bets, with its writes sent but not committed, and after its commit before any answer. After a restart every
 * key sent is retried: a bet that was done answers its first result (the same bet, nonce and balance) and is not
 * placed again; a bet that was not done is placed by its retry; every player has exactly one bet per key, the
 * balances are the stakes and payouts of those bets, and `ledger:check` is clean. The server runs as a child
 * process on PostgreSQL (as idempotency-crash.test.ts), the crash point armed by batch-crash-hook.ts, which it
 * preloads with BATCH_CRASH_AT set (crash-point.ts).
 */
const PLAYERS = 8;
const FUNDS = 1_000_00n;
const POINTS: CrashPoint[] = ['before-lock', 'after-judge', 'mid-write', 'after-commit'];

type Answer = { http: number; status: number; data: Record<string, number | string | boolean> };
const post = async (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  (await postJson(base, url, body, headers)) as Answer;

interface Player {
  id: bigint;
  token: string;
}

const bet = (base: string, player: Player, key: string) =>
  post(
    base,
    '/api/app/game/dice/bet',
    { amount: '1.00', target: 50, direction: 'under' },
    { authorization: player.token, 'idempotency-key': key },
  );

async function startedServer(databaseUrl: string, crashAt?: CrashPoint) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnApiServer(databaseUrl, port, {
    nodeArgs: crashAt ? ['--import', './apps/api/test/games/batch-crash-hook.ts'] : [],
    env: crashAt ? { BATCH_CRASH_AT: crashAt } : {},
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await waitUntilUp(base);
  return { base, child, exited };
}

describe.skipIf(TEST_DATABASE !== 'postgres')('batched bets across a kill -9 at each step (postgres)', () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let handle: ReturnType<typeof openPostgres>;
  let server: ChildProcess | undefined;
  const players: Player[] = [];
  /** Every key sent so far, per player, with the bet's answer once known. */
  const sent = new Map<bigint, string[]>();

  beforeAll(async () => {
    database = await sharedPostgresDatabase();
    const up = await startedServer(database.url);
    server = up.child;
    handle = openPostgres(database.url, 4);
    for (let n = 0; n < PLAYERS; n++) {
      const username = uniqueEmail('batchcrash');
      const answer = await post(up.base, '/api/auth/user/restRegister', {
        username,
        pwd: 'Segredo-forte-91',
        pwd1: 'Segredo-forte-91',
        codeId: 1,
        captCode: CAPTCHA_BYPASS,
      });
      expect(answer.http).toBe(200);
      const { id } = await handle.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      await handle.db.transaction().execute((trx) =>
        postTransaction(trx, {
          code: 'demo_credit',
          idempotencyKey: `batch-crash-test:${id}`,
          referenceType: 'user',
          referenceId: id.toString(),
          postings: [
            { account: { kind: 'house_demo' }, amountCents: -FUNDS },
            { account: { kind: 'player_cash', userId: id }, amountCents: FUNDS },
          ],
        }),
      );
      players.push({ id, token: answer.data.access_token as string });
      sent.set(id, []);
    }
    server.kill('SIGKILL');
    await up.exited;
  }, 60_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await handle?.close();
    await database?.drop();
  });

  const cash = (userId: bigint) =>
    handle.db.transaction().execute(async (trx) => (await playerBalances(trx, userId)).cashCents);
  const storedKeys = async (prefix: string) =>
    Number(
      (
        await handle.db
          .selectFrom('idempotent_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('idempotency_key', 'like', `${prefix}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Every player bets one after another until the server dies at `point`: the answers received, the keys sent. */
  async function betUntilKilled(point: CrashPoint) {
    const up = await startedServer(database.url, point);
    server = up.child;
    let dead = false;
    const signal = up.exited.then((value) => {
      dead = true;
      return value;
    });
    const answered = new Map<string, Answer>();
    const keys = new Map<bigint, string[]>();
    await Promise.all(
      players.map(async (player) => {
        const mine: string[] = [];
        keys.set(player.id, mine);
        for (let n = 0; !dead && n < 200; n++) {
          const key = `${point}-${player.id}-${n}`;
          mine.push(key);
          try {
            answered.set(key, await bet(up.base, player, key));
          } catch {
            return; // the connection died with the server
          }
        }
      }),
    );
    // The server killed itself at the crash point: the test never kills it here.
    expect(await signal).toBe('SIGKILL');
    return { answered, keys };
  }

  for (const point of POINTS) {
    it(`killed ${point}: every bet is done once or not at all, its retry answers it, the books reconcile`, async () => {
      const before = new Map(await Promise.all(players.map(async (p) => [p.id, await cash(p.id)] as const)));
      const { answered, keys } = await betUntilKilled(point);
      const allKeys = [...keys.values()].flat();
      expect(answered.size, 'bets were in flight when the server died').toBeLessThan(allKeys.length);
      const stored = await storedKeys(`${point}-`);
      if (point === 'after-commit') {
        // The batch committed and died before answering: its bets are done, their answers never left.
        expect(stored).toBeGreaterThan(answered.size);
      } else {
        expect(stored).toBeGreaterThanOrEqual(answered.size);
      }

      const up = await startedServer(database.url);
      server = up.child;
      const retried = new Map<string, Answer>();
      await Promise.all(
        players.map(async (player) => {
          for (const key of keys.get(player.id)!) retried.set(key, await bet(up.base, player, key));
        }),
      );
      for (const key of allKeys) {
        expect(retried.get(key)!.status, key).toBe(200);
        // A bet answered before the crash answers the same (the same bet id, roll, nonce and balance).
        if (answered.get(key)?.status === 200) expect(retried.get(key), key).toEqual(answered.get(key));
      }
      // A second retry replays every answer and places nothing.
      for (const player of players) {
        for (const key of keys.get(player.id)!)
          expect(await bet(up.base, player, key)).toEqual(retried.get(key));
      }
      expect(await storedKeys(`${point}-`)).toBe(allKeys.length);

      for (const player of players) {
        sent.get(player.id)!.push(...keys.get(player.id)!);
        const bets = await handle.db
          .selectFrom('game_bets')
          .select(['nonce'])
          .where('user_id', '=', player.id)
          .orderBy('nonce')
          .execute();
        // One bet per key ever sent, with nonces in a row (none lost, none doubled).
        expect(bets.length).toBe(sent.get(player.id)!.length);
        expect(bets.map((row) => Number(row.nonce))).toEqual(bets.map((_, n) => Number(bets[0]!.nonce) + n));
        const mine = keys.get(player.id)!.map((key) => retried.get(key)!.data);
        const payouts = mine.reduce((sum, data) => sum + BigInt(Math.round(Number(data.payout) * 100)), 0n);
        expect(await cash(player.id)).toBe(before.get(player.id)! - BigInt(mine.length) * 100n + payouts);
      }
      expect(await checkLedger(handle.db)).toEqual([]);
      server.kill('SIGKILL');
      await up.exited;
    }, 90_000);
  }
});
