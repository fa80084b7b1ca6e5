import { centsToDecimalString } from '@aposta/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/lib/webhook-signature.ts';
import { scheduleJob } from '../../src/modules/jobs/jobs.service.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  balances,
  call,
  deliverWebhook,
  expectLedgerClean,
  newPlayer,
  packageOf,
  pixBody,
  prePay,
  pspPix,
  runJobsNow,
  sharedPostgresDatabase,
  userInfo,
  WEBHOOK_URL,
  webhookOutcomes,
} from './helpers.ts';

/**
 * The PSP's confirmation, the only thing that credits a deposit (api-contract sections 5 and 6). A delivery with a
 * bad signature or a stale timestamp is refused with 401 and recorded as bad_signature; a confirmation for a charge
 * we never created, for an expired order or for a different amount moves nothing and is recorded for the
 * operator. On real PostgreSQL: the same delivery arriving five times at once credits once, and a server that
 * dies between creating the charge and receiving the webhook loses nothing.
 */
describe(`payment webhooks (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  async function openOrder(cents: bigint) {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, cents), 0);
    return { player, order, body: pspPix(test, order.payNo, centsToDecimalString(cents)) };
  }

  const badSignatureCount = async () =>
    (await webhookOutcomes(test)).filter((outcome) => outcome === 'bad_signature').length;

  it('refuses a body signed with another secret: 401, nothing moves, recorded as bad_signature', async () => {
    const { player, order, body } = await openOrder(5_000n);
    const before = await badSignatureCount();
    const response = await deliverWebhook(test, body, { secret: 'not-the-webhook-secret-at-all' });
    expect(response.statusCode).toBe(401);
    // The error catalogue's envelope, like every other refusal.
    expect(response.json()).toEqual({
      status: 40101,
      message: 'Assinatura do webhook inválida ou expirada',
      data: null,
    });
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('00');
    expect(await badSignatureCount()).toBe(before + 1);
    // A tampered amount under a genuine signature is refused the same way; the genuine body is then credited.
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook(test.ctx.config.pix.webhookSecret, timestamp, body);
    const tampered = body.replace('"valor":"50.00"', '"valor":"5000.00"');
    expect(tampered).not.toBe(body);
    const replayed = await deliverWebhook(test, tampered, { timestamp, signature });
    expect(replayed.statusCode).toBe(401);
    expect(await badSignatureCount()).toBe(before + 2);
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    const signed = await deliverWebhook(test, body, { timestamp, signature });
    expect(signed.statusCode).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('refuses a correctly signed delivery older than 300 s: 401, nothing moves, recorded as bad_signature', async () => {
    const { player, order, body } = await openOrder(5_000n);
    const before = await badSignatureCount();
    const stale = await deliverWebhook(test, body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect(await badSignatureCount()).toBe(before + 1);
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    const missing = await test.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(401);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('00');
    // Within the window, the same body is accepted.
    const fresh = await deliverWebhook(test, body, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(fresh.statusCode).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
  });

  it('records a signed confirmation for an unknown txid as unknown_charge and moves nothing', async () => {
    const txid = 'z'.repeat(32);
    const response = await deliverWebhook(test, pspPix(test, txid, '50.00'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.outcomes).toEqual(['unknown_charge']);
    expect(await webhookOutcomes(test, txid)).toEqual(['unknown_charge']);
    const moved = await test.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference_id', '=', txid)
      .execute();
    expect(moved).toEqual([]);
    await expectLedgerClean(test);
  });

  it('an order expired by its job reads -01 and is never credited by a payment after its end, by the payer at the PSP or by a signed webhook', async () => {
    const { player, order, body } = await openOrder(7_000n);
    // Its life ends before the payment's horario (a payment within its life, told late, is credited: issue 29).
    await test.ctx.db
      .updateTable('orders')
      .set({ expires_at: sql<Date>`created_at` })
      .where('id', '=', BigInt(order.orderId))
      .execute();
    await runJobsNow(test);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('-01');

    const signed = await deliverWebhook(test, body);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.outcomes).toEqual(['expired_charge']);
    await test.payer.pay(order.payNo);
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    expect((await userInfo(test, player)).paySumAmount).toBe(0);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('-01');
    expect(await webhookOutcomes(test, order.payNo)).toEqual(['expired_charge', 'expired_charge']);
    const records = await call(test, 'GET', '/api/app/order/records', player.token);
    expect(records.data.records[0]).toMatchObject({ orderId: order.orderId, status: '01' });
    await expectLedgerClean(test);
  });

  it('a payment after expires_at is refused even before the expiry job has run', async () => {
    const { player, order, body } = await openOrder(7_100n);
    await test.ctx.db
      .updateTable('orders')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', BigInt(order.orderId))
      .execute();
    const signed = await deliverWebhook(test, body);
    expect(signed.json().data.outcomes).toEqual(['expired_charge']);
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('an open order is not expired by its job before its time', async () => {
    const { player, order } = await openOrder(7_000n);
    await runJobsNow(test);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('00');
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(test, player)).toEqual({ balance: 70, freeBalance: 0 });
  });

  it('a confirmation for a different amount moves nothing (amount_mismatch); the right amount still credits', async () => {
    const { player, order } = await openOrder(8_000n);
    const less = await deliverWebhook(test, pspPix(test, order.payNo, '79.99'));
    expect(less.json().data.outcomes).toEqual(['amount_mismatch']);
    const more = await deliverWebhook(test, pspPix(test, order.payNo, '800.00'));
    expect(more.json().data.outcomes).toEqual(['amount_mismatch']);
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('00');
    const right = await deliverWebhook(test, pspPix(test, order.payNo, '80.00'));
    expect(right.json().data.outcomes).toEqual(['credited']);
    expect(await balances(test, player)).toEqual({ balance: 80, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('answers 400 for a signed body that is not a confirmation, and 404 for an unknown provider', async () => {
    const malformed = await deliverWebhook(test, JSON.stringify({ hello: 'world' }));
    expect(malformed.statusCode).toBe(400);
    const unknown = await test.app.inject({ method: 'POST', url: '/api/pay/webhook/acme', payload: '{}' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a delivery that fails on our side is made up by the charge poll (GET /cob), then credited once', async () => {
    const { player, order } = await openOrder(6_600n);
    const db = test.ctx.db;
    // A database hiccup while crediting: the receiver answers 500; the PSP's delivery is lost.
    await sql`CREATE FUNCTION test_hiccup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'database hiccup'; END $$`.execute(db);
    await sql`CREATE TRIGGER test_hiccup BEFORE INSERT ON webhook_events
      FOR EACH ROW EXECUTE FUNCTION test_hiccup()`.execute(db);
    try {
      expect(await test.payer.pay(order.payNo)).toBe('paid');
    } finally {
      await sql`DROP TRIGGER test_hiccup ON webhook_events`.execute(db);
      await sql`DROP FUNCTION test_hiccup()`.execute(db);
    }
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('00');

    await scheduleJob(db, 'poll_pix_charges', {});
    await runJobsNow(test);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('10');
    expect(await balances(test, player)).toEqual({ balance: 66, freeBalance: 0 });
    await scheduleJob(db, 'poll_pix_charges', {});
    await runJobsNow(test);
    expect(await balances(test, player)).toEqual({ balance: 66, freeBalance: 0 });
    expect(await webhookOutcomes(test, order.payNo)).toEqual(['credited']);
    await expectLedgerClean(test);
  });

  it('a signed delivery of a Pix the PSP never received is not credited (unconfirmed)', async () => {
    const { player, order } = await openOrder(6_700n);
    const forged = await deliverWebhook(test, pixBody(order.payNo, '67.00'));
    expect(forged.json().data.outcomes).toEqual(['unconfirmed']);
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it.skipIf(TEST_DATABASE !== 'postgres')(
    'credits once when the same signed delivery arrives 5 times at once (PostgreSQL only: PGlite runs one query at a time, so nothing races)',
    async () => {
      const { player, order, body } = await openOrder(9_900n);
      const timestamp = Math.floor(Date.now() / 1000);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => deliverWebhook(test, body, { timestamp })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await balances(test, player)).toEqual({ balance: 99, freeBalance: 0 });
      expect((await userInfo(test, player)).paySumAmount).toBe(99);
      const outcomes = await webhookOutcomes(test, order.payNo);
      expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
      await expectLedgerClean(test);
    },
  );

  it.skipIf(TEST_DATABASE !== 'postgres')(
    'loses nothing when the server dies between creating the charge and the webhook (PostgreSQL only: two servers need one shared database)',
    async () => {
      const shared = await sharedPostgresDatabase();
      try {
        const first = await shared.app();
        const player = await newPlayer(first);
        const order = await prePay(first, player, await packageOf(first, 4_321n), 0);
        await first.close();

        const second = await shared.app();
        try {
          // The PSP outlives our server: its cob is still there for the payer.
          const cob = first.ctx.payments.emulator!.cobs.get(order.payNo)!;
          second.ctx.payments.emulator!.cobs.set(order.payNo, cob);
          expect(await second.payer.pay(order.payNo)).toBe('paid');
          expect(
            (await call(second, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data
              .status,
          ).toBe('10');
          expect(await balances(second, player)).toEqual({ balance: 43.21, freeBalance: 0 });
          expect(await webhookOutcomes(second, order.payNo)).toEqual(['credited']);
          await expectLedgerClean(second);
        } finally {
          await second.close();
        }
      } finally {
        await shared.drop();
      }
    },
  );
});
