import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayoutRail } from '../../src/modules/payments/provider.ts';
import { idEnvioOf, payWithdrawalJob } from '../../src/modules/wallet/withdrawals.service.ts';
import { newOperator, OWNER, ownerToken } from '../admin/helpers.ts';
import { approveKyc, TEST_DATABASE } from '../harness.ts';
import {
  balances,
  call,
  expectLedgerClean,
  newPlayer,
  type Player,
  packageOf,
  prePay,
  runJobsNow,
} from '../wallet/helpers.ts';
import { type ApiPixFixture, apiPixFixture, schemaViolations } from './fixture.ts';

/**
 * Withdrawals through Efí's send-Pix rail at the emulator (one payout per withdrawal, even when the answer is
 * lost), the back office's refunds of payments we did not credit, and the daily reconciliation.
 */
let fx: ApiPixFixture;
// The fixture (certificates, two servers, the Efí-style webhook registration) is slow on a loaded machine.
beforeAll(async () => {
  fx = await apiPixFixture({ adminUsername: OWNER.username, adminPassword: OWNER.password });
  // These cases are about asking the PSP (lost answers, 404s, retries): Efí's webhook notices would settle them
  // first. The notices have their own case below.
  fx.emulator.notifyPayouts = false;
}, 120_000);
afterAll(async () => fx.close());

async function fundedPlayer(cents: bigint): Promise<Player> {
  const player = await newPlayer(fx.test);
  const order = await prePay(fx.test, player, await packageOf(fx.test, cents), 0);
  expect((await fx.emulator.payCob(order.payNo)).delivered).toBe(200);
  return player;
}

async function withdraw(player: Player, amount: number) {
  const answer = await call(fx.test, 'POST', '/api/app/order/withdraw', player.token, {
    payCardBank: 'CPF',
    // Approved KYC, and a key of the player's own CPF: what every withdrawal needs.
    payCardNo: await approveKyc(fx.test, player.token),
    name: 'Fulano de Tal',
    amount,
  });
  expect(answer.http, answer.message).toBe(200);
  const order = await fx.test.ctx.db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('user_id', '=', player.userId)
    .where('type', '=', '11')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return order.id;
}

/** Waits until the emulator's late answer to the hung send has gone out (after the client gave up on it). */
async function lateAnswerGone(lateBefore: number) {
  await vi.waitFor(() => expect(fx.emulator.lateAnswers).toBe(lateBefore + 1), {
    timeout: 5_000,
    interval: 20,
  });
}

