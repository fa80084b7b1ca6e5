import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context.ts';
import { pushUserInfoToConnected } from '../../src/modules/engagement/events.ts';
import { TEST_DATABASE } from '../harness.ts';
import { balances, expectLedgerClean, newPlayer, packageOf, prePay, userInfo } from '../wallet/helpers.ts';
import { asOwner, createEngageApp, type EngageApp, get, listen } from './helpers.ts';

/**
 * Deposit discounts (api-contract section 13): `payDiscount` in the user object while a campaign offers it; a
 * paid deposit credits price × discount extra once, and an order keeps the discount it was made with even when
 * the campaign ends before the payment arrives.
 */
describe(`deposit discounts (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  beforeAll(async () => {
    app = await createEngageApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a first-deposit campaign offers its discount for its hours after registration, until the first deposit', async () => {
    const campaign = await asOwner(app, 'POST', '/api/admin/discounts', {
      name: 'Primeiro depósito',
      audience: 'first_deposit',
      discount: 0.2,
      hours: 24,
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 30 * 86_400_000,
      enabled: true,
    });
    try {
      const player = await newPlayer(app.test);
      const user = await userInfo(app.test, player);
      expect(user.payDiscount.discount).toBe(0.2);
      expect(user.payDiscount.expiredTime).toBe(user.time + 24 * 3_600_000);
      const pkgId = await packageOf(app.test, 50_00n);
      const order = await prePay(app.test, player, pkgId, 1);
      expect(await app.test.payer.pay(order.payNo)).toBe('paid');
      expect(await balances(app.test, player)).toEqual({ balance: 50, freeBalance: 10 });
      expect((await userInfo(app.test, player)).payDiscount).toBeNull();
      const bonus = (await get(app, player, '/api/app/bonus')).data;
      expect(bonus.history[0]).toMatchObject({ kind: 'discount', amount: 10 });
    } finally {
      await asOwner(app, 'POST', `/api/admin/discounts/${campaign.id}`, { enabled: false });
    }
  });

  it('a first-deposit discount is paid on the first order paid, not on every order opened before it', async () => {
    const campaign = await asOwner(app, 'POST', '/api/admin/discounts', {
      name: 'Primeiro depósito em dobro',
      audience: 'first_deposit',
      discount: 0.2,
      hours: 24,
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 30 * 86_400_000,
      enabled: true,
    });
    try {
      const player = await newPlayer(app.test);
      const pkgId = await packageOf(app.test, 50_00n);
      // Three orders opened before any is paid: each carries the offer of the moment.
      const orders = [
        await prePay(app.test, player, pkgId, 1),
        await prePay(app.test, player, pkgId, 1),
        await prePay(app.test, player, pkgId, 1),
      ];
      for (const order of orders) expect(await app.test.payer.pay(order.payNo)).toBe('paid');
      expect(await balances(app.test, player)).toEqual({ balance: 150, freeBalance: 10 });
      await expectLedgerClean(app.test);
    } finally {
      await asOwner(app, 'POST', `/api/admin/discounts/${campaign.id}`, { enabled: false });
    }
  });

  it('an order keeps the discount it was made with when the campaign ends before payment; credited once', async () => {
    const campaign = await asOwner(app, 'POST', '/api/admin/discounts', {
      name: 'Fim de semana',
      audience: 'everyone',
      discount: 0.1,
      hours: null,
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 3_600_000,
      enabled: true,
    });
    const player = await newPlayer(app.test);
    expect((await userInfo(app.test, player)).payDiscount).toMatchObject({
      discount: 0.1,
      expiredTime: campaign.endsAt,
    });
    const pkgId = await packageOf(app.test, 100_00n);
    const order = await prePay(app.test, player, pkgId, 1);
    // The campaign ends between prePay and the payment.
    await asOwner(app, 'POST', `/api/admin/discounts/${campaign.id}`, {
      startsAt: Date.now() - 7_200_000,
      endsAt: Date.now() - 1_000,
    });
    expect((await userInfo(app.test, player)).payDiscount).toBeNull();
    expect(await app.test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(app.test, player)).toEqual({ balance: 100, freeBalance: 10 });
    // A repeated delivery of the payment credits nothing more.
    await app.test.payer.pay(order.payNo);
    expect(await balances(app.test, player)).toEqual({ balance: 100, freeBalance: 10 });
    // An order made after the campaign ended has no discount.
    const later = await prePay(app.test, player, pkgId, 1);
    expect(await app.test.payer.pay(later.payNo)).toBe('paid');
    expect(await balances(app.test, player)).toEqual({ balance: 200, freeBalance: 10 });
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const costs = await asOwner(app, 'GET', `/api/admin/engagement/costs?from=${today}&to=${today}`);
    expect(costs).toContainEqual({ campaign: `discount:${campaign.id}`, amount: 10, credits: 1 });
    await expectLedgerClean(app.test);
  });

  it('refuses a campaign that ends before it starts, and one for first deposits without hours', async () => {
    const base = { name: 'x', audience: 'everyone', discount: 0.1, hours: null, enabled: true };
    const call = (payload: object) =>
      app.test.app.inject({
        method: 'POST',
        url: '/api/admin/discounts',
        headers: { authorization: app.operatorToken },
        payload,
      });
    expect((await call({ ...base, startsAt: 2000, endsAt: 1000 })).statusCode).toBe(400);
    expect(
      (await call({ ...base, audience: 'first_deposit', startsAt: 1000, endsAt: 2000 })).statusCode,
    ).toBe(400);
    expect((await call({ ...base, discount: 1.5, startsAt: 1000, endsAt: 2000 })).statusCode).toBe(400);
    const decimals = await call({ ...base, discount: 0.12345, startsAt: 1000, endsAt: 2000 });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().message).toBe('Campo "discount" inválido: use no máximo 4 casas decimais');
    expect(
      (await call({ ...base, name: 'Quinze', discount: 0.15, startsAt: 1000, endsAt: 2000 })).statusCode,
    ).toBe(200);
  });
  it('a campaign the operator starts reaches connected players at once (updateUserInfo with payDiscount)', async () => {
    const player = await newPlayer(app.test);
    const socket = await listen(app, player);
    const campaign = await asOwner(app, 'POST', '/api/admin/discounts', {
      name: 'Happy hour',
      audience: 'everyone',
      discount: 0.15,
      hours: null,
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 3_600_000,
      enabled: true,
    });
    const pushed = (await socket.waitFor(
      'updateUserInfo',
      (user: { payDiscount: { discount: number } | null }) => user.payDiscount?.discount === 0.15,
    )) as { payDiscount: { expiredTime: number } };
    expect(pushed.payDiscount.expiredTime).toBe(campaign.endsAt);
    await asOwner(app, 'POST', `/api/admin/discounts/${campaign.id}`, { enabled: false });
    await socket.waitFor('updateUserInfo', (user: { payDiscount: unknown }) => user.payDiscount === null);
  });

  /**
   * The push after a discount change, with N players connected (a recording hub: the ids past the three real
   * players are sockets of players this database does not hold), counting every query it sends.
   */
  async function pushWith(connected: bigint[]) {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const toUser = new Map<bigint, unknown[]>();
    const broadcasts: { event: string; payload: unknown }[] = [];
    const realtime = {
      connectedPlayers: async () => connected,
      mayReach: async () => true,
      emitToUser(userId: bigint, event: string, payload: unknown) {
        if (event === 'updateUserInfo') toUser.set(userId, [...(toUser.get(userId) ?? []), payload]);
      },
      broadcast: (event: string, payload: unknown) => broadcasts.push({ event, payload }),
    };
    const ctx = {
      ...app.test.ctx,
      db: app.test.ctx.db.withPlugin(counting),
      realtime,
    } as unknown as AppContext;
    await pushUserInfoToConnected(ctx);
    // What a player's deposit page shows: the last payDiscount that reached them, by broadcast or to them alone.
    const seen = (userId: bigint) => {
      const own =
        toUser.get(userId)?.at(-1) ?? broadcasts.filter((b) => b.event === 'updateUserInfo').at(-1)?.payload;
      return (own as { payDiscount?: unknown } | undefined)?.payDiscount;
    };
    return { queries, toUser, broadcasts, seen };
  }

  it('a discount change reaches every connected player with a bounded number of queries', async () => {
    const fresh = await newPlayer(app.test);
    const paid = await newPlayer(app.test);
    const pkgId = await packageOf(app.test, 50_00n);
    expect(await app.test.payer.pay((await prePay(app.test, paid, pkgId, 1)).payNo)).toBe('paid');
    const others = Array.from({ length: 1_200 }, (_, index) => 10_000_000_000n + BigInt(index));
    const connected = [fresh.userId, paid.userId, ...others];

    const everyone = await asOwner(app, 'POST', '/api/admin/discounts', {
      name: 'Para todos',
      audience: 'everyone',
      discount: 0.1,
      hours: null,
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 3_600_000,
      enabled: true,
    });
    const first = await asOwner(app, 'POST', '/api/admin/discounts', {
      name: 'Primeiro depósito, só agora',
      audience: 'first_deposit',
      discount: 0.25,
      hours: 24,
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 3_600_000,
      enabled: true,
    });
    try {
      // Audience-specific: each player's own value, from one query per batch of players, not several per player.
      const specific = await pushWith(connected);
      expect(specific.seen(fresh.userId)).toMatchObject({ discount: 0.25 });
      expect(specific.seen(paid.userId)).toMatchObject({ discount: 0.1, expiredTime: everyone.endsAt });
      expect(specific.queries).toBeLessThanOrEqual(1 + Math.ceil(connected.length / 500));

      // Everyone sees the same offer: one broadcast of the partial user object, one query.
      await asOwner(app, 'POST', `/api/admin/discounts/${first.id}`, { enabled: false });
      const same = await pushWith(connected);
      expect(same.broadcasts).toEqual([
        {
          event: 'updateUserInfo',
          payload: { payDiscount: { discount: 0.1, expiredTime: everyone.endsAt } },
        },
      ]);
      expect(same.toUser.size).toBe(0);
      expect(same.queries).toBeLessThanOrEqual(1);
      expect(same.seen(fresh.userId)).toMatchObject({ discount: 0.1 });
    } finally {
      await asOwner(app, 'POST', `/api/admin/discounts/${first.id}`, { enabled: false });
      await asOwner(app, 'POST', `/api/admin/discounts/${everyone.id}`, { enabled: false });
    }
  });
});
