import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../src/db/connection.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { CAPTCHA_BYPASS, sharedPostgresDatabase, TEST_DATABASE, uniqueEmail } from '../harness.ts';
import {
  eventually,
  freePort,
  type Node,
  ownLoopbackAddress,
  register,
  startNode,
} from '../scaling/nodes.ts';
import { type Balancer, checkProductionConfig, HAPROXY, startBalancer } from './haproxy.ts';

/**
 * Issue 31, "several nodes behind a real load balancer": HAProxy with the repo's own configuration
 * (deploy/haproxy/haproxy.cfg) in front of two server processes on one PostgreSQL and one Redis. Players bet and
 * hold sockets through the balancer only; one node is stopped gracefully (SIGTERM) while they bet. No bet the
 * players were answered 2xx for may be missing, a bet whose answer was lost is retried with its Idempotency-Key
 * and placed once, the sockets come back through the balancer and get their pushes, and the ledger is clean.
 */
const REDIS_URL = process.env.REDIS_URL;
const haproxyInstalled = existsSync(HAPROXY);
// In CI (REQUIRE_SERVICES=1) a missing balancer or Redis is a failure, not a skipped suite.
if (process.env.REQUIRE_SERVICES === '1' && TEST_DATABASE === 'postgres') {
  if (!haproxyInstalled)
    throw new Error(`REQUIRE_SERVICES=1 but ${HAPROXY} is missing (apt-get install haproxy)`);
  if (!REDIS_URL) throw new Error('REQUIRE_SERVICES=1 but REDIS_URL is not set');
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const PLAYERS = 8;
const START_CENTS = 1_000_00n;
const LOGINS_PER_MINUTE = 4;
const diceBet = { amount: '1.00', target: 50, direction: 'under' };
/** How long a client keeps retrying a bet whose answer it did not get (a player's app would, with the same key). */
const RETRY_FOR_MS = 30_000;

interface Answer {
  http: number;
  status?: number;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call
  data?: any;
}

/** One HTTP call from a client address of its own, on a new connection (no keep-alive, no cookie: each is balanced afresh). */
function request(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: {
    token?: string;
    body?: unknown;
    from?: string;
    headers?: Record<string, string>;
    /** Hang up once the request is sent, as a phone losing its signal does: the answer is never read. */
    hangUp?: boolean;
  } = {},
): Promise<Answer> {
  const target = new URL(url, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: options.token } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ http: response.statusCode ?? 0, ...JSON.parse(text) });
          } catch {
            resolve({ http: response.statusCode ?? 0, message: text });
          }
        });
        response.on('error', reject);
      },
    );
    const hungUp = () => resolve({ http: 0, message: 'hung up' });
    outgoing.on('error', (error) => (options.hangUp ? hungUp() : reject(error)));
    if (options.hangUp) outgoing.on('close', hungUp);
    outgoing.end(payload, () => {
      if (options.hangUp) setImmediate(() => outgoing.destroy());
    });
  });
}

async function fund(db: Db, username: string, cents: bigint): Promise<bigint> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      code: 'demo_credit',
      idempotencyKey: `balancer-test:${user.id}`,
      referenceType: 'user',
      referenceId: user.id.toString(),
      postings: [
        { account: { kind: 'house_demo' }, amountCents: -cents },
        { account: { kind: 'player_cash', userId: user.id }, amountCents: cents },
      ],
    }),
  );
  return user.id;
}

/** A player's socket as the web app opens it (polling first, then the upgrade; reconnecting on its own), keeping cookies as a browser does. */
interface PlayerSocket {
  socket: Socket;
  events: { name: string; payload: unknown }[];
  connects: number[];
  disconnects: number[];
  /** Connection attempts that failed (a polling request sent to a node that does not know its session, say). */
  errors: string[];
  /** The node the balancer's SERVERID cookie names for this socket's current connection. */
  node(): string | undefined;
}

function openPlayerSocket(base: string, token: string): PlayerSocket {
  // withCredentials: socket.io-client keeps a cookie jar in Node, so its polling requests carry SERVERID.
  const socket = io(base, {
    path: '/gamecenter-siop',
    query: { token },
    withCredentials: true,
    forceNew: true,
  });
  const held: PlayerSocket = {
    socket,
    events: [],
    connects: [],
    disconnects: [],
    errors: [],
    node() {
      const engine = socket.io.engine as unknown as {
        _cookieJar?: { _cookies: Map<string, { value: string }> };
      };
      return engine?._cookieJar?._cookies.get('SERVERID')?.value;
    },
  };
  socket.onAny((name: string, payload: unknown) => held.events.push({ name, payload }));
  socket.on('connect', () => held.connects.push(Date.now()));
  socket.on('disconnect', () => held.disconnects.push(Date.now()));
  socket.on('connect_error', (error) => held.errors.push(error.message));
  return held;
}

