import { readFileSync } from 'node:fs';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../src/db/connection.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { CAPTCHA_BYPASS, sharedPostgresDatabase, TEST_DATABASE, uniqueEmail } from '../harness.ts';
import { call, eventually, type Node, openSocket, ownLoopbackAddress, register, startNode } from './nodes.ts';

/**
 * Issue 9, "scale beyond one machine": two server processes on different ports, one PostgreSQL database and one
 * Redis, as two machines behind a load balancer would run them; then `npm start`'s own cluster (WORKERS=2).
 */
const REDIS_URL = process.env.REDIS_URL;
const LOGINS_PER_MINUTE = 4;

async function fund(db: Db, username: string, cents: bigint): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      code: 'demo_credit',
      idempotencyKey: `scaling-test:${user.id}`,
      referenceType: 'user',
      referenceId: user.id.toString(),
      postings: [
        { account: { kind: 'house_demo' }, amountCents: -cents },
        { account: { kind: 'player_cash', userId: user.id }, amountCents: cents },
      ],
    }),
  );
}

const diceBet = { amount: '1.00', target: 50, direction: 'under' };
const balancesPushed = (events: { name: string; payload: unknown }[]) =>
  events
    .filter((event) => event.name === 'insBalance')
    .map((event) => (event.payload as { balance: string }).balance);

