import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundPlayer } from '../games/fund.ts';
import { openFreshRounds } from '../games/helpers.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  bet,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  pick,
  type SportsbookTestApp,
} from '../sportsbook/helpers.ts';
import { call, deposit, newPlayer, type Player, userInfo } from '../wallet/helpers.ts';

/**
 * The VIP level follows stakes on every product (spec.md section 9: level 2 needs R$ 10 deposited and R$ 100
 * staked). A player who only plays one product reaches level 2 with the stake that crosses R$ 100: the user object
 * says so at once, and the player's open socket receives `updateUserInfo` with the new level.
 */
describe(`VIP level by stakes on every product (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await createSportsbookApp();
    await app.test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  });

  /** The `updateUserInfo` payloads the player's socket receives, in order. */
  async function listen(player: Player) {
    const socket = io(baseUrl, {
      path: '/gamecenter-siop',
      query: { token: player.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const updates: { level: number; gameSumAmount: number }[] = [];
    socket.on('updateUserInfo', (payload) => updates.push(payload));
    return {
      updates,
      levelPushed(level: number) {
        return vi.waitFor(
          () => {
            const found = updates.find((update) => update.level === level);
            if (!found) throw new Error(`no updateUserInfo with level ${level}: ${JSON.stringify(updates)}`);
            return found;
          },
          { timeout: 5000, interval: 20 },
        );
      },
    };
  }

  const post = (player: Player, url: string, body: Record<string, unknown>) =>
    call(app.test, 'POST', url, player.token, body);

  /** Ends an open mines game (reveal one tile; cash out if it was safe), so the player can start the next. */
  async function endMines(player: Player, gameId: number) {
    const reveal = await post(player, '/api/app/game/mines/reveal', { gameId, tile: 0 });
    expect(reveal.http, reveal.message).toBe(200);
    if (!reveal.data.finished) {
      expect((await post(player, '/api/app/game/mines/cashout', { gameId })).http).toBe(200);
    }
  }

  async function doubleRound() {
    await openFreshRounds(app.test);
    const state = (await call(app.test, 'GET', '/api/app/game/double/state')).data;
    expect(state.phase).toBe('betting');
    return state.roundId as number;
  }

  async function luckyIssue() {
    await openFreshRounds(app.test);
    const state = (await call(app.test, 'GET', '/api/app/game/luckyColor/state?period=300')).data;
    expect(state.phase).toBe('betting');
    return state.issue as string;
  }

  /** One stake of `amount` reais on each product, as the player's client sends it. */
  const products: Record<
    string,
    (player: Player, amount: number) => Promise<{ http: number; message: string }>
  > = {
    dice: (player, amount) =>
      post(player, '/api/app/game/dice/bet', { amount, target: 50, direction: 'under' }),
    limbo: (player, amount) => post(player, '/api/app/game/limbo/bet', { amount, target: 2 }),
    'row double': (player, amount) => post(player, '/api/app/game/rowDouble/bet', { amount, color: 'red' }),
    mines: async (player, amount) => {
      const started = await post(player, '/api/app/game/mines/start', { amount, mines: 3 });
      if (started.http === 200) await endMines(player, started.data.gameId);
      return started;
    },
    double: async (player, amount) =>
      post(player, '/api/app/game/double/bet', { roundId: await doubleRound(), amount, color: 'black' }),
    'lucky color': async (player, amount) =>
      post(player, '/api/app/game/luckyColor/bet', {
        period: 300,
        issue: await luckyIssue(),
        amount,
        pick: 'green',
      }),
    'a sports single': async (player, amount) => {
      const match = await createMatch(app);
      return bet(app, player, amount, [pick(match, 'winAlone', 'home')]);
    },
    'a sports parlay': async (player, amount) => {
      const first = await createMatch(app);
      const second = await createMatch(app);
      return bet(app, player, amount, [pick(first, 'winAlone', 'home'), pick(second, 'total', 'over', 2.5)]);
    },
  };

  for (const [product, stake] of Object.entries(products)) {
    it(`a player who only plays ${product} reaches level 2 with the stake that crosses R$ 100`, async () => {
      const player = await newPlayer(app.test);
      await deposit(app.test, player, 150_00n); // R$ 150 deposited: the deposit threshold (R$ 10) is met
      expect(await userInfo(app.test, player)).toMatchObject({
        level: 1,
        paySumAmount: 150,
        gameSumAmount: 0,
        nextlevel: { gameSumAmount: 100, paySumAmount: 10 },
      });
      const socket = await listen(player);

      const first = await stake(player, 99);
      expect(first.http, first.message).toBe(200);
      expect(await userInfo(app.test, player)).toMatchObject({ level: 1, gameSumAmount: 99 });

      const second = await stake(player, 1);
      expect(second.http, second.message).toBe(200);
      expect(await userInfo(app.test, player)).toMatchObject({
        level: 2,
        gameSumAmount: 100,
        nextlevel: { gameSumAmount: 500, paySumAmount: 50 },
      });
      expect(await socket.levelPushed(2)).toMatchObject({ level: 2, gameSumAmount: 100 });
      expect(socket.updates.filter((update) => update.level === 2 && update.gameSumAmount < 100)).toEqual([]);
      await expectLedgerClean(app);
    });
  }

  it('stakes alone do not reach level 2 without the deposit threshold; the deposit that meets it does', async () => {
    const player = await newPlayer(app.test);
    await fundPlayer(app.test, player.token, 200_00n); // play money, not a deposit: the pay sum stays 0
    for (const amount of [60, 40]) {
      const answer = await products['a sports single']!(player, amount);
      expect(answer.http, answer.message).toBe(200);
    }
    expect(await userInfo(app.test, player)).toMatchObject({ level: 1, gameSumAmount: 100, paySumAmount: 0 });
    await deposit(app.test, player, 10_00n);
    expect(await userInfo(app.test, player)).toMatchObject({
      level: 2,
      gameSumAmount: 100,
      paySumAmount: 10,
    });
  });

  it('a refused stake (not enough money) counts nothing toward the level', async () => {
    const player = await newPlayer(app.test);
    await deposit(app.test, player, 10_00n);
    const refused = await products['a sports single']!(player, 100);
    expect(refused.http).not.toBe(200);
    expect(await userInfo(app.test, player)).toMatchObject({ level: 1, gameSumAmount: 0, balance: 10 });
    const dice = await products.dice!(player, 100);
    expect(dice.http).not.toBe(200);
    expect(await userInfo(app.test, player)).toMatchObject({ level: 1, gameSumAmount: 0, balance: 10 });
  });
});
