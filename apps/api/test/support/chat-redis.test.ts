import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from '../admin/helpers.ts';
import { registerPlayer, sharedPostgresDatabase, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call } from '../wallet/helpers.ts';

const REDIS_URL = process.env.REDIS_URL;

function connect(port: number, namespace: string, token: string): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}${namespace}`, {
    path: '/gamecenter-siop',
    query: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends a probe every 50 ms until the socket receives one (a deadline of 5 s). */
async function reachable(socket: Socket, send: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 5_000;
      socket.once('probe', () => resolve());
      const tick = () => {
        if (Date.now() > deadline) return reject(new Error('no probe reached the socket within 5 s'));
        send();
        timer = setTimeout(tick, 50);
      };
      tick();
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two server processes on one database and one Redis: a reply written through one reaches the player connected
 * to the other, and a player's message reaches an operator's inbox on the other. Needs PostgreSQL and Redis.
 */
describe.skipIf(!REDIS_URL || TEST_DATABASE !== 'postgres')('support chat across server processes', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let nodeA: TestApp;
  let nodeB: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    shared = await sharedPostgresDatabase();
    const admin = { redisUrl: REDIS_URL, adminUsername: OWNER.username, adminPassword: OWNER.password };
    nodeA = await shared.app(admin);
    nodeB = await shared.app(admin);
    await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nodeA.close();
    await nodeB.close();
    await shared.drop();
  });

  it("an operator's reply on one process reaches the player on the other, and back", async () => {
    const port = (nodeB.app.server.address() as AddressInfo).port;
    const { token } = await registerPlayer(nodeA);
    const owner = (await call(nodeA, 'POST', '/api/admin/auth/login', undefined, OWNER)).data.access_token;
    const player = await connect(port, '/', token);
    const operator = await connect(port, '/operators', owner);
    sockets.push(player, operator);
    // Both sockets reachable from node A through Redis before anything is sent: a probe from A arrives.
    const info = await nodeA.app.inject({ url: '/api/app/user/userInfo', headers: { authorization: token } });
    const userId = BigInt(info.json().data.uId);
    await reachable(player, () => nodeA.ctx.realtime.emitToUser(userId, 'probe', {}));
    await reachable(operator, () => nodeA.ctx.realtime.emitToOperators('probe', {}));

    const inInbox = new Promise<{ text: string; conversationId: number }>((resolve) =>
      operator.once('chatMessage', resolve),
    );
    const sent = await call(nodeA, 'POST', '/api/app/chat/messages', token, { text: 'Olá, suporte' });
    expect(sent.http).toBe(200);
    const seen = await inInbox;
    expect(seen.text).toBe('Olá, suporte');

    const atPlayer = new Promise((resolve) => player.once('chatMessage', resolve));
    const answer = await call(
      nodeA,
      'POST',
      `/api/admin/chat/conversations/${seen.conversationId}/messages`,
      owner,
      {
        text: 'Olá! Como posso ajudar?',
      },
    );
    expect(answer.http).toBe(200);
    expect(await atPlayer).toEqual(answer.data);
  });

  it('a player token is refused by the operators namespace', async () => {
    const port = (nodeB.app.server.address() as AddressInfo).port;
    const { token } = await registerPlayer(nodeA);
    await expect(connect(port, '/operators', token)).rejects.toThrow('unauthorized');
  });
});