describe.skipIf(TEST_DATABASE !== 'postgres' || !REDIS_URL)(
  'two server processes, one database, one Redis',
  () => {
    let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
    let handle: ReturnType<typeof openPostgres>;
    let nodeA: Node;
    let nodeB: Node;
    let player: { username: string; token: string };
    let sockets: Awaited<ReturnType<typeof openSocket>>[] = [];

    beforeAll(async () => {
      database = await sharedPostgresDatabase();
      handle = openPostgres(database.url, 4);
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: REDIS_URL!,
        WORKERS: '1',
        RATE_LIMIT_LOGIN: String(LOGINS_PER_MINUTE),
        // The demo's simulated sports feed runs too: one node only may poll it.
        SEED_DEMO: '1',
      };
      nodeA = await startNode(env);
      nodeB = await startNode(env);
      player = await register(nodeA.base);
      await fund(handle.db, player.username, 100_00n);
      // One socket on each node, from the start: the round games' events are counted on both.
      sockets = [await openSocket(nodeA.base, player.token), await openSocket(nodeB.base, player.token)];
    }, 120_000);

    afterAll(async () => {
      for (const { socket } of sockets) socket.disconnect();
      await Promise.all([nodeA?.stop(), nodeB?.stop()]);
      await handle?.close();
      await database?.drop();
    });

    it('a bet placed through one node pushes the new balance to the socket on the other', async () => {
      const [, onB] = sockets;
      const throughA = await call(nodeA.base, 'POST', '/api/app/game/dice/bet', {
        token: player.token,
        body: diceBet,
      });
      expect(throughA.http, throughA.message).toBe(200);
      // Node A holds no socket on B's side: only Redis carries the push there.
      await eventually(
        () => balancesPushed(onB!.events).includes(throughA.data.balance),
        5_000,
        'the push from A on B',
      );
      const throughB = await call(nodeB.base, 'POST', '/api/app/game/dice/bet', {
        token: player.token,
        body: diceBet,
      });
      expect(throughB.http, throughB.message).toBe(200);
      const balance = await call(nodeA.base, 'GET', '/api/app/user/getBalance', { token: player.token });
      expect(balance.data.balance).toBe(Number(throughB.data.balance));
    });

    it('rate limits count the calls of both nodes together', async () => {
      const from = ownLoopbackAddress();
      const login = (node: Node) =>
        call(node.base, 'POST', '/api/auth/user/restLogin', {
          from,
          // Unknown players, so no account's own failure count gets in the way.
          body: {
            username: uniqueEmail('limited'),
            pwd: 'wrong-one-91',
            codeId: 1,
            captCode: CAPTCHA_BYPASS,
          },
        });
      const answers: number[] = [];
      // Alternating nodes: each node alone has seen only half of them when the shared limit is reached.
      for (let n = 0; n < LOGINS_PER_MINUTE + 1; n++)
        answers.push((await login(n % 2 === 0 ? nodeA : nodeB)).http);
      expect(answers.slice(0, LOGINS_PER_MINUTE)).not.toContain(429);
      expect(answers[LOGINS_PER_MINUTE]).toBe(429);
    });

    it('a due job runs once, though both nodes poll for it', async () => {
      const orders: number[] = [];
      for (const node of [nodeA, nodeB, nodeA, nodeB]) {
        const prePay = await call(node.base, 'POST', '/api/app/order/prePay/1', {
          token: player.token,
          body: { gift: '0', pkgId: 1, isapp: '0' },
        });
        expect(prePay.http, prePay.message).toBe(200);
        orders.push(prePay.data.orderId);
      }
      const ids = orders.map(BigInt);
      // Time moves on for these orders: their charges have lapsed and their expiry jobs are due now.
      await handle.db
        .updateTable('orders')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('id', 'in', ids)
        .execute();
      await handle.db
        .updateTable('jobs')
        .set({ run_at: sql`now()` })
        .where(
          'unique_key',
          'in',
          orders.map((id) => `expire_deposit:${id}`),
        )
        .execute();
      const jobs = () =>
        handle.db
          .selectFrom('jobs')
          .select(['attempts', 'done_at'])
          .where(
            'unique_key',
            'in',
            orders.map((id) => `expire_deposit:${id}`),
          )
          .execute();
      await eventually(
        async () => (await jobs()).every((job) => job.done_at !== null),
        15_000,
        'the expiry jobs done',
      );
      expect((await jobs()).map((job) => job.attempts)).toEqual(orders.map(() => 1));
      for (const orderId of orders) {
        const status = await call(nodeB.base, 'GET', `/api/app/order/getStatus/${orderId}`, {
          token: player.token,
        });
        expect(status.data.status).toBe('-01');
      }
    });

    it('each round game is driven by exactly one node: every phase of every round reaches each socket once', async () => {
      const phases = (events: { name: string; payload: unknown }[]) =>
        events
          .filter((event) => event.name === 'gameRound')
          .map((event) => {
            const round = event.payload as {
              game: string;
              roundId?: number;
              issue?: string;
              period?: number;
              phase: string;
            };
            return `${round.game}:${round.roundId ?? `${round.period}/${round.issue}`}:${round.phase}`;
          })
          // Crash pushes its multiplier several times a second while running: its phases, not its ticks.
          .filter((key, index, keys) => !key.startsWith('crash:') || keys[index - 1] !== key);
      // A double round changes phase every 15 s at most: wait for a change, seen by both sockets alike.
      await eventually(
        () => {
          const [a, b] = sockets.map(({ events }) => phases(events));
          return a!.length >= 2 && JSON.stringify(a) === JSON.stringify(b);
        },
        40_000,
        'a phase change of the round games on both sockets',
      );
      const [onA, onB] = sockets.map(({ events }) => phases(events));
      expect(onA!.length).toBeGreaterThan(0);
      expect(new Set(onA).size, onA!.join('\n')).toBe(onA!.length);
      expect(onB).toEqual(onA);
      // And each table, and the feed, is held by exactly one node now: what a node took and did not say it lost
      // (a lease may move to the other node if its holder stalls for 5 s; two holders at once never).
      const holders = (taken: string, lost: string, key: string) => {
        const count = new Map<string, number>();
        for (const node of [nodeA, nodeB])
          for (const line of node.logMessages()) {
            const step = line.msg === taken ? 1 : line.msg === lost ? -1 : 0;
            if (step !== 0) count.set(String(line[key]), (count.get(String(line[key])) ?? 0) + step);
          }
        return Object.fromEntries(count);
      };
      expect(holders('driving round game', 'no longer driving round game', 'table')).toEqual({
        'double:0': 1,
        'luckyColor:30': 1,
        'luckyColor:60': 1,
        'luckyColor:180': 1,
        'luckyColor:300': 1,
      });
      expect(holders('polling the feed', 'no longer polling the feed', 'feed')).toEqual({ sim: 1 });
      const crashHolders = [nodeA, nodeB]
        .flatMap((node) => node.logMessages())
        .reduce(
          (held, line) =>
            held + (line.msg === 'driving crash' ? 1 : line.msg === 'no longer driving crash' ? -1 : 0),
          0,
        );
      expect(crashHolders).toBe(1);
    }, 40_000);

    it('the ledger reconciles after all of it', async () => {
      expect(await checkLedger(handle.db)).toEqual([]);
    });
  },
);

