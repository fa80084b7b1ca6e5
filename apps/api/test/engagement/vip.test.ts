import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator } from '../admin/helpers.ts';
import { fundPlayer } from '../games/fund.ts';
import { TEST_DATABASE } from '../harness.ts';
import { bet, createMatch, pick } from '../sportsbook/helpers.ts';
import {
  balances,
  call,
  deposit,
  expectLedgerClean,
  newPlayer,
  userInfo,
  withdrawInfo,
} from '../wallet/helpers.ts';
import { asOwner, createEngageApp, dice, type EngageApp, get, listen, post } from './helpers.ts';

/**
 * The VIP table is operator data (api-contract section 13): the spec's levels 2, 3 and 11 by default, thresholds
 * that every product's stake and every deposit follow, a reward per level claimed once, and each level's daily
 * withdrawal cap and count in getWithdraw.
 */
describe(`VIP levels (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  beforeAll(async () => {
    app = await createEngageApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const level2 = (fields: Record<string, number>) =>
    asOwner(app, 'POST', '/api/admin/vip/levels/2', {
      paySumAmount: 10,
      gameSumAmount: 100,
      withdrawDayMax: 500,
      withdrawDayCount: 99,
      reward: 2,
      ...fields,
    });

  it('lists 11 levels with the specification values for levels 2, 3 and 11', async () => {
    const player = await newPlayer(app.test);
    const levels = (await get(app, player, '/api/app/vip/levels')).data;
    expect(levels).toHaveLength(11);
    expect(levels[1]).toMatchObject({
      level: 2,
      paySumAmount: 10,
      gameSumAmount: 100,
      withdrawDayMax: 500,
      withdrawDayCount: 99,
    });
    expect(levels[2]).toMatchObject({
      level: 3,
      paySumAmount: 50,
      gameSumAmount: 500,
      withdrawDayMax: 4000,
      withdrawDayCount: 99,
    });
    expect(levels[10]).toMatchObject({
      level: 11,
      paySumAmount: 2_000_000,
      gameSumAmount: 10_000_000,
      withdrawDayMax: 40_000_000,
      withdrawDayCount: 99,
    });
    const status = (await get(app, player, '/api/app/vip/status')).data;
    expect(status).toMatchObject({
      level: 1,
      next: { level: 2, paySumAmount: 10, gameSumAmount: 100 },
      progress: { paySumAmount: 0, gameSumAmount: 0 },
    });
    expect(status.rewards[0]).toEqual({ level: 2, amount: 2, claimed: false });
  });

  it('a deposit-only player rises when the operator table asks only for deposits', async () => {
    await level2({ gameSumAmount: 0, paySumAmount: 10 });
    try {
      const player = await newPlayer(app.test);
      const socket = await listen(app, player);
      await deposit(app.test, player, 10_00n);
      expect((await userInfo(app.test, player)).level).toBe(2);
      await socket.waitFor('updateUserInfo', (user: { level: number }) => user.level === 2);
    } finally {
      await level2({});
    }
  });

  it('a casino-only and a sports-only player follow the operator thresholds, not the defaults', async () => {
    await level2({ paySumAmount: 0, gameSumAmount: 5 });
    try {
      const casino = await newPlayer(app.test);
      await fundPlayer(app.test, casino.token, 20_00n);
      expect((await dice(app, casino, 4.9)).http).toBe(200);
      expect((await userInfo(app.test, casino)).level).toBe(1);
      expect((await dice(app, casino, 0.1)).http).toBe(200);
      expect((await userInfo(app.test, casino)).level).toBe(2);

      const sports = await newPlayer(app.test);
      await fundPlayer(app.test, sports.token, 20_00n);
      const match = await createMatch(app);
      expect((await bet(app, sports, 5, [pick(match, 'winAlone', 'home')])).http).toBe(200);
      expect((await userInfo(app.test, sports)).level).toBe(2);
    } finally {
      await level2({});
    }
    // With the spec's thresholds back, R$ 5 staked without a deposit is level 1 for a new player.
    const later = await newPlayer(app.test);
    await fundPlayer(app.test, later.token, 20_00n);
    expect((await dice(app, later, 5)).http).toBe(200);
    expect((await userInfo(app.test, later)).level).toBe(1);
  });

  it("an operator's thresholds are the one table: the level, the user object's nextlevel and the VIP status follow an edit", async () => {
    // The spec's level 2 is R$ 10 deposited and R$ 100 staked; the operator asks R$ 15 and R$ 150.
    await level2({ paySumAmount: 15, gameSumAmount: 150 });
    try {
      const player = await newPlayer(app.test);
      expect((await userInfo(app.test, player)).nextlevel).toEqual({ paySumAmount: 15, gameSumAmount: 150 });
      expect((await get(app, player, '/api/app/vip/status')).data.next).toEqual({
        level: 2,
        paySumAmount: 15,
        gameSumAmount: 150,
      });
      await deposit(app.test, player, 10_00n);
      await fundPlayer(app.test, player.token, 200_00n);
      expect((await dice(app, player, 100)).http).toBe(200);
      expect((await userInfo(app.test, player)).level).toBe(1); // the spec's level 2 met, not the operator's
      await deposit(app.test, player, 10_00n);
      expect((await userInfo(app.test, player)).level).toBe(1);
      expect((await dice(app, player, 50)).http).toBe(200);
      const user = await userInfo(app.test, player);
      expect([user.level, user.nextlevel]).toEqual([2, { paySumAmount: 50, gameSumAmount: 500 }]);
      expect((await get(app, player, '/api/app/vip/status')).data).toMatchObject({
        level: 2,
        next: { level: 3, paySumAmount: 50, gameSumAmount: 500 },
      });
    } finally {
      await level2({});
    }
  });

  it('pays a reached level reward once, even when two devices claim at once', async () => {
    const player = await newPlayer(app.test);
    expect((await post(app, player, '/api/app/vip/claim/2')).http).toBe(409); // not reached
    await deposit(app.test, player, 10_00n);
    await fundPlayer(app.test, player.token, 100_00n);
    expect((await dice(app, player, 100)).http).toBe(200);
    expect((await userInfo(app.test, player)).level).toBe(2);
    const before = await balances(app.test, player);
    const answers = await Promise.all([
      post(app, player, '/api/app/vip/claim/2'),
      post(app, player, '/api/app/vip/claim/2'),
    ]);
    expect(answers.map((answer) => answer.http).sort()).toEqual([200, 409]);
    const after = await balances(app.test, player);
    expect(after.freeBalance - before.freeBalance).toBeCloseTo(2, 2);
    expect((await post(app, player, '/api/app/vip/claim/2')).http).toBe(409);
    expect((await post(app, player, '/api/app/vip/claim/3')).http).toBe(409);
    expect((await post(app, player, '/api/app/vip/claim/1')).http).toBe(404);
    const status = (await get(app, player, '/api/app/vip/status')).data;
    expect(status.rewards[0]).toEqual({ level: 2, amount: 2, claimed: true });
    const bonus = (await get(app, player, '/api/app/bonus')).data;
    expect(bonus.history[0]).toMatchObject({ kind: 'vip', amount: 2 });
    await expectLedgerClean(app.test);
  });

  it("the level's daily cap and count bound getWithdraw", async () => {
    const player = await newPlayer(app.test);
    await fundPlayer(app.test, player.token, 1000_00n);
    // Level 1 caps R$ 500 a day, never more than level 2 (decision 0029).
    expect(await withdrawInfo(app.test, player)).toMatchObject({ wdAmount: 500, dayMax: 500, dayCount: 99 });
    await asOwner(app, 'POST', '/api/admin/vip/levels/1', {
      paySumAmount: 0,
      gameSumAmount: 0,
      withdrawDayMax: 300,
      withdrawDayCount: 2,
      reward: 0,
    });
    try {
      expect(await withdrawInfo(app.test, player)).toMatchObject({ wdAmount: 300, number: 2 });
    } finally {
      await asOwner(app, 'POST', '/api/admin/vip/levels/1', {
        paySumAmount: 0,
        gameSumAmount: 0,
        withdrawDayMax: 500,
        withdrawDayCount: 99,
        reward: 0,
      });
    }
  });

  it('the back office cannot save a level whose daily cap is below the level before it (400, nothing saved)', async () => {
    const level2Row = {
      paySumAmount: 10,
      gameSumAmount: 100,
      withdrawDayMax: 500,
      withdrawDayCount: 99,
      reward: 2,
    };
    const save = (fields: Record<string, number>) =>
      call(app.test, 'POST', '/api/admin/vip/levels/2', app.operatorToken, { ...level2Row, ...fields });
    const answer = await save({ withdrawDayMax: 499 });
    expect([answer.http, answer.message]).toEqual([
      400,
      'O limite diário de saque (valor e quantidade) de um nível não pode ser menor que o do nível anterior',
    ]);
    expect((await save({ withdrawDayCount: 98 })).http).toBe(400);
    const player = await newPlayer(app.test);
    const levels = (await get(app, player, '/api/app/vip/levels')).data;
    expect(levels[1]).toMatchObject({ withdrawDayMax: 500, withdrawDayCount: 99 });
  });

  it('the back office list shows the table as saved, and saving a level with the values it shows is accepted', async () => {
    const list = await call(app.test, 'GET', '/api/admin/vip/levels', app.operatorToken);
    const rows = list.data as {
      level: number;
      withdrawDayMax: number;
      withdrawDayCount: number;
      reward: number;
    }[];
    // Every level's own count (99 by default): never the row's position in the list.
    expect(rows.map((row) => row.withdrawDayCount)).toEqual(Array(11).fill(99));
    const shown = rows[1]!;
    const saved = await call(app.test, 'POST', '/api/admin/vip/levels/2', app.operatorToken, {
      ...shown,
      reward: 25,
    });
    try {
      expect([saved.http, saved.data]).toEqual([200, { ...shown, reward: 25 }]);
      // A real decrease below level 1 is still refused.
      const lower = await call(app.test, 'POST', '/api/admin/vip/levels/2', app.operatorToken, {
        ...shown,
        withdrawDayCount: rows[0]!.withdrawDayCount - 1,
      });
      expect(lower.http).toBe(400);
    } finally {
      await call(app.test, 'POST', '/api/admin/vip/levels/2', app.operatorToken, shown);
    }
  });

  it('refuses a table whose thresholds fall from one level to the next, and audits a change', async () => {
    const player = await newPlayer(app.test);
    expect((await post(app, player, '/api/admin/vip/levels/3', {})).http).toBe(401);
    const answer = await app.test.app.inject({
      method: 'POST',
      url: '/api/admin/vip/levels/3',
      headers: { authorization: app.operatorToken },
      payload: {
        paySumAmount: 5,
        gameSumAmount: 500,
        withdrawDayMax: 4000,
        withdrawDayCount: 99,
        reward: 10,
      },
    });
    expect(answer.statusCode).toBe(400);
    const audit = await asOwner(app, 'GET', '/api/admin/audit?action=vip.level&page=1&size=5');
    expect(audit.total).toBeGreaterThan(0);
  });

  it('only marketing (and the owner) edit the table; finance reads the campaign costs', async () => {
    const marketing = await newOperator(app.test, app.operatorToken, ['marketing']);
    const finance = await newOperator(app.test, app.operatorToken, ['finance']);
    const body = {
      paySumAmount: 10,
      gameSumAmount: 100,
      withdrawDayMax: 500,
      withdrawDayCount: 99,
      reward: 2,
    };
    expect((await call(app.test, 'POST', '/api/admin/vip/levels/2', finance.token, body)).http).toBe(403);
    expect((await call(app.test, 'POST', '/api/admin/vip/levels/2', marketing.token, body)).http).toBe(200);
    expect((await call(app.test, 'GET', '/api/admin/discounts', finance.token)).http).toBe(403);
    const costs = await call(
      app.test,
      'GET',
      '/api/admin/engagement/costs?from=2026-01-01&to=2026-01-31',
      finance.token,
    );
    expect(costs.http).toBe(200);
  });
});
