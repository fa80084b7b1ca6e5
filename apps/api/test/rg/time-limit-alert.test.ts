import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { realityCheckTick } from '../../src/modules/rg/rg.sessions.ts';
import { sessionLimitTick } from '../../src/modules/rg/rg.time-limit.ts';
import { fundPlayer } from '../games/fund.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer } from '../wallet/helpers.ts';
import { advanceClock, diceBet, MINUTE, resetClock } from './helpers.ts';

/**
 * The alerts of the 2025 amendment (decision 0055) on the socket, with the responsible-gambling clock moved by the
 * test: the reality check names the session's time limit, and reaching the limit is announced once per session.
 */
describe(`session time limit alerts (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    resetClock();
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

  it('announces the reached time limit once, at the minute it is reached, and the reality check names it', async () => {
    const player = await newPlayer(test);
    await fundPlayer(test, player.token, 10_00n);
    const set = await call(test, 'POST', '/api/app/rg/limits', player.token, {
      sessionMinutes: 20,
      realityCheckMinutes: 10,
    });
    expect(set.http).toBe(200);
    const socket = await open(player.token);
    const limits: unknown[] = [];
    const checks: unknown[] = [];
    socket.on('sessionLimit', (event) => limits.push(event));
    socket.on('realityCheck', (event) => checks.push(event));
    expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(200);

    advanceClock(10 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(1);
    await expect.poll(() => checks.length).toBe(1);
    expect(checks[0]).toMatchObject({ sessionMinutes: 10, limitMinutes: 20 });

    advanceClock(9 * MINUTE);
    expect(await sessionLimitTick(test.ctx)).toBe(0);
    advanceClock(MINUTE);
    expect(await sessionLimitTick(test.ctx)).toBe(1);
    await expect.poll(() => limits.length).toBe(1);
    expect(limits[0]).toEqual({ limitMinutes: 20, breakMinutes: 30 });
    // Once per session: the next ticks are quiet, and the stake is refused (rg.stake.ts).
    advanceClock(MINUTE);
    expect(await sessionLimitTick(test.ctx)).toBe(0);
    expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(409);

    // After the 30-minute break a new session starts, and its own limit is announced again.
    advanceClock(31 * MINUTE);
    expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(200);
    advanceClock(19 * MINUTE);
    expect(await sessionLimitTick(test.ctx)).toBe(0);
    advanceClock(MINUTE);
    expect(await sessionLimitTick(test.ctx)).toBe(1);
    await expect.poll(() => limits.length).toBe(2);
  });

  it('a player without a time limit gets no such alert, and the reality check does not name one', async () => {
    const player = await newPlayer(test);
    await fundPlayer(test, player.token, 10_00n);
    await call(test, 'POST', '/api/app/rg/limits', player.token, { realityCheckMinutes: 5 });
    const socket = await open(player.token);
    const checks: Record<string, unknown>[] = [];
    socket.on('realityCheck', (event) => checks.push(event));
    expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(200);
    advanceClock(5 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(1);
    await expect.poll(() => checks.length).toBe(1);
    expect(checks[0]).not.toHaveProperty('limitMinutes');
    advanceClock(6 * 60 * MINUTE);
    expect(await sessionLimitTick(test.ctx)).toBe(0);
  });
});
