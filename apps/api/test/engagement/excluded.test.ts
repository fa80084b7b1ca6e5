import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReceiveRewards } from '../../src/modules/engagement/index.ts';
import { TEST_DATABASE } from '../harness.ts';
import { balances, deposit, expectLedgerClean, newPlayer } from '../wallet/helpers.ts';
import { asOwner, createEngageApp, type EngageApp, get, post } from './helpers.ts';

/**
 * Marketing stops for a player in a time-out or self-exclusion (issue 15): `canReceiveRewards` asks the
 * responsible-gambling module's exclusion table, not only the account status, so a status reopened by hand (and
 * a token that somehow survived) still receives nothing: no sign-in, VIP reward, gift or increase reward.
 */
describe(`no rewards while excluded (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  beforeAll(async () => {
    app = await createEngageApp();
    await asOwner(app, 'POST', '/api/admin/signin/rewards', { rewards: [1, 2, 3, 4, 5, 6, 10] });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a self-excluded player cannot claim sign-in, a VIP reward, a gift or the increase reward', async () => {
    const player = await newPlayer(app.test);
    await deposit(app.test, player, 10_00n); // reaches VIP level 2 (its reward: R$ 2)
    await asOwner(app, 'POST', '/api/admin/awards', { uIds: [player.uId], title: 'Presente', amount: 3 });
    const gifts = (await get(app, player, '/api/app/main/gifts')).data;
    expect(gifts).toHaveLength(1);
    expect((await get(app, player, '/api/app/vip/status')).data.rewards[0]).toMatchObject({ level: 2 });
    expect(await canReceiveRewards(app.test.ctx.db, player.userId)).toBe(true);

    const excluded = await post(app, player, '/api/app/rg/exclude', { period: '7d' });
    expect(excluded.http, excluded.message).toBe(200);
    expect(await canReceiveRewards(app.test.ctx.db, player.userId)).toBe(false);

    // Someone sets the status back by hand and the player's token lives again: the exclusion still holds.
    await app.test.ctx.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', player.userId)
      .execute();
    await app.test.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: null })
      .where('subject', '=', 'player')
      .where('subject_id', '=', player.userId)
      .execute();
    expect(await canReceiveRewards(app.test.ctx.db, player.userId)).toBe(false);

    for (const url of [
      '/api/app/signin',
      '/api/app/vip/claim/2',
      `/api/app/main/gifts/${gifts[0].id}/receive`,
      '/api/app/main/increase/receive',
    ]) {
      const refused = await post(app, player, url);
      expect([refused.http, refused.status], url).toEqual([500, 1403]);
    }
    expect((await get(app, player, '/api/app/main/userGift')).data).toBe(0);
    expect((await get(app, player, '/api/app/main/gifts')).data).toEqual([]);
    expect(await balances(app.test, player)).toEqual({ balance: 10, freeBalance: 0 });
    await expectLedgerClean(app.test);
  });
});
