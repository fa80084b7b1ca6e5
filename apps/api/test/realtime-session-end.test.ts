import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/secrets.ts';
import { createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * An open socket lives no longer than its token: it closes when the token expires, and within the re-check
 * interval when the token is revoked elsewhere (another server process, an operator) or the player is blocked.
 */
describe(`socket ends with its session (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await createTestApp({ socketRecheckSeconds: 1 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => test.close());

  async function open(token: string): Promise<Socket> {
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
    return socket;
  }

  /** Milliseconds until the server closes the socket (rejects after `withinMs`). */
  function closedWithin(socket: Socket, withinMs: number): Promise<number> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        expect(reason).toBe('io server disconnect');
        resolve(Date.now() - started);
      });
    });
  }

  const tokenRow = (token: string) =>
    test.ctx.db.updateTable('sessions').where('token_hash', '=', sha256(token));

  it('closes when the token expires, not before', async () => {
    const player = await registerPlayer(test);
    await tokenRow(player.token)
      .set({ expires_at: sql<Date>`now() + interval '1500 milliseconds'` })
      .execute();
    const socket = await open(player.token);
    const after = await closedWithin(socket, 5_000);
    expect(after).toBeGreaterThan(800);
  });

  it('a live session survives the re-checks', async () => {
    const player = await registerPlayer(test);
    const socket = await open(player.token);
    let dropped = false;
    socket.on('disconnect', () => {
      dropped = true;
    });
    // A re-check is seen by its effect: a witness whose token is revoked closes. After three, the live one is open.
    for (let check = 0; check < 3; check++) {
      const witness = await registerPlayer(test);
      const witnessSocket = await open(witness.token);
      await tokenRow(witness.token).set({ revoked_at: sql<Date>`now()` }).execute();
      await closedWithin(witnessSocket, 3_000);
      expect(dropped).toBe(false);
    }
    expect(socket.connected).toBe(true);
  });

  it('closes within the re-check when the token is revoked by another process', async () => {
    const player = await registerPlayer(test);
    const socket = await open(player.token);
    const other = await registerPlayer(test);
    const untouched = await open(other.token);
    await tokenRow(player.token).set({ revoked_at: sql<Date>`now()` }).execute();
    await closedWithin(socket, 3_000);
    expect(untouched.connected).toBe(true);
  });

  it('closes within the re-check when the player is blocked', async () => {
    const player = await registerPlayer(test);
    const socket = await open(player.token);
    const userId = (
      await test.ctx.db
        .selectFrom('sessions')
        .select('subject_id')
        .where('token_hash', '=', sha256(player.token))
        .executeTakeFirstOrThrow()
    ).subject_id;
    await test.ctx.db.updateTable('users').set({ status: 'blocked' }).where('id', '=', userId).execute();
    await closedWithin(socket, 3_000);
  });
});
