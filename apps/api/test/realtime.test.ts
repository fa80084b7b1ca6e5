import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  CAPTCHA_BYPASS,
  createTestApp,
  registerPlayer,
  TEST_DATABASE,
  type TestApp,
} from './harness.ts';

const SOCKET_PATH = '/gamecenter-siop';

describe(`realtime socket (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => test.close());

  function open(token: string | undefined): Socket {
    const socket = io(baseUrl, {
      path: SOCKET_PATH,
      query: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  }

  /** Resolves when the socket connects, rejects with the refusal. */
  function connected(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
  }

  function refusal(socket: Socket): Promise<Error> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected with a bad token')));
      socket.once('connect_error', (error) => resolve(error));
    });
  }

  function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function userIdOf(username: string): Promise<bigint> {
    const row = await test.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return BigInt(row.id);
  }

  /** Sends a probe to the player and waits for it on the socket: anything pushed to them before has arrived. */
  async function probe(socket: Socket, userId: bigint): Promise<void> {
    const arrived = nextEvent(socket, 'probe');
    test.ctx.realtime.emitToUser(userId, 'probe', {});
    await arrived;
  }

  /** Polls `check` every 20 ms until it holds, for at most 5 s. */
  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within 5 s`);
      await sleep(20);
    }
  }

  it('refuses a missing, garbage or revoked token with connect_error', async () => {
    const missing = await refusal(open(undefined));
    expect(missing.message).toBe('unauthorized');
    const garbage = await refusal(open('g'.repeat(43)));
    expect(garbage.message).toBe('unauthorized');

    const player = await registerPlayer(test);
    await test.app.inject({ method: 'POST', url: '/api/auth/user/logout', headers: auth(player.token) });
    const revoked = await refusal(open(player.token));
    expect(revoked.message).toBe('unauthorized');
  });

  it('pushes updateUserInfo with the new avatar to the player after setHeader, and not to another player', async () => {
    const first = await registerPlayer(test);
    const second = await registerPlayer(test);
    const firstSocket = open(first.token);
    const secondSocket = open(second.token);
    await Promise.all([connected(firstSocket), connected(secondSocket)]);

    const leaked: unknown[] = [];
    secondSocket.on('updateUserInfo', (payload) => leaked.push(payload));
    const update = nextEvent<{ header: number; username: string; balance: number }>(
      firstSocket,
      'updateUserInfo',
    );
    const response = await test.app.inject({ url: '/api/app/user/setHeader/12', headers: auth(first.token) });
    expect(response.statusCode).toBe(200);
    const payload = await update;
    expect(payload.header).toBe(12);
    expect(payload.username).toBe(first.username);
    expect(payload.balance).toBe(0);
    await probe(secondSocket, await userIdOf(second.username));
    expect(leaked).toEqual([]);
  });

  it('knows whether a push could reach the player, so pushes to a player without a socket cost no queries', async () => {
    const player = await registerPlayer(test);
    const userId = BigInt(
      (
        await test.ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', player.username)
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect(await test.ctx.realtime.mayReach(userId)).toBe(false);
    const socket = open(player.token);
    await connected(socket);
    await until(() => test.ctx.realtime.mayReach(userId), 'reachable once connected');
    socket.disconnect();
    await until(async () => !(await test.ctx.realtime.mayReach(userId)), 'unreachable once disconnected');
  });

  it('reaches every open tab of the player', async () => {
    const player = await registerPlayer(test);
    const tabs = [open(player.token), open(`Bearer ${player.token}`)];
    await Promise.all(tabs.map(connected));
    const updates = tabs.map((tab) => nextEvent<{ header: number }>(tab, 'updateUserInfo'));
    await test.app.inject({ url: '/api/app/user/setHeader/33', headers: auth(player.token) });
    for (const payload of await Promise.all(updates)) expect(payload.header).toBe(33);
  });

  it('a broadcast to more sockets than one chunk reaches every socket, each notice once and in order', async () => {
    const player = await registerPlayer(test);
    // 1,100 sockets: 22 chunks of the hub's broadcast (50 each), so the queued path, which lets the loop go, is used.
    const crowd = Array.from({ length: 1_100 }, () => open(player.token));
    await Promise.all(crowd.map(connected));
    const received = crowd.map(() => [] as number[]);
    for (const [index, socket] of crowd.entries())
      socket.on('notice', (notice: { id: number }) => received[index]!.push(notice.id));
    for (const id of [1, 2, 3])
      test.ctx.realtime.broadcast('notice', { id, title: `aviso ${id}`, content: '' });
    for (let waited = 0; waited < 10_000 && received.some((ids) => ids.length < 3); waited += 50)
      await sleep(50);
    expect(received.filter((ids) => ids.join() !== '1,2,3')).toEqual([]);
  });

  /** Resolves when the server drops the socket. */
  function dropped(socket: Socket, timeoutMs = 5000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  it('drops the socket of a session that logs out, and only that one', async () => {
    const player = await registerPlayer(test);
    const other = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: player.username, pwd: player.pwd, codeId: 3, captCode: CAPTCHA_BYPASS },
    });
    const otherToken: string = other.json().data.access_token;
    const leaving = open(player.token);
    const staying = open(otherToken);
    await Promise.all([connected(leaving), connected(staying)]);

    const leavingEvents: unknown[] = [];
    leaving.on('updateUserInfo', (payload) => leavingEvents.push(payload));
    const gone = dropped(leaving);
    await test.app.inject({ method: 'POST', url: '/api/auth/user/logout', headers: auth(player.token) });
    expect(await gone).toBe('io server disconnect');

    const update = nextEvent<{ header: number }>(staying, 'updateUserInfo');
    await test.app.inject({ url: '/api/app/user/setHeader/21', headers: auth(otherToken) });
    expect((await update).header).toBe(21);
    expect(leavingEvents).toEqual([]);
  });

  it('drops every socket of a player whose password is reset', async () => {
    const player = await registerPlayer(test);
    const bystander = await registerPlayer(test);
    const tabs = [open(player.token), open(player.token)];
    const bystanderSocket = open(bystander.token);
    await Promise.all([...tabs, bystanderSocket].map(connected));
    const gone = Promise.all(tabs.map((tab) => dropped(tab)));

    await test.app.inject({
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      payload: { email: player.username },
    });
    const code = test.mails
      .filter((mail) => mail.to === player.username)
      .at(-1)!
      .text.match(/\b(\d{6})\b/)![1]!;
    const check = await test.app.inject({
      method: 'POST',
      url: '/api/app/main/RESETPWD/checkEmail',
      payload: { email: player.username, code },
    });
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/app/main/setPwd',
      payload: { nPwd: 'nova-senha-999', chkId: check.json().data },
    });
    expect(reset.statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystanderSocket.connected).toBe(true);
  });

  it('refuses the socket of a blocked player', async () => {
    const player = await registerPlayer(test);
    await test.ctx.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('username', '=', player.username)
      .execute();
    const refused = await refusal(open(player.token));
    expect(refused.message).toBe('unauthorized');
  });

  it('accepts offGame from the client without disconnecting it', async () => {
    const player = await registerPlayer(test);
    const socket = open(player.token);
    await connected(socket);
    let disconnected = false;
    socket.on('disconnect', () => {
      disconnected = true;
    });
    // The game left gets the wallet afresh (insBalance, then the user object), whatever the page animated.
    const pushed = Promise.all([
      nextEvent<{ balance: number }>(socket, 'insBalance'),
      nextEvent<{ header: number }>(socket, 'updateUserInfo'),
    ]);
    socket.emit('offGame', { gameCode: 'mines' });
    expect((await pushed)[0]).toMatchObject({ balance: 0, czflag: 0 });
    socket.emit('offGame', 'not an object');
    socket.emit('offGame');
    // A valid one after them: once its pushes arrive, the server has handled the malformed ones (in order).
    const again = nextEvent(socket, 'updateUserInfo');
    socket.emit('offGame', { gameCode: 'mines' });
    await again;
    expect(disconnected).toBe(false);
    expect(socket.connected).toBe(true);
    // Still served: the next event arrives.
    const update = nextEvent<{ header: number }>(socket, 'updateUserInfo');
    await test.app.inject({ url: '/api/app/user/setHeader/3', headers: auth(player.token) });
    expect((await update).header).toBe(3);
  });
});
