import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  balances,
  call,
  deliverWebhook,
  expectLedgerClean,
  newPlayer,
  packageOf,
  prePay,
  pspPix,
  webhookOutcomes,
} from './helpers.ts';

/**
 * 'Cancelar recarga' (api-contract section 5): a pending deposit becomes '01' here and its charge is removed at
 * the provider, so the payer can no longer pay it; a paid order is 409; a payment that still arrives is kept
 * for refund and never credited; another player's order is 404.
 */
describe(`deposit cancel (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const cancel = (token: string | undefined, orderId: number, lang?: string) =>
    call(test, 'POST', `/api/app/order/cancel/${orderId}`, token, undefined, lang ? { lang } : {});
  const status = async (token: string, orderId: number) =>
    (await call(test, 'GET', `/api/app/order/getStatus/${orderId}`, token)).data.status;

  it('cancels a pending order: it becomes 01 and the payer can no longer pay the charge', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 3_000n), 0);
    const answer = await cancel(player.token, order.orderId);
    expect(answer.http).toBe(200);
    expect(answer.data).toEqual({ status: '01' });
    expect(await status(player.token, order.orderId)).toBe('01');

    expect(await test.payer.pay(order.payNo)).toBe('expired');
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    const records = await call(test, 'GET', '/api/app/order/records?type=10', player.token);
    expect(records.data.records[0]).toMatchObject({ orderId: order.orderId, status: '01' });
  });

  it('cancelling twice changes nothing the second time', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 3_000n), 0);
    expect((await cancel(player.token, order.orderId)).data).toEqual({ status: '01' });
    const again = await cancel(player.token, order.orderId);
    expect(again.http).toBe(200);
    expect(again.data).toEqual({ status: '01' });
  });

  it('refuses a paid order with 409 in the caller language, and the order stays paid', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 4_000n), 0);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    const answer = await cancel(player.token, order.orderId, 'en_US');
    expect(answer.http).toBe(409);
    expect(answer.status).toBe(409);
    expect(answer.message).toBe('This order has already been paid and can no longer be cancelled');
    expect(await status(player.token, order.orderId)).toBe('10');
    expect(await balances(test, player)).toEqual({ balance: 40, freeBalance: 0 });
  });

  it('refuses with 409 when the payer paid at the provider before the cancel arrived; the payment credits', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 2_500n), 0);
    // The payer settles the charge at the PSP; its webhook has not reached us yet.
    const emulator = test.ctx.payments.emulator!;
    const { pix } = await emulator.payCob(order.payNo, { notify: false });
    const answer = await cancel(player.token, order.orderId);
    expect(answer.http).toBe(409);
    expect(await status(player.token, order.orderId)).toBe('00');
    expect(await emulator.notify([pix])).toBe(200);
    expect(await status(player.token, order.orderId)).toBe('10');
    expect(await balances(test, player)).toEqual({ balance: 25, freeBalance: 0 });
  });

  it('records a payment that still arrives after the cancel for refund, and credits nothing', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 6_000n, 1_000n), 1);
    expect((await cancel(player.token, order.orderId)).http).toBe(200);
    const late = await deliverWebhook(test, pspPix(test, order.payNo, '60.00'));
    expect(late.statusCode).toBe(200);
    expect(await webhookOutcomes(test, order.payNo)).toEqual(['refund_due']);
    expect(await status(player.token, order.orderId)).toBe('01');
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it("answers 404 for another player's order, a withdrawal or an unknown id, and changes nothing", async () => {
    const owner = await newPlayer(test);
    const stranger = await newPlayer(test);
    const order = await prePay(test, owner, await packageOf(test, 3_000n), 0);
    const peek = await cancel(stranger.token, order.orderId);
    expect(peek.http).toBe(404);
    expect(peek.status).toBe(404);
    expect(await status(owner.token, order.orderId)).toBe('00');
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect((await cancel(owner.token, 99_999_999)).http).toBe(404);
    expect((await cancel(owner.token, 0)).http).toBe(400);
  });

  it('needs a logged-in player', async () => {
    const answer = await cancel(undefined, 1);
    expect(answer.http).toBe(401);
    expect(answer.status).toBe(40101);
  });
});