describe.skipIf(TEST_DATABASE !== 'postgres' || !REDIS_URL)('npm start with WORKERS=2', () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let handle: ReturnType<typeof openPostgres>;
  let server: Node;

  beforeAll(async () => {
    database = await sharedPostgresDatabase();
    handle = openPostgres(database.url, 2);
    server = await startNode({
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL!,
      WORKERS: '2',
      RATE_LIMIT_LOGIN: '10000',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await database?.drop();
  });

  it('runs one primary and two workers; a long-polling socket stays with its worker and gets pushes made by the other', async () => {
    const pid = server.process.pid!;
    const children = () =>
      readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    expect(children()).toHaveLength(2);
    const player = await register(server.base);
    await fund(handle.db, player.username, 100_00n);
    // Polling only: each request of this socket must reach the one worker that knows its session.
    const { socket, events } = await openSocket(server.base, player.token, ['polling']);
    try {
      // Bets from two other client addresses: new clients go to the worker serving fewer, so one of them is
      // served by the worker that does not hold the socket.
      for (const from of [ownLoopbackAddress(), ownLoopbackAddress(), ownLoopbackAddress()]) {
        const bet = await call(server.base, 'POST', '/api/app/game/dice/bet', {
          from,
          token: player.token,
          body: diceBet,
        });
        expect(bet.http, bet.message).toBe(200);
        await eventually(
          () => balancesPushed(events).includes(bet.data.balance),
          5_000,
          'the push of each bet',
        );
      }
      expect(socket.connected).toBe(true);
      expect(socket.io.engine.transport.name).toBe('polling');
    } finally {
      socket.disconnect();
    }
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('cuts off a client that trickles its headers in, as one process does (a worker never listens itself)', async () => {
    const { port } = new URL(server.base);
    const socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress: ownLoopbackAddress() });
    // Writing to a socket the server has cut off fails (EPIPE): that is the expected end, not an error.
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    await new Promise((resolve) => socket.once('connect', resolve));
    const startedAt = Date.now();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    // A header line every half second keeps the socket busy, never finishing the headers.
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('X-Slow: 1\r\n');
    }, 500);
    try {
      // Node checks the timeouts every 30 s: cut off within that of the 1 s headers timeout.
      expect((await closed) - startedAt).toBeLessThan(35_000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  }, 40_000);

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const pid = server.process.pid!;
    const children = () =>
      readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    const [victim, survivor] = children();
    process.kill(Number(victim), 'SIGKILL');
    // Once the primary has reaped it, new clients go to the worker still alive until the replacement is ready.
    await eventually(() => !children().includes(victim!), 10_000, 'the dead worker reaped');
    for (let n = 0; n < 4; n++)
      expect((await call(server.base, 'GET', '/api/health', { from: ownLoopbackAddress() })).http).toBe(200);
    await eventually(() => children().length === 2, 30_000, 'a new worker');
    expect(children()).toContain(survivor);
    expect(server.process.exitCode).toBeNull();
  }, 40_000);

  it('stops every worker when the primary is asked to stop', async () => {
    const pid = server.process.pid!;
    const workers = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    await server.stop();
    expect(server.process.exitCode).toBe(0);
    for (const worker of workers) expect(() => process.kill(Number(worker), 0)).toThrow();
  }, 20_000);
});
