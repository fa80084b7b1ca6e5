import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundPlayer } from '../games/fund.ts';
import { CAPTCHA_BYPASS, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer, type Player } from '../wallet/helpers.ts';
import { advanceClock, diceBet, MINUTE, resetClock } from './helpers.ts';

/**
 * Time-out and self-exclusion (api-contract section 17): every token and socket ends at once, logging in answers
 * 500/1403 with the end until it has passed, a permanent one never ends; and the reality check on the socket.
 */
describe(`self-exclusion and reality check (${TEST_DATABASE})`, () => {
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

  const login = (player: Player, headers: Record<string, string> = {}) =>
    call(
      test,
      'POST',
      '/api/auth/user/restLogin',
      undefined,
      { username: player.username, pwd: 'segredo123', codeId: 1, captCode: CAPTCHA_BYPASS },
      headers,
    );

  it('a one-day time-out revokes every token and socket; login is 1403 with the end date, then works again', async () => {
    const player = await newPlayer(test);
    const second = (await login(player)).data.access_token as string;
    const socket = await open(player.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const answer = await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '1d' });
    expect(answer).toMatchObject({ http: 200, status: 200, data: null });
    expect(await closed).toBe('io server disconnect');
    for (const token of [player.token, second]) {
      expect((await call(test, 'GET', '/api/app/user/userInfo', token)).http).toBe(401);
    }
    // A socket with an old token is refused too.
    await expect(open(player.token)).rejects.toThrow();

    const refused = await login(player);
    expect(refused).toMatchObject({ http: 500, status: 1403 });
    const until = refused.data.until as number;
    expect(Math.abs(until - (Date.now() + 24 * 60 * MINUTE))).toBeLessThan(MINUTE);
    const shown = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(until));
    expect(refused.message).toBe(`Conta em pausa por autoexclusão até ${shown}`);
    expect((await login(player, { lang: 'en_US' })).message).toBe(
      `Account paused by self-exclusion until ${shown}`,
    );

    // Marketing asks this before any reward (engagement's canReceiveRewards).
    const { isExcluded } = await import('../../src/modules/rg/rg.exclusions.ts');
    expect(await isExcluded(test.ctx.db, player.userId)).toBe(true);
    advanceClock(24 * 60 * MINUTE + MINUTE);
    expect(await isExcluded(test.ctx.db, player.userId)).toBe(false);
    const back = await login(player);
    expect(back.http).toBe(200);
    expect((await call(test, 'GET', '/api/app/user/userInfo', back.data.access_token)).http).toBe(200);
  });

  it('a permanent self-exclusion is never lifted: not by time, not by an operator', async () => {
    const player = await newPlayer(test);
    expect(
      (await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: 'permanent' })).http,
    ).toBe(200);
    advanceClock(10 * 365 * 24 * 60 * MINUTE);
    const refused = await login(player);
    expect(refused).toMatchObject({ http: 500, status: 1403, data: { until: null } });
    expect(refused.message).toBe('Conta encerrada por autoexclusão permanente');
    // Even if the account's status were set back by hand, the exclusion still refuses the login.
    await test.ctx.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', player.userId)
      .execute();
    expect((await login(player)).status).toBe(1403);
  });

  it('refuses an unknown period with 400', async () => {
    const player = await newPlayer(test);
    const answer = await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '2d' });
    expect(answer.http).toBe(400);
    expect((await call(test, 'GET', '/api/app/user/userInfo', player.token)).http).toBe(200);
  });

  it('sends realityCheck with the minutes played and the net result every N minutes of play', async () => {
    const player = await newPlayer(test);
    await fundPlayer(test, player.token, 10_00n);
    await call(test, 'POST', '/api/app/rg/limits', player.token, { realityCheckMinutes: 15 });
    const socket = await open(player.token);
    const events: { sessionMinutes: number; net: number }[] = [];
    socket.on('realityCheck', (event) => events.push(event));
    const lost = await diceBet(test, player, '1.00', 'lose');
    expect(lost.http).toBe(200);
    const { realityCheckTick } = await import('../../src/modules/rg/rg.sessions.ts');
    advanceClock(10 * MINUTE);
    expect((await diceBet(test, player, '0.50', 'lose')).http).toBe(200);
    expect(await realityCheckTick(test.ctx)).toBe(0);
    advanceClock(6 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(1);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({ sessionMinutes: 16, net: -1.5 });
    // Not again until another 15 minutes of play.
    expect(await realityCheckTick(test.ctx)).toBe(0);
    const session = await call(test, 'GET', '/api/app/rg/session', player.token);
    expect(session.data.startedAt).toBeLessThanOrEqual(Date.now());

    // 31 minutes without a stake end the session: no check is due for it, however long the player stays away.
    advanceClock(31 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(0);
    advanceClock(120 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(0);
    expect((await call(test, 'GET', '/api/app/rg/session', player.token)).data.startedAt).toBeNull();
    // The next stake starts a new session, counted from that stake.
    expect((await diceBet(test, player, '0.25', 'lose')).http).toBe(200);
    advanceClock(14 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(0);
    advanceClock(2 * MINUTE);
    expect(await realityCheckTick(test.ctx)).toBe(1);
    await expect.poll(() => events.length).toBe(2);
    // (Its net is not asserted: the bets' times come from the database's clock, which the test does not move.)
    expect(events[1]).toMatchObject({ sessionMinutes: 16 });
  });
});
