import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_DATABASE } from './harness.ts';
import { launchedPlayer, slotsApp } from './slots/helpers.ts';
import { call, newPlayer, packageOf, prePay, userInfo } from './wallet/helpers.ts';

/**
 * What spec.md asks of the server that no other test pinned (issue 27, docs/decisions/0032): the user object's
 * wagering fields, `czflag` on the balance events, the bet codes of section 3 on the bet records, the in-house
 * games' icons, and `offGame` ending the game the player left.
 */
describe(`spec leftovers: wagering fields, czflag, bet codes, icons, offGame (${TEST_DATABASE})`, () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await slotsApp();
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => test.close());

  async function openSocket(token: string): Promise<Socket> {
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
      socket.once('connect_error', (error) => reject(error));
    });
    return socket;
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

  it('answers gamePayAmount (the wagering asked) and addPayAmount (the part played), not zeros', async () => {
    const player = await newPlayer(test);
    expect(await userInfo(test, player)).toMatchObject({ gamePayAmount: 0, addPayAmount: 0 });
    // R$ 100 with a R$ 10 gift: gift × 15 = R$ 150 of wagering.
    const order = await prePay(test, player, await packageOf(test, 10_000n, 1_000n), 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await userInfo(test, player)).toMatchObject({ gamePayAmount: 150, addPayAmount: 0 });
    const bet = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 20,
      target: 50,
      direction: 'under',
    });
    expect(bet.http, bet.message).toBe(200);
    expect(await userInfo(test, player)).toMatchObject({ gamePayAmount: 150, addPayAmount: 20 });
  });

  it('marks a deposit arriving with czflag 1 on insBalance and freeBalance, any other change with 0', async () => {
    const player = await newPlayer(test);
    const socket = await openSocket(player.token);
    const order = await prePay(test, player, await packageOf(test, 5_000n, 500n), 1);
    const insBalance = nextEvent<{ balance: number; czflag: number }>(socket, 'insBalance');
    const freeBalance = nextEvent<{ freeBalance: number; czflag: number }>(socket, 'freeBalance');
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await insBalance).toEqual({ balance: 50, freeBalance: 5, czflag: 1 });
    expect(await freeBalance).toEqual({ freeBalance: 5, czflag: 1 });

    const afterBet = nextEvent<{ czflag: number }>(socket, 'insBalance');
    const bet = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 1,
      target: 50,
      direction: 'under',
    });
    expect(bet.http, bet.message).toBe(200);
    expect((await afterBet).czflag).toBe(0);
  });

  it("gives every game bet the spec's bet result and order status: betting/pending, win/drawn, lost/lost", async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 10_000n), 0);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    for (let roll = 0; roll < 6; roll++) {
      const bet = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
        amount: 1,
        target: 50,
        direction: 'under',
      });
      expect(bet.http, bet.message).toBe(200);
    }
    const mines = await call(test, 'POST', '/api/app/game/mines/start', player.token, {
      amount: 1,
      mines: 3,
    });
    expect(mines.http, mines.message).toBe(200);
    const history = await call(test, 'GET', '/api/app/game/bets?size=20', player.token);
    const records = history.data.records as {
      game: string;
      status: string;
      payout: number;
      resultCode: number;
      orderStatus: number;
    }[];
    expect(records).toHaveLength(7);
    for (const record of records) {
      if (record.status === 'open') expect([record.resultCode, record.orderStatus]).toEqual([-10, 0]);
      else if (record.payout > 0) expect([record.resultCode, record.orderStatus]).toEqual([10, 9999]);
      else expect([record.resultCode, record.orderStatus]).toEqual([-11, 4]);
    }
    expect(records[0]).toMatchObject({ game: 'mines', status: 'open', resultCode: -10, orderStatus: 0 });
  });

  it('gives every slot round its codes: running, won, lost, rolled back by the provider', async () => {
    const player = await launchedPlayer(test, 'PG', 10_000n);
    const session = await test.ctx.db
      .selectFrom('slot_sessions')
      .select('id')
      .where('token', '=', player.session)
      .executeTakeFirstOrThrow();
    const round = (ref: string, status: 'open' | 'closed' | 'rolled_back', win: bigint) => ({
      provider: 'PG' as const,
      round_ref: `${player.session}-${ref}`,
      user_id: player.userId,
      session_id: session.id,
      game_code: player.game,
      stake_cents: 100n,
      win_cents: win,
      status,
      closed_at: status === 'open' ? null : new Date(),
    });
    await test.ctx.db
      .insertInto('slot_rounds')
      .values([
        round('1', 'open', 0n),
        round('2', 'closed', 250n),
        round('3', 'closed', 0n),
        round('4', 'rolled_back', 0n),
      ])
      .execute();
    const answer = await call(test, 'GET', '/api/app/game/slotRounds?size=10', player.token);
    const codes = (answer.data.records as { resultCode: number; orderStatus: number }[]).map((record) => [
      record.resultCode,
      record.orderStatus,
    ]);
    // Newest first.
    expect(codes).toEqual([
      [-1, -1],
      [-11, 4],
      [10, 9999],
      [-10, 0],
    ]);
  });

  it("ships an image at every in-house game's icon URL (the web app's public files), not the app's page", async () => {
    const player = await newPlayer(test);
    const main = await call(test, 'GET', '/api/app/main/main', player.token);
    const icons = (main.data.SELF.records as { icon: string }[]).map((game) => game.icon);
    expect(icons).toHaveLength(7);
    const publicDir = path.resolve(import.meta.dirname, '../../web/public');
    for (const icon of icons) {
      const file = path.join(publicDir, icon);
      expect(existsSync(file), icon).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('offGame for the slot the player left closes its session (inPlay null) and sends the wallet afresh', async () => {
    const player = await launchedPlayer(test, 'PG', 5_000n);
    const inPlay = () =>
      test.app
        .inject({ url: '/api/app/game/inPlay', headers: auth(player.token) })
        .then((r) => r.json().data);
    expect(await inPlay()).toMatchObject({ productCode: 'PG', value: player.game });
    const socket = await openSocket(player.token);
    const wallet = nextEvent<{ balance: number; czflag: number }>(socket, 'insBalance');
    socket.emit('offGame', { gameCode: player.game });
    expect(await wallet).toEqual({ balance: 50, freeBalance: 0, czflag: 0 });
    expect(await inPlay()).toBeNull();
  });
});
