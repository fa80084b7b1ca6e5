import { centsToDecimalString } from '@aposta/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.ts';
import { BAD_SIGNATURE_ROWS_PER_MINUTE } from '../../src/modules/wallet/webhook.routes.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  balances,
  deliverWebhook,
  expectLedgerClean,
  newPlayer,
  packageOf,
  pixBody,
  prePay,
  pspPix,
  WEBHOOK_URL,
  webhookOutcomes,
} from './helpers.ts';

/**
 * A signed confirmation must also be believable: its payment time falls inside the order's life (5 minutes of
 * clock skew allowed). Deliveries are rate limited per address, and refused ones are kept only up to a quota per
 * minute, so a flood of bad signatures neither fills the table nor slows the server.
 */
describe(`webhook abuse (${TEST_DATABASE})`, () => {
  const PER_MINUTE = 30;
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerMinute: 10_000, webhookPerMinute: PER_MINUTE },
    });
  });
  afterAll(async () => test.close());

  it('a signed confirmation whose payment time is outside the order life credits nothing', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 5_000n), 0);
    const amount = centsToDecimalString(5_000n);
    for (const horario of [new Date(0), new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000)]) {
      const answer = await deliverWebhook(test, pspPix(test, order.payNo, amount, horario));
      expect(answer.json().data.outcomes, horario.toISOString()).toEqual(['bad_payment_time']);
    }
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    const onTime = await deliverWebhook(
      test,
      pspPix(test, order.payNo, amount, new Date(Date.now() - 60_000)),
    );
    expect(onTime.json().data.outcomes).toEqual(['credited']);
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  const badDelivery = (remoteAddress: string) =>
    test.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      remoteAddress,
      payload: pixBody('forged', '1000.00'),
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-webhook-signature': '0'.repeat(64),
      },
    });
  const kept = async () =>
    (await webhookOutcomes(test)).filter((outcome) => outcome === 'bad_signature').length;

  it('rate limits deliveries per address and keeps only a quota of refused ones', async () => {
    const before = await kept();
    const codes = [];
    for (let i = 0; i < PER_MINUTE + 10; i += 1) codes.push((await badDelivery('203.0.113.9')).statusCode);
    expect(codes.slice(0, PER_MINUTE).every((code) => code === 401)).toBe(true);
    expect(codes.slice(PER_MINUTE).every((code) => code === 429)).toBe(true);
    // From many addresses: each is refused, and the table still grows by the quota at most.
    for (let i = 0; i < 40; i += 1) expect((await badDelivery(`198.51.100.${i + 1}`)).statusCode).toBe(401);
    expect((await kept()) - before).toBeLessThanOrEqual(BAD_SIGNATURE_ROWS_PER_MINUTE);
    expect(await kept()).toBeGreaterThan(0);
  });
});
