import { centsToDecimalString } from '@aposta/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  balances,
  deliverWebhook,
  newPlayer,
  packageOf,
  pixBody,
  prePay,
  pspPix,
  WEBHOOK_URL,
} from './helpers.ts';

/**
 * Deliveries are authenticated before they are counted (decision 0056): forged ones use up only their address's
 * allowance, so a genuine delivery from the same address during a flood of forged ones is credited at once
 * (before, it was refused with 429 and waited for the next minute).
 */
describe(`webhook flood (${TEST_DATABASE})`, () => {
  const PER_MINUTE = 30;
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerMinute: 10_000, webhookPerMinute: PER_MINUTE },
    });
  });
  afterAll(async () => test.close());

  const forged = () =>
    test.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      payload: pixBody('forged', '1000.00'),
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-webhook-signature': '0'.repeat(64),
      },
    });

  it('credits a genuine delivery sent from the address of a flood of forged ones', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 5_000n), 0);
    const codes = [];
    for (let i = 0; i < PER_MINUTE * 3; i += 1) codes.push((await forged()).statusCode);
    expect(codes.slice(0, PER_MINUTE).every((code) => code === 401)).toBe(true);
    expect(codes.slice(PER_MINUTE).every((code) => code === 429)).toBe(true);
    const genuine = await deliverWebhook(
      test,
      pspPix(test, order.payNo, centsToDecimalString(5_000n), new Date(Date.now() - 60_000)),
    );
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json().data.outcomes).toEqual(['credited']);
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
    // Genuine deliveries are counted per PSP, generously: many more than one address's allowance get through.
    for (let i = 0; i < PER_MINUTE * 2; i += 1) {
      const again = await deliverWebhook(
        test,
        pspPix(test, order.payNo, centsToDecimalString(5_000n), new Date(Date.now() - 60_000)),
      );
      expect(again.statusCode).toBe(200);
    }
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
  });
});
