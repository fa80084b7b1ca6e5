import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReceiveRewards } from '../../src/modules/engagement/index.ts';
import { fundPlayer } from '../games/fund.ts';
import { TEST_DATABASE } from '../harness.ts';
import { balances, call, expectLedgerClean, newPlayer } from '../wallet/helpers.ts';
import { asOwner, createEngageApp, dice, type EngageApp, get, listen, post } from './helpers.ts';

/**
 * Awards (the home popup's gifts), activities with a stake target, the increase reward and the events that go
 * with them (api-contract sections 7 and 13). Each reward is credited once, however many devices ask at once.
 */
describe(`awards, activities and the increase reward (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  beforeAll(async () => {
    app = await createEngageApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('an award granted by the operator waits (userGift 1) and is received once, from two devices at once', async () => {
    const player = await newPlayer(app.test);
    expect((await get(app, player, '/api/app/main/userGift')).data).toBe(0);
    const socket = await listen(app, player);
    expect(
      await asOwner(app, 'POST', '/api/admin/awards', {
        uIds: [player.uId],
        title: 'Bem-vindo',
        amount: 7.5,
      }),
    ).toEqual({
      granted: 1,
    });
    await socket.waitFor('updateUserInfo');
    expect((await get(app, player, '/api/app/main/userGift')).data).toBe(1);
    const gifts = (await get(app, player, '/api/app/main/gifts')).data;
    expect(gifts).toEqual([{ id: expect.any(Number), title: 'Bem-vindo', amount: 7.5 }]);
    const answers = await Promise.all([
      post(app, player, `/api/app/main/gifts/${gifts[0].id}/receive`),
      post(app, player, `/api/app/main/gifts/${gifts[0].id}/receive`),
    ]);
    expect(answers.map((answer) => answer.http).sort()).toEqual([200, 409]);
    expect((await balances(app.test, player)).freeBalance).toBe(7.5);
    expect(await socket.waitFor('freeBalance')).toEqual({ freeBalance: 7.5, czflag: 0 });
    expect((await get(app, player, '/api/app/main/userGift')).data).toBe(0);
    // Another player's award is "not found" for this one.
    const other = await newPlayer(app.test);
    await asOwner(app, 'POST', '/api/admin/awards', { uIds: [other.uId], title: 'Outro', amount: 1 });
    const otherGift = (await get(app, other, '/api/app/main/gifts')).data[0];
    expect((await post(app, player, `/api/app/main/gifts/${otherGift.id}/receive`)).http).toBe(404);
    await expectLedgerClean(app.test);
  });

  it('a self-excluded player receives nothing: canReceiveRewards says no and the call is refused (1403)', async () => {
    const player = await newPlayer(app.test);
    await asOwner(app, 'POST', '/api/admin/awards', { uIds: [player.uId], title: 'Bloqueado', amount: 1 });
    await app.test.ctx.db
      .updateTable('users')
      .set({ status: 'self_excluded' })
      .where('id', '=', player.userId)
      .execute();
    expect(await canReceiveRewards(app.test.ctx.db, player.userId)).toBe(false);
    const refused = await post(app, player, '/api/app/main/increase/receive');
    expect([refused.http, refused.status]).toEqual([500, 1403]);
    await app.test.ctx.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', player.userId)
      .execute();
    expect(await canReceiveRewards(app.test.ctx.db, player.userId)).toBe(true);
  });

  it('an activity with a stake target awards its reward once the player stakes enough; its cost is reported', async () => {
    const activity = await asOwner(app, 'POST', '/api/admin/activities', {
      title: 'Aposte R$ 10',
      image: '/activities/a.png',
      summary: 'Ganhe R$ 3',
      content: 'Regras: aposte R$ 10 no período.',
      startsAt: Date.now() - 3_600_000,
      endsAt: Date.now() + 86_400_000,
      targetStake: 10,
      reward: 3,
      enabled: true,
      sort: 1,
    });
    const player = await newPlayer(app.test);
    const running = (await get(app, player, '/api/app/activities')).data;
    expect(running.map((item: { id: number }) => item.id)).toContain(activity.id);
    await fundPlayer(app.test, player.token, 50_00n);
    expect((await dice(app, player, 6)).http).toBe(200);
    expect((await get(app, player, `/api/app/activities/${activity.id}`)).data).toMatchObject({
      content: 'Regras: aposte R$ 10 no período.',
      progress: { staked: 6, target: 10, reward: 3, reached: false },
    });
    expect((await get(app, player, '/api/app/main/userGift')).data).toBe(0);
    expect((await dice(app, player, 4)).http).toBe(200);
    expect((await get(app, player, `/api/app/activities/${activity.id}`)).data.progress.reached).toBe(true);
    expect((await get(app, player, '/api/app/main/userGift')).data).toBe(1);
    const gift = (await get(app, player, '/api/app/main/gifts')).data[0];
    expect(gift).toMatchObject({ title: 'Aposte R$ 10', amount: 3 });
    const before = (await balances(app.test, player)).freeBalance;
    expect((await post(app, player, `/api/app/main/gifts/${gift.id}/receive`)).http).toBe(200);
    expect((await balances(app.test, player)).freeBalance).toBeCloseTo(before + 3, 2);
    // Staking more does not award the same activity again.
    expect((await dice(app, player, 10)).http).toBe(200);
    expect((await get(app, player, '/api/app/main/gifts')).data).toEqual([]);
    expect((await get(app, player, `/api/app/activities/999999`)).http).toBe(404);
    // A guest sees the rules without progress.
    const guest = await call(app.test, 'GET', `/api/app/activities/${activity.id}`);
    expect(guest.http).toBe(200);
    expect(guest.data).toMatchObject({ title: 'Aposte R$ 10', progress: null });

    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const costs = await asOwner(app, 'GET', `/api/admin/engagement/costs?from=${today}&to=${today}`);
    expect(costs).toContainEqual({ campaign: `activity:${activity.id}`, amount: 3, credits: 1 });
  });

  it('sends userBetAmount when stakes cross the threshold, and RECEBER credits the difference once', async () => {
    await asOwner(app, 'POST', '/api/admin/increase', { threshold: 10, bouns: 1.5, enabled: true });
    const player = await newPlayer(app.test);
    await fundPlayer(app.test, player.token, 100_00n);
    const socket = await listen(app, player);
    expect((await post(app, player, '/api/app/main/increase/receive')).http).toBe(409);
    expect((await dice(app, player, 6)).http).toBe(200);
    expect((await dice(app, player, 6)).http).toBe(200);
    expect(await socket.waitFor('userBetAmount')).toEqual({ bouns: 1.5, amount: 12 });
    const answers = await Promise.all([
      post(app, player, '/api/app/main/increase/receive'),
      post(app, player, '/api/app/main/increase/receive'),
    ]);
    expect(answers.map((answer) => answer.http).sort()).toEqual([200, 409]);
    const bonus = (await get(app, player, '/api/app/bonus')).data;
    expect(bonus.history[0]).toMatchObject({ kind: 'increase', amount: 6 });
    // The next offer counts from this one: one more R$ 6 is not enough, R$ 12 more is.
    expect((await dice(app, player, 6)).http).toBe(200);
    // The bet's pushes leave before its answer; a probe sent now arrives after any of them.
    app.test.ctx.realtime.emitToUser(player.userId, 'probe', {});
    await socket.waitFor('probe');
    expect(socket.of('userBetAmount')).toHaveLength(1);
    expect((await dice(app, player, 6)).http).toBe(200);
    await socket.waitFor(
      'userBetAmount',
      (offer: { amount: number }) => offer.amount === 12 && socket.of('userBetAmount').length === 2,
    );
    await asOwner(app, 'POST', '/api/admin/increase', { threshold: 200, bouns: 1.05, enabled: true });
    await expectLedgerClean(app.test);
  });
});
