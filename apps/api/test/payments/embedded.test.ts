import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScope } from '../../src/config/pix.config.ts';
import { createTestApp, TEST_DATABASE, type TestApp, testConfig } from '../harness.ts';
import { balances, call, newPlayer, packageOf, prePay, runJobsNow } from '../wallet/helpers.ts';

/**
 * PAYMENTS_PROVIDER=apipix without PIX_API_URL: the development server's in-process emulator (no TLS between it and
 * us, so its deliveries carry the HMAC option). The token request is form-urlencoded with the scopes, the emulator
 * enforces them, and "pay" on its payer page credits the order.
 */
let test: TestApp;
beforeAll(async () => {
  const base = testConfig();
  test = await createTestApp({
    paymentsProvider: 'apipix',
    pix: { ...base.pix, payouts: 'efi', scope: defaultScope() },
  });
  await runJobsNow(test);
}, 120_000);
afterAll(async () => test.close());

describe(`the in-process PSP emulator (${TEST_DATABASE})`, () => {
  it('registers the webhook, charges, and a payment on its payer page is credited', async () => {
    expect(test.ctx.payments.emulator!.webhooks.size).toBe(1);
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 2_000n), 0);
    const paid = await test.app.inject({
      method: 'POST',
      url: `/api/pay/emulator/_emulator/cob/${order.payNo}/pay`,
    });
    expect(paid.json().data.result).toBe('paid');
    const status = await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token);
    expect(status.data.status).toBe('10');
    expect(await balances(test, player)).toEqual({ balance: 20, freeBalance: 0 });
  });
});
