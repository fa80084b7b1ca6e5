import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAdminApp, ownerToken } from '../admin/helpers.ts';
import { TEST_DATABASE, type TestApp } from '../harness.ts';
import { newPlayer } from '../wallet/helpers.ts';

/**
 * Home's online count (decision 0034): GET /api/app/main/config's onlineBase is the operator's base plus the
 * players connected now, so a casino whose operator set nothing (the demo) does not show 0; the back office
 * still reads and edits the operator's base alone.
 */
describe(`the online count's value (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let port: number;
  const sockets: Socket[] = [];

  const connect = (token: string) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/gamecenter-siop',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };

  beforeAll(async () => {
    test = await createAdminApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await test.close();
  });

  it('counts each connected player once on top of the operator’s base', async () => {
    const first = await newPlayer(test);
    const second = await newPlayer(test);
    // One player on two devices is one player online.
    await connect(first.token);
    await connect(first.token);
    await connect(second.token);

    const config = await call(test, 'GET', '/api/app/main/config');
    expect(config.data.onlineBase).toBe(2);

    const owner = await ownerToken(test);
    expect((await call(test, 'POST', '/api/admin/support/settings', owner, { onlineBase: 300 })).http).toBe(
      200,
    );
    expect((await call(test, 'GET', '/api/app/main/config')).data.onlineBase).toBe(302);
    // The back office edits the base, not the live figure.
    expect((await call(test, 'GET', '/api/admin/support/settings', owner)).data.onlineBase).toBe(300);
  });
});
