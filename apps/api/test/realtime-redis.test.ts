import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';

const REDIS_URL = process.env.REDIS_URL;
// In CI (REQUIRE_SERVICES=1) a missing Redis is a failure, not a skipped suite.
if (!REDIS_URL && process.env.REQUIRE_SERVICES === '1')
  throw new Error('REQUIRE_SERVICES=1 but REDIS_URL is not set');

describe.skipIf(!REDIS_URL || TEST_DATABASE !== 'pglite')(
  'realtime across server processes through Redis',
  () => {
    let nodeA: TestApp;
    let nodeB: TestApp;
    beforeAll(async () => {
      // A Redis database of its own: players of every fresh test database get the same ids (100001, …), and the
      // presence keys other suites' sockets left in database 0 (about 90 s) would say this player is online.
      const redisUrl = new URL(REDIS_URL!);
      redisUrl.pathname = '/11';
      nodeA = await createTestApp({ redisUrl: redisUrl.href });
      nodeB = await createTestApp({ redisUrl: redisUrl.href });
      await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await nodeA.close();
      await nodeB.close();
    });

    it('an event sent by one server reaches the player connected to another', async () => {
      const { token } = await registerPlayer(nodeB);
      const info = await nodeB.app.inject({
        url: '/api/app/user/userInfo',
        headers: { authorization: token },
      });
      const userId = BigInt(info.json().data.uId);
      // No socket anywhere yet: a push for this player is skipped, queries and all, on either node.
      expect(await nodeA.ctx.realtime.mayReach(userId)).toBe(false);
      expect(await nodeB.ctx.realtime.mayReach(userId)).toBe(false);
      const port = (nodeB.app.server.address() as AddressInfo).port;
      const socket = io(`http://127.0.0.1:${port}`, {
        path: '/gamecenter-siop',
        query: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        // Node A knows, through Redis, that the player has a socket somewhere: its pushes are not skipped.
        expect(await nodeA.ctx.realtime.mayReach(userId)).toBe(true);
        const received = new Promise((resolve) => socket.once('notice', resolve));
        // Node A holds no socket of this player: only the Redis adapter can carry the event to node B.
        nodeA.ctx.realtime.emitToUser(userId, 'notice', {
          id: 1,
          title: 'Olá',
          content: 'de outro servidor',
        });
        expect(await received).toEqual({ id: 1, title: 'Olá', content: 'de outro servidor' });
      } finally {
        socket.disconnect();
      }
    });
  },
);