const balancesPushed = (events: { name: string; payload: unknown }[]) =>
  events
    .filter((event) => event.name === 'insBalance')
    .map((event) => (event.payload as { balance: string }).balance);

interface Player {
  username: string;
  token: string;
  userId: bigint;
  from: string;
  socket: PlayerSocket;
  keys: number;
}

const centsOf = (amount: string | number) => BigInt(Math.round(Number(amount) * 100));

describe.skipIf(TEST_DATABASE !== 'postgres' || !REDIS_URL || !haproxyInstalled)(
  'two nodes behind HAProxy (deploy/haproxy/haproxy.cfg)',
  () => {
    let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
    let handle: ReturnType<typeof openPostgres>;
    let dir: string;
    const nodes: Node[] = [];
    let balancer: Balancer;
    const players: Player[] = [];

    beforeAll(async () => {
      database = await sharedPostgresDatabase();
      handle = openPostgres(database.url, 4);
      dir = mkdtempSync(path.join(os.tmpdir(), 'balancer-'));
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: REDIS_URL!,
        WORKERS: '1',
        // The balancer's X-Forwarded-For is the client's address.
        TRUST_PROXY: '1',
        RATE_LIMIT_LOGIN: String(LOGINS_PER_MINUTE),
      };
      // One after the other: the first migrates the fresh database.
      nodes.push(await startNode(env));
      nodes.push(await startNode(env));
      balancer = await startBalancer({
        port: await freePort(),
        nodes: nodes.map((node) => new URL(node.base).host),
        dir,
      });
      await eventually(
        async () => Object.values(await balancer.servers()).every((state) => state === 'UP'),
        20_000,
        'both nodes UP in HAProxy (GET /health/ready answering 200)',
      );
      for (let n = 0; n < PLAYERS; n++) {
        const { username, token } = await register(balancer.base);
        const userId = await fund(handle.db, username, START_CENTS);
        const socket = openPlayerSocket(balancer.base, token);
        players.push({ username, token, userId, from: ownLoopbackAddress(), socket, keys: 0 });
      }
      await eventually(
        () => players.every((player) => player.socket.socket.connected),
        20_000,
        'every socket connected through the balancer',
      );
    }, 120_000);

    afterAll(async () => {
      for (const player of players) player.socket.socket.disconnect();
      await balancer?.stop();
      await Promise.all(nodes.map((node) => node.stop()));
      await handle?.close();
      await database?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('the production file, its TLS bind included, is valid for HAProxy', async () => {
      const checked = await checkProductionConfig(dir);
      expect(checked.code, checked.output).toBe(0);
      // The only warnings: the nodes' names (api1, api2: compose's services) do not resolve on this machine.
      const warnings = checked.output.split('\n').filter((line) => line.includes('[WARNING]'));
      expect(
        warnings.filter((line) => !line.includes('could not resolve address')),
        checked.output,
      ).toEqual([]);
    });

    it('serves the public port and never /metrics', async () => {
      expect((await request(balancer.base, 'GET', '/api/health')).http).toBe(200);
      expect((await request(balancer.base, 'GET', '/metrics')).http).toBe(404);
    });

    it("passes the client's own address to the nodes, never one the client made up", async () => {
      const login = (from: string) =>
        request(balancer.base, 'POST', '/api/auth/user/restLogin', {
          from,
          // A made-up X-Forwarded-For on each call: believed, each would count for another address.
          headers: { 'x-forwarded-for': ownLoopbackAddress() },
          body: { username: uniqueEmail('lb'), pwd: 'wrong-one-91', codeId: 1, captCode: CAPTCHA_BYPASS },
        });
      const flooding = ownLoopbackAddress();
      const answers: number[] = [];
      for (let n = 0; n < LOGINS_PER_MINUTE + 1; n++) answers.push((await login(flooding)).http);
      expect(answers.slice(0, LOGINS_PER_MINUTE)).not.toContain(429);
      expect(answers[LOGINS_PER_MINUTE]).toBe(429);
      // Another player's address is not the balancer's: it is not limited with the first.
      expect((await login(ownLoopbackAddress())).http).not.toBe(429);
    });

    it('a push made on either node reaches every socket held through the balancer', async () => {
      // Bets spread over both nodes (no cookie on them), sockets too: some pushes cross from node to node.
      for (const player of players) {
        const bet = await request(balancer.base, 'POST', '/api/app/game/dice/bet', {
          from: player.from,
          token: player.token,
          body: diceBet,
          headers: { 'idempotency-key': `warmup-${player.keys++}` },
        });
        expect(bet.http, bet.message).toBe(200);
        await eventually(
          () => balancesPushed(player.socket.events).includes(bet.data.balance),
          5_000,
          'the push of the bet',
        );
      }
      const held = new Set(players.map((player) => player.socket.node()));
      expect(held, 'sockets on both nodes').toEqual(new Set(['api1', 'api2']));
      // Each socket's polling requests and its upgrade reached its own node: connected once, never dropped.
      for (const { socket } of players) {
        expect(socket.errors).toEqual([]);
        expect({ connects: socket.connects.length, disconnects: socket.disconnects.length }).toEqual({
          connects: 1,
          disconnects: 0,
        });
        expect(socket.socket.io.engine.transport.name).toBe('websocket');
      }
    });

    it('one node stopped gracefully mid-load: no acknowledged bet lost, sockets reconnect and get their pushes, ledger clean', async () => {
      // The node holding the most sockets goes: its players must come back through the balancer.
      const onNode = (name: string) => players.filter((player) => player.socket.node() === name);
      const [victimName, survivorName] =
        onNode('api1').length >= onNode('api2').length ? ['api1', 'api2'] : ['api2', 'api1'];
      const victim = nodes[victimName === 'api1' ? 0 : 1]!;
      const moved = onNode(victimName);
      expect(moved.length).toBeGreaterThan(0);

      const acknowledged: { player: Player; betId: number }[] = [];
      const failures = new Map<string, number>();
      let retriedKeys = 0;
      let retriesAnswered = 0;
      /** Keys whose first answer the client threw away (every fourth), and the bet their retry was answered. */
      const hungUp: { player: Player; key: string; betId?: number }[] = [];
      let stopped: { at: number; exitedAt?: number; markedDownAt?: number } | undefined;
      let load = true;

      /** One bet, its key kept across retries until a 2xx comes back (or RETRY_FOR_MS passes). */
      const placeBet = async (player: Player) => {
        const key = `load-${player.keys++}`;
        const lostAnswer =
          player.keys % 4 === 0 ? { player, key, betId: undefined as number | undefined } : undefined;
        if (lostAnswer) hungUp.push(lostAnswer);
        const deadline = Date.now() + RETRY_FOR_MS;
        for (let attempt = 0; ; attempt++) {
          let answer: Answer;
          try {
            answer = await request(balancer.base, 'POST', '/api/app/game/dice/bet', {
              from: player.from,
              token: player.token,
              body: diceBet,
              headers: { 'idempotency-key': key },
              hangUp: lostAnswer !== undefined && attempt === 0,
            });
          } catch (error) {
            answer = { http: 0, message: (error as Error).message };
          }
          if (answer.http >= 200 && answer.http < 300 && answer.status === 200) {
            acknowledged.push({ player, betId: answer.data.betId });
            if (lostAnswer) lostAnswer.betId = answer.data.betId;
            if (attempt > 0) retriesAnswered++;
            return;
          }
          const kind =
            answer.http === 0 ? `no answer: ${answer.message}` : `${answer.http} ${answer.message ?? ''}`;
          failures.set(kind, (failures.get(kind) ?? 0) + 1);
          if (attempt === 0) retriedKeys++;
          if (Date.now() > deadline)
            throw new Error(`bet ${key} of ${player.username} never answered: ${kind}`);
          // A client's back-off before it retries, not a wait for an event.
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const bettors = players.map(async (player) => {
        while (load) await placeBet(player);
      });

      // Some load first, then SIGTERM while it goes on.
      await eventually(() => acknowledged.length >= 3 * PLAYERS, 30_000, 'bets acknowledged before the stop');
      const before = acknowledged.length;
      stopped = { at: Date.now() };
      const logBeforeStop = balancer.output().length;
      const stopping = victim.stop().then(() => {
        stopped!.exitedAt = Date.now();
      });
      // When HAProxy's health check took the node out (its /health/ready answering 503 while it drains).
      const watchingHealth = (async () => {
        while (stopped.markedDownAt === undefined) {
          const state = (await balancer.servers())[victimName] ?? '';
          if (state.startsWith('DOWN')) stopped.markedDownAt = Date.now();
          else await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // Bets go on through the stop, and after it: each player has bets answered once the node is gone.
      await stopping;
      const atExit = acknowledged.length;
      await eventually(
        () => players.every((player) => acknowledged.slice(atExit).some((bet) => bet.player === player)),
        30_000,
        'bets of every player acknowledged after the node exited',
      );
      load = false;
      await Promise.all(bettors);

      await watchingHealth;

      // Every socket is connected again, through the balancer, to the node still running.
      await eventually(
        () => players.every((player) => player.socket.socket.connected),
        30_000,
        'every socket reconnected',
      );
      for (const player of players) expect(player.socket.node()).toBe(survivorName);
      const reconnectMs = moved.map((player) => {
        const lost = player.socket.disconnects.find((at) => at >= stopped!.at)!;
        const back = player.socket.connects.find((at) => at >= lost)!;
        return back - lost;
      });
      // And gets the push of a new bet.
      for (const player of players) {
        const bet = await request(balancer.base, 'POST', '/api/app/game/dice/bet', {
          from: player.from,
          token: player.token,
          body: diceBet,
          headers: { 'idempotency-key': `after-${player.keys++}` },
        });
        expect(bet.http, bet.message).toBe(200);
        acknowledged.push({ player, betId: bet.data.betId });
        await eventually(
          () => balancesPushed(player.socket.events).includes(bet.data.balance),
          5_000,
          `the push of ${player.username}'s bet after the reconnect`,
        );
      }

      // No acknowledged bet is missing from the database.
      const ids = acknowledged.map((bet) => BigInt(bet.betId));
      const found = await handle.db.selectFrom('game_bets').select('id').where('id', 'in', ids).execute();
      const lost = ids.filter((id) => !found.some((row) => row.id === id));
      // Each key placed once: as many bets per player as keys sent (warm-up included), and the balance the node
      // answers is what those bets left.
      for (const player of players) {
        const placed = await handle.db
          .selectFrom('game_bets')
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            eb.fn.sum<string>('amount_cents').as('staked'),
            eb.fn.sum<string>('payout_cents').as('paid'),
          ])
          .where('user_id', '=', player.userId)
          .executeTakeFirstOrThrow();
        expect(Number(placed.n), player.username).toBe(player.keys);
        const balance = await request(balancer.base, 'GET', '/api/app/user/getBalance', {
          token: player.token,
        });
        expect(centsOf(balance.data.balance), player.username).toBe(
          START_CENTS - BigInt(placed.staked) + BigInt(placed.paid),
        );
      }
      // A key whose answer was thrown away was placed once: its stored answer is the one its retry got.
      for (const { player, key, betId } of hungUp) {
        const stored = await handle.db
          .selectFrom('idempotent_requests')
          .select('response_body')
          .where('user_id', '=', player.userId)
          .where('idempotency_key', '=', key)
          .execute();
        expect(stored.map((row) => JSON.parse(row.response_body!).betId)).toEqual([betId]);
      }
      const ledger = await ledgerCheck(database.url);
      // What the balancer sent the stopping node after its SIGTERM (HAProxy logs each request as it ends).
      const toVictim = new Map<string, number>();
      for (const line of balancer.output().slice(logBeforeStop).split('\n')) {
        const logged = / api\/(\S+) \S+ (\d{3}) .*"(\w+) (\S+)/.exec(line);
        if (logged?.[1] !== victimName) continue;
        const kind = `${logged[3]} ${logged[4]!.replace(/\?.*/, '')} ${logged[2]}`;
        toVictim.set(kind, (toVictim.get(kind) ?? 0) + 1);
      }

      const reconnect = [...reconnectMs].sort((a, b) => a - b);
      console.log(
        [
          'balancer figures:',
          `  bets acknowledged ${acknowledged.length} (${atExit - before} while the node was stopping, ${acknowledged.length - atExit} after it exited)`,
          `  acknowledged bets lost ${lost.length}`,
          `  bets retried with their key ${retriedKeys} (answered on a retry ${retriesAnswered}; ${hungUp.length} of them hung up on purpose, each placed once); failed attempts ${JSON.stringify(Object.fromEntries(failures))}`,
          `  requests ending on the stopping node after SIGTERM ${JSON.stringify(Object.fromEntries(toVictim))}`,
          `  node stop: SIGTERM to exit ${stopped.exitedAt! - stopped.at} ms, HAProxy marked it down after ${stopped.markedDownAt! - stopped.at} ms`,
          `  sockets moved ${moved.length}/${PLAYERS}, reconnect ms median ${reconnect[Math.floor(reconnect.length / 2)]} max ${reconnect.at(-1)}`,
          `  ledger:check: ${ledger.stdout.trim() || ledger.stderr.trim()}`,
        ].join('\n'),
      );
      expect(lost).toEqual([]);
      // The node went the graceful way: taken out by the balancer's health check while it still served, then exited.
      expect(victim.process.exitCode, victim.output().slice(-3_000)).toBe(0);
      expect(stopped.markedDownAt!).toBeLessThan(stopped.exitedAt!);
      expect(ledger.code, ledger.stderr).toBe(0);
      expect(ledger.stdout).toContain('ledger check clean');
    }, 120_000);
  },
);

/** `npm run ledger:check` on the test's database, as an operator runs it. */
async function ledgerCheck(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(repoRoot, 'node_modules/.bin/node'),
      ['apps/api/src/cli/ledger-check.ts'],
      { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