const orderStatus = async (id: bigint) =>
  (await fx.test.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe(`payouts through Efí's send-Pix (${TEST_DATABASE})`, () => {
  it('pays a withdrawal: one PUT with our idEnvio, processing at first, paid when the PSP has settled it', async () => {
    const player = await fundedPlayer(10_000n);
    const orderId = await withdraw(player, 40);
    await runJobsNow(fx.test);
    // Efí answers a send with EM_PROCESSAMENTO: the order waits for the next check.
    expect(await orderStatus(orderId)).toBe('00');
    await runJobsNow(fx.test);
    const payout = fx.emulator.payouts.get(idEnvioOf(orderId))!;
    expect(payout).toMatchObject({ valorCents: 4_000n, status: 'REALIZADO' });
    expect(await orderStatus(orderId)).toBe('10');
    expect(await balances(fx.test, player)).toEqual({ balance: 60, freeBalance: 0 });
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(1);
  });

  it('Efí’s sent-Pix notice on the Pix webhook settles the payout at once (asked with GET, endToEndId)', async () => {
    fx.emulator.notifyPayouts = true;
    fx.emulator.holdPayouts = true;
    try {
      const player = await fundedPlayer(10_000n);
      const orderId = await withdraw(player, 30);
      await runJobsNow(fx.test);
      expect(await orderStatus(orderId)).toBe('00');
      // The transfer settles at the PSP; its notice (horario, gnExtras.idEnvio) reaches our webhook over mTLS.
      fx.emulator.settlePayout(idEnvioOf(orderId), 'REALIZADO');
      await vi.waitFor(
        async () => {
          await runJobsNow(fx.test);
          expect(await orderStatus(orderId)).toBe('10');
        },
        { timeout: 10_000, interval: 100 },
      );
      const attempt = await fx.test.ctx.db
        .selectFrom('payout_attempts')
        .select('end_to_end_id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(attempt.end_to_end_id).toBe(fx.emulator.payouts.get(idEnvioOf(orderId))!.endToEndId);
    } finally {
      fx.emulator.notifyPayouts = false;
      fx.emulator.holdPayouts = false;
    }
  });

  it('a payout whose answer never comes is asked about, not sent again: paid once', async () => {
    const player = await fundedPlayer(10_000n);
    const orderId = await withdraw(player, 25);
    // The PSP makes the transfer but answers after the client's 1 s limit.
    fx.emulator.hangNextPayouts = 1;
    fx.emulator.hangMs = 1_500;
    const late = fx.emulator.lateAnswers;
    await runJobsNow(fx.test);
    expect(await orderStatus(orderId)).toBe('00');
    const attempt = await fx.test.ctx.db
      .selectFrom('payout_attempts')
      .select(['status', 'id_envio'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status: 'sending', id_envio: idEnvioOf(orderId) });
    // The balance stays held meanwhile: neither paid nor returned.
    expect(await balances(fx.test, player)).toEqual({ balance: 75, freeBalance: 0 });
    await lateAnswerGone(late);
    await runJobsNow(fx.test);
    expect(await orderStatus(orderId)).toBe('10');
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(1);
    // More runs change nothing.
    await runJobsNow(fx.test);
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(1);
    expect(await balances(fx.test, player)).toEqual({ balance: 75, freeBalance: 0 });
  });

  it('after a lost answer and a 404 from the status, a resend refused (422) is not returned: paid once', async () => {
    const player = await fundedPlayer(10_000n);
    const orderId = await withdraw(player, 25);
    fx.emulator.hangNextPayouts = 1;
    fx.emulator.hangMs = 1_500;
    const late = fx.emulator.lateAnswers;
    await runJobsNow(fx.test);
    await lateAnswerGone(late);
    // The transfer was made, but the PSP's query does not find it yet and it refuses the reused idEnvio.
    fx.emulator.forgetNextPayoutQueries = 1;
    fx.emulator.refuseNextPayouts = [422];
    await runJobsNow(fx.test);
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(2);
    expect(await orderStatus(orderId)).toBe('00');
    expect(await balances(fx.test, player)).toEqual({ balance: 75, freeBalance: 0 });
    await runJobsNow(fx.test);
    expect(await orderStatus(orderId)).toBe('10');
    expect(await balances(fx.test, player)).toEqual({ balance: 75, freeBalance: 0 });
    await expectLedgerClean(fx.test);
  });

  it('a 401 on the send is our credentials, not a refused transfer: kept, asked again, then paid', async () => {
    const player = await fundedPlayer(10_000n);
    const orderId = await withdraw(player, 30);
    // The client renews its token once on a 401: both answers are 401.
    fx.emulator.refuseNextPayouts = [401, 401];
    await runJobsNow(fx.test);
    expect(fx.emulator.payouts.has(idEnvioOf(orderId))).toBe(false);
    expect(await orderStatus(orderId)).toBe('00');
    expect(await balances(fx.test, player)).toEqual({ balance: 70, freeBalance: 0 });
    await runJobsNow(fx.test);
    await runJobsNow(fx.test);
    expect(await orderStatus(orderId)).toBe('10');
    expect(fx.emulator.payouts.get(idEnvioOf(orderId))!.status).toBe('REALIZADO');
    await expectLedgerClean(fx.test);
  });

  it('a status query answering a transfer of another amount is neither paid nor returned', async () => {
    const player = await fundedPlayer(10_000n);
    const orderId = await withdraw(player, 25);
    fx.emulator.hangNextPayouts = 1;
    fx.emulator.hangMs = 1_500;
    const late = fx.emulator.lateAnswers;
    await runJobsNow(fx.test);
    await lateAnswerGone(late);
    fx.emulator.payouts.get(idEnvioOf(orderId))!.valorCents = 9_900n;
    await runJobsNow(fx.test);
    await runJobsNow(fx.test);
    expect(fx.emulator.payouts.get(idEnvioOf(orderId))!.status).toBe('REALIZADO');
    expect(await orderStatus(orderId)).toBe('00');
    expect(await balances(fx.test, player)).toEqual({ balance: 75, freeBalance: 0 });
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(1);
  });

  it('a payout still processing is checked again; one the PSP returns goes back to the player', async () => {
    const player = await fundedPlayer(10_000n);
    const orderId = await withdraw(player, 30);
    fx.emulator.holdPayouts = true;
    try {
      await runJobsNow(fx.test);
      expect(fx.emulator.payouts.get(idEnvioOf(orderId))!.status).toBe('EM_PROCESSAMENTO');
      expect(await orderStatus(orderId)).toBe('00');
      expect(
        (
          await fx.test.ctx.db
            .selectFrom('payout_attempts')
            .select('status')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');
      await runJobsNow(fx.test);
      expect(await orderStatus(orderId)).toBe('00');
      fx.emulator.settlePayout(idEnvioOf(orderId), 'NAO_REALIZADO');
      await runJobsNow(fx.test);
    } finally {
      fx.emulator.holdPayouts = false;
    }
    expect(await orderStatus(orderId)).toBe('01');
    expect(await balances(fx.test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(1);
    const records = await call(fx.test, 'GET', '/api/app/order/records?type=11&page=1&size=10', player.token);
    expect(records.data.records[0]).toMatchObject({ status: '01', amount: 30 });
  });

  it('after a crash between the recorded intent and the send, the PSP is asked first, then sent once', async () => {
    const player = await fundedPlayer(5_000n);
    const orderId = await withdraw(player, 20);
    // The intent committed, then the process died before calling the PSP.
    await fx.test.ctx.db
      .insertInto('payout_attempts')
      .values({
        order_id: orderId,
        provider: 'efi',
        id_envio: idEnvioOf(orderId),
        end_to_end_id: null,
        detail: null,
      })
      .execute();
    await runJobsNow(fx.test);
    await runJobsNow(fx.test);
    expect(await orderStatus(orderId)).toBe('10');
    expect(fx.emulator.payoutRequests.get(idEnvioOf(orderId))).toBe(1);
    await expectLedgerClean(fx.test);
  });

  it('a run that hears "processing" after another run settled the payout leaves it paid, and schedules nothing', async () => {
    const player = await fundedPlayer(5_000n);
    const orderId = await withdraw(player, 20);
    const paid = { status: 'paid', reference: `E${'1'.repeat(31)}` } as const;
    const settled: PayoutRail = { name: 'efi', send: async () => paid, status: async () => paid };
    // While this run waits on the PSP, the PSP's notice settles the payout through another run.
    const slow: PayoutRail = {
      name: 'efi',
      async send() {
        await payWithdrawalJob(settled)(fx.test.ctx, { orderId: String(orderId) });
        return { status: 'pending' };
      },
      status: async () => ({ status: 'unknown' }),
    };
    await payWithdrawalJob(slow)(fx.test.ctx, { orderId: String(orderId) });
    const attempt = await fx.test.ctx.db
      .selectFrom('payout_attempts')
      .select(['status', 'end_to_end_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status: 'paid', end_to_end_id: paid.reference });
    expect(await orderStatus(orderId)).toBe('10');
    const rechecks = await fx.test.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('unique_key', 'like', `check_payout:${orderId}:%`)
      .execute();
    expect(rechecks).toEqual([]);
    await expectLedgerClean(fx.test);
  });
});

describe(`refunds and reconciliation in the back office (${TEST_DATABASE})`, () => {
  let finance: string;
  beforeAll(async () => {
    finance = (await newOperator(fx.test, await ownerToken(fx.test), ['finance'])).token;
  });

  it('a payment of another amount is not credited; the operator refunds it once (devolução)', async () => {
    const player = await newPlayer(fx.test);
    const order = await prePay(fx.test, player, await packageOf(fx.test, 6_000n), 0);
    const { pix } = await fx.emulator.payCob(order.payNo, { amountCents: 600n });
    expect(await balances(fx.test, player)).toEqual({ balance: 0, freeBalance: 0 });
    const list = await call(fx.test, 'GET', '/api/admin/pix/refundables', finance);
    expect(list.http).toBe(200);
    const line = list.data.records.find((r: { endToEndId: string }) => r.endToEndId === pix.endToEndId);
    expect(line).toMatchObject({ outcome: 'amount_mismatch', txid: order.payNo, refund: null });
    const refund = await call(fx.test, 'POST', `/api/admin/pix/refundables/${line.eventId}/refund`, finance);
    expect(refund.http, refund.message).toBe(200);
    expect(refund.data).toMatchObject({ amount: 6, status: 'EM_PROCESSAMENTO' });
    // Asking again is the same refund at the PSP.
    const again = await call(fx.test, 'POST', `/api/admin/pix/refundables/${line.eventId}/refund`, finance);
    expect(again.data.id).toBe(refund.data.id);
    expect(fx.emulator.pix.get(pix.endToEndId)!.devolucoes.size).toBe(1);
    const audit = await fx.test.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'pix.refund')
      .execute();
    expect(audit.length).toBe(1);
  });

  it('a Pix without txid in a batch does not block it: the others are credited, it is listed for a refund', async () => {
    const player = await newPlayer(fx.test);
    const order = await prePay(fx.test, player, await packageOf(fx.test, 5_500n), 0);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    // Sent straight to our key: API Pix delivers it without a txid.
    const stray = fx.emulator.receive({ amountCents: 2_345n });
    expect(await fx.emulator.notify([stray, pix])).toBe(200);
    expect(await balances(fx.test, player)).toEqual({ balance: 55, freeBalance: 0 });
    const list = await call(fx.test, 'GET', '/api/admin/pix/refundables', finance);
    const line = list.data.records.find((r: { endToEndId: string }) => r.endToEndId === stray.endToEndId);
    expect(line).toMatchObject({ outcome: 'unknown_charge', txid: null, refund: null });
    const refund = await call(fx.test, 'POST', `/api/admin/pix/refundables/${line.eventId}/refund`, finance);
    expect(refund.http, refund.message).toBe(200);
    expect(refund.data).toMatchObject({ amount: 23.45 });
    await expectLedgerClean(fx.test);
  });

  it('the operator sells a package by card: channel card in the back office, listed to players with its channel', async () => {
    const created = await call(fx.test, 'POST', '/api/admin/packages', finance, {
      price: '250',
      gift: '0',
      curreny: 'BRL',
      sort: 60,
      enabled: true,
      channel: 'card',
    });
    expect(created.http, created.message).toBe(200);
    expect(created.data).toMatchObject({ price: 250, channel: 'card' });
    const player = await newPlayer(fx.test);
    const prices = await call(fx.test, 'GET', '/api/app/order/getPrices', player.token);
    expect(prices.data.find((pkg: { pkgId: number }) => pkg.pkgId === created.data.pkgId)).toEqual({
      pkgId: created.data.pkgId,
      price: 250,
      gift: 0,
      curreny: 'BRL',
      sort: 60,
      channel: 'card',
    });
    const order = await prePay(fx.test, player, created.data.pkgId, 0);
    expect(order.url).toContain('/checkout/chk_');
  });

  it('a credited payment cannot be refunded from the back office, and a player cannot call it', async () => {
    const player = await fundedPlayer(3_000n);
    const event = await fx.test.ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where('outcome', '=', 'credited')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const refused = await call(fx.test, 'POST', `/api/admin/pix/refundables/${event.id}/refund`, finance);
    expect(refused.http).toBe(409);
    expect((await call(fx.test, 'GET', '/api/admin/pix/refundables', player.token)).http).toBe(401);
  });

  it('the daily reconciliation finds a planted difference on each side', async () => {
    await fundedPlayer(2_500n);
    // At the PSP, not credited by us: a Pix to our key without a charge.
    const stray = fx.emulator.receive({ amountCents: 1_234n });
    // Credited by us, unknown to the PSP: a charge whose payment the PSP has lost.
    const lost = await fundedPlayer(4_400n);
    const lostCharge = await fx.test.ctx.db
      .selectFrom('payment_charges')
      .innerJoin('orders', 'orders.id', 'payment_charges.order_id')
      .select(['payment_charges.end_to_end_id', 'payment_charges.txid'])
      .where('orders.user_id', '=', lost.userId)
      .executeTakeFirstOrThrow();
    fx.emulator.pix.delete(lostCharge.end_to_end_id!);
    const day = new Date(Date.now() - 3 * 3600 * 1000).toISOString().slice(0, 10);
    const run = await call(fx.test, 'POST', '/api/admin/pix/reconciliation', finance, { day });
    expect(run.http, run.message).toBe(200);
    const report = await call(fx.test, 'GET', `/api/admin/pix/reconciliation?day=${day}`, finance);
    expect(report.data.diffs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'received_not_credited',
          endToEndId: stray.endToEndId,
          pspAmount: 12.34,
          creditedAmount: null,
        }),
        expect.objectContaining({
          kind: 'credited_not_received',
          endToEndId: lostCharge.end_to_end_id,
          txid: lostCharge.txid,
          creditedAmount: 44,
        }),
      ]),
    );
    expect(report.data.runs[0]).toMatchObject({ day });
    // A credited payment the PSP knows is no difference.
    const credited = await fx.test.ctx.db
      .selectFrom('payment_charges')
      .select('end_to_end_id')
      .where('end_to_end_id', 'is not', null)
      .where('end_to_end_id', '!=', lostCharge.end_to_end_id!)
      .execute();
    const differing = new Set(report.data.diffs.map((d: { endToEndId: string }) => d.endToEndId));
    expect(credited.some((c) => differing.has(c.end_to_end_id!))).toBe(false);
    // A re-run adds nothing twice.
    await call(fx.test, 'POST', '/api/admin/pix/reconciliation', finance, { day });
    const again = await call(fx.test, 'GET', `/api/admin/pix/reconciliation?day=${day}`, finance);
    expect(again.data.diffs.length).toBe(report.data.diffs.length);
  });
});

describe('the emulator, held to the published schemas', () => {
  it('every request it accepted and every answer it sent in this file conforms (openapi 2.9.0, Efí)', () => {
    expect(fx.emulator.exchanges!.length).toBeGreaterThan(5);
    expect(schemaViolations(fx)).toEqual([]);
  });
});
