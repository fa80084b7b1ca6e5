import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import { accountCents, expectLedgerClean, newPlayer, packageOf, prePay } from '../wallet/helpers.ts';
import { asOwner, createEngageApp, type EngageApp, get } from './helpers.ts';

/**
 * 'Depositar sem bônus' (issue 27): with the opt-out ticked (`gift=0`) no deposit reward of any kind is credited,
 * neither the package's gift nor a discount campaign's extra; and the back office's deposit list shows exactly what
 * each order credited as bonus.
 */
describe(`deposit rewards and the opt-out (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  let campaigns: { id: number }[] = [];
  beforeAll(async () => {
    app = await createEngageApp();
    const window = { startsAt: Date.now() - 60_000, endsAt: Date.now() + 3_600_000, enabled: true };
    campaigns = [
      await asOwner(app, 'POST', '/api/admin/discounts', {
        name: 'Recarga 10 %',
        audience: 'everyone',
        discount: 0.1,
        hours: null,
        ...window,
      }),
      await asOwner(app, 'POST', '/api/admin/discounts', {
        name: 'Primeiro depósito 5 %',
        audience: 'first_deposit',
        discount: 0.05,
        hours: 24,
        ...window,
      }),
    ];
  });
  afterAll(async () => {
    for (const campaign of campaigns) {
      await asOwner(app, 'POST', `/api/admin/discounts/${campaign.id}`, { enabled: false });
    }
    await app.close();
  });

  const bonusCents = (userId: bigint) => accountCents(app.test, 'player_bonus', { userId });
  const wageringCents = async (userId: bigint) =>
    (
      await app.test.ctx.db
        .selectFrom('users')
        .select('wagering_remaining_cents')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).wagering_remaining_cents;
  const listedBonus = async (orderId: number) => {
    const page = await asOwner(app, 'GET', '/api/admin/deposits?page=1&size=50');
    return page.records.find((record: { orderId: number }) => record.orderId === orderId)?.gift;
  };

  it('with the opt-out ticked, no gift and no discount reach the ledger; the back office lists R$ 0,00', async () => {
    const player = await newPlayer(app.test);
    const pkgId = await packageOf(app.test, 100_00n, 20_00n);
    const order = await prePay(app.test, player, pkgId, 0);
    expect(await listedBonus(order.orderId)).toBe(0);
    expect(await app.test.payer.pay(order.payNo)).toBe('paid');
    expect(await accountCents(app.test, 'player_cash', { userId: player.userId })).toBe(100_00n);
    expect(await bonusCents(player.userId)).toBe(0n);
    expect(BigInt(await wageringCents(player.userId))).toBe(0n);
    expect(await listedBonus(order.orderId)).toBe(0);
    await expectLedgerClean(app.test);
  });

  it('taking the bonus credits gift and discount, and the back office lists exactly that sum', async () => {
    const player = await newPlayer(app.test);
    const pkgId = await packageOf(app.test, 100_00n, 20_00n);
    const order = await prePay(app.test, player, pkgId, 1);
    // Open: what the order will credit when paid (gift 20 + the best discount, 10 % of 100).
    expect(await listedBonus(order.orderId)).toBe(30);
    expect(await app.test.payer.pay(order.payNo)).toBe('paid');
    expect(await bonusCents(player.userId)).toBe(30_00n);
    expect(await listedBonus(order.orderId)).toBe(30);
    await expectLedgerClean(app.test);
  });

  it('GET /api/app/bonus names the wagering multiples the server applies, the one source the pages show', async () => {
    const player = await newPlayer(app.test);
    const { rules } = (await get(app, player, '/api/app/bonus')).data;
    const pkgId = await packageOf(app.test, 100_00n, 20_00n);
    const order = await prePay(app.test, player, pkgId, 1);
    expect(await app.test.payer.pay(order.payNo)).toBe('paid');
    // Gift R$ 20 × depositGift + discount R$ 10 × the discount reward's multiple: what the deposit added.
    expect(BigInt(await wageringCents(player.userId))).toBe(
      20_00n * BigInt(rules.depositGift) + 10_00n * BigInt(rules.rewards.discount),
    );
    expect(rules.depositGift).toBe(15);
    expect(rules.rewards).toMatchObject({ increase: 1, discount: 1, signin: 1 });
  });
});
