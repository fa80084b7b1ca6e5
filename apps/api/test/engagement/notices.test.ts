import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundPlayer } from '../games/fund.ts';
import { TEST_DATABASE } from '../harness.ts';
import { call, newPlayer } from '../wallet/helpers.ts';
import { asOwner, createEngageApp, dice, type EngageApp, get, listen } from './helpers.ts';

/** Notices for players, the runtime config, and `/bonus` with its wagering progress (api-contract section 13). */
describe(`notices, config and bonus (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  beforeAll(async () => {
    app = await createEngageApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists enabled notices newest first, and a published notice reaches connected players live', async () => {
    const player = await newPlayer(app.test);
    const socket = await listen(app, player);
    const first = await asOwner(app, 'POST', '/api/admin/notices', {
      title: 'Um',
      content: 'Primeiro',
      enabled: true,
    });
    await asOwner(app, 'POST', '/api/admin/notices', { title: 'Oculto', content: 'Não', enabled: false });
    const second = await asOwner(app, 'POST', '/api/admin/notices', {
      title: 'Dois',
      content: 'Segundo',
      enabled: true,
    });
    expect(await socket.waitFor('notice', (notice: { id: number }) => notice.id === second.id)).toEqual({
      id: second.id,
      title: 'Dois',
      content: 'Segundo',
    });
    const notices = (await call(app.test, 'GET', '/api/app/main/notices')).data;
    expect(notices.map((notice: { title: string }) => notice.title)).toEqual(['Dois', 'Um']);
    expect(notices[1]).toEqual({ id: first.id, title: 'Um', content: 'Primeiro', time: expect.any(Number) });
  });

  it('answers the runtime config with onlineBase', async () => {
    const config = (await call(app.test, 'GET', '/api/app/main/config')).data;
    expect(config).toMatchObject({
      telegram: expect.any(String),
      supportId: expect.any(String),
      onlineBase: expect.any(Number),
    });
  });

  it('shows the wagering of bonus credits and its progress as the player stakes', async () => {
    const player = await newPlayer(app.test);
    expect((await get(app, player, '/api/app/bonus')).data).toMatchObject({
      freeBalance: 0,
      wagering: { required: 0, done: 0 },
      history: [],
      // The multiples the server applies, the one source the pages print (decision 0028).
      rules: { depositGift: 15 },
    });
    await asOwner(app, 'POST', '/api/admin/rewards/rules/gift', { wageringMultiple: 3, toCash: false });
    await asOwner(app, 'POST', '/api/admin/awards', { uIds: [player.uId], title: 'Presente', amount: 10 });
    const gift = (await get(app, player, '/api/app/main/gifts')).data[0];
    expect((await call(app.test, 'POST', `/api/app/main/gifts/${gift.id}/receive`, player.token)).http).toBe(
      200,
    );
    expect((await get(app, player, '/api/app/bonus')).data).toMatchObject({
      freeBalance: 10,
      wagering: { required: 30, done: 0 },
      history: [{ kind: 'gift', amount: 10 }],
    });
    await fundPlayer(app.test, player.token, 20_00n);
    expect((await dice(app, player, 12)).http).toBe(200);
    expect((await get(app, player, '/api/app/bonus')).data.wagering).toEqual({ required: 30, done: 12 });
    // A rule that pays cash adds no wagering and leaves the bonus balance alone.
    await asOwner(app, 'POST', '/api/admin/rewards/rules/gift', { wageringMultiple: 1, toCash: true });
    await asOwner(app, 'POST', '/api/admin/awards', { uIds: [player.uId], title: 'Dinheiro', amount: 5 });
    const cash = (await get(app, player, '/api/app/main/gifts')).data[0];
    const received = await call(app.test, 'POST', `/api/app/main/gifts/${cash.id}/receive`, player.token);
    expect(received.data.freeBalance).toBe(10);
    expect((await get(app, player, '/api/app/bonus')).data.wagering).toEqual({ required: 30, done: 12 });
    await asOwner(app, 'POST', '/api/admin/rewards/rules/gift', { wageringMultiple: 1, toCash: false });
  });
});
