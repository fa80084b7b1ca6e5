import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  EMULATOR_RECEIVER_KEY,
} from '../../src/config/pix.config.ts';
import { EMULATOR_REFUSED_CENTS, type PspEmulator } from '../../src/modules/psp-emulator/emulator.ts';
import { violationsOf } from '../../src/modules/psp-emulator/validator.ts';
import { idEnvioOf } from '../../src/modules/wallet/withdrawals.service.ts';
import { approveKyc, createTestApp, newCpf, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, deposit, expectLedgerClean, newPlayer, runJobsNow } from '../wallet/helpers.ts';

/**
 * Withdrawals by default (no payment setting at all): Efí's send-Pix client against the in-process PSP emulator,
 * the same code as against Efí (api-contract section 18, decision 0066). The emulator answers a send
 * EM_PROCESSAMENTO and notifies the outcome on our Pix webhook; we then ask it (GET .../id-envio/{idEnvio}) and
 * settle. It refuses a request that breaks Efí's published body, refuses payouts of ,13 (its receiving bank), and
 * owns the DICT that says whose key is whose.
 */
let test: TestApp;
let emulator: PspEmulator;
beforeAll(async () => {
  test = await createTestApp();
  emulator = test.ctx.payments.emulator!;
  await runJobsNow(test);
}, 120_000);
afterAll(async () => test.close());

async function fundedPlayer(cents: bigint) {
  const player = await newPlayer(test);
  await deposit(test, player, cents);
  const cpf = await approveKyc(test, player.token);
  return { ...player, cpf };
}

async function withdraw(token: string, fields: Record<string, unknown>) {
  const answer = await call(test, 'POST', '/api/app/order/withdraw', token, {
    name: 'Maria Silva',
    ...fields,
  });
  return answer;
}

async function lastWithdrawal(userId: bigint) {
  return test.ctx.db
    .selectFrom('orders')
    .select(['id', 'status', 'provider', 'failure_reason'])
    .where('user_id', '=', userId)
    .where('type', '=', '11')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** An emulator token for direct calls (the client's own token is not reachable from a test). */
async function emulatorToken() {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/pay/emulator/oauth/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${EMULATOR_CLIENT_ID}:${EMULATOR_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}

describe(`payouts by default: Efí's send-Pix at the in-process emulator (${TEST_DATABASE})`, () => {
  it('the rail is Efí’s on the emulator: one PUT with our idEnvio, answered EM_PROCESSAMENTO, paid after the notice', async () => {
    expect(test.ctx.payments.payouts.name).toBe('efi');
    // Efí's send-Pix needs our webhook registered: its two test POSTs, without then with the certificate (in
    // process, the HMAC option), were refused and accepted.
    expect(emulator.lastRegistrationChecks).toEqual([401, 200]);
    const player = await fundedPlayer(10_000n);
    emulator.exchanges = [];
    try {
      expect(
        (await withdraw(player.token, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 40 })).http,
      ).toBe(200);
      const order = await lastWithdrawal(player.userId);
      // The provider recorded on the order is the rail that pays it, not the removed sandbox.
      expect(order.provider).toBe('efi');
      await runJobsNow(test);
      expect((await lastWithdrawal(player.userId)).status).toBe('10');
      const calls = emulator.exchanges.map((exchange) => `${exchange.call} ${exchange.response.status}`);
      expect(calls).toEqual(['PUT /v3/gn/pix 201', 'GET /v2/gn/pix/enviados 200']);
      const [sent, asked] = emulator.exchanges;
      expect(sent!.request!.body).toEqual({
        valor: '40.00',
        pagador: { chave: EMULATOR_RECEIVER_KEY, infoPagador: `Saque ${idEnvioOf(order.id)}` },
        favorecido: { chave: player.cpf },
      });
      expect(sent!.response.body).toMatchObject({ idEnvio: idEnvioOf(order.id), status: 'EM_PROCESSAMENTO' });
      expect(asked!.response.body).toMatchObject({ status: 'REALIZADO' });
      // Both sides as Efí publishes them.
      for (const exchange of emulator.exchanges) {
        if (exchange.request)
          expect(violationsOf(exchange.request.schema, exchange.request.body)).toEqual([]);
        expect(violationsOf(exchange.response.schema, exchange.response.body)).toEqual([]);
      }
      const attempt = await test.ctx.db
        .selectFrom('payout_attempts')
        .select(['provider', 'status', 'end_to_end_id'])
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(attempt).toEqual({
        provider: 'efi',
        status: 'paid',
        end_to_end_id: emulator.payouts.get(idEnvioOf(order.id))!.endToEndId,
      });
      expect(await balances(test, player)).toEqual({ balance: 60, freeBalance: 0 });
      await expectLedgerClean(test);
    } finally {
      emulator.exchanges = undefined;
    }
  });

  it('a payout of ,13 is refused by the emulated receiving bank (NAO_REALIZADO): returned to the player', async () => {
    expect(EMULATOR_REFUSED_CENTS).toBe(13n);
    const player = await fundedPlayer(10_000n);
    expect(
      (await withdraw(player.token, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 25.13 })).http,
    ).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 74.87, freeBalance: 0 });
    await runJobsNow(test);
    const order = await lastWithdrawal(player.userId);
    expect(order).toMatchObject({ status: '01', failure_reason: 'PSP: transfer not made (NAO_REALIZADO)' });
    expect(emulator.payouts.get(idEnvioOf(order.id))!.status).toBe('NAO_REALIZADO');
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('a job interrupted after the PSP got the send asks for the status and never sends twice', async () => {
    const player = await fundedPlayer(10_000n);
    expect(
      (await withdraw(player.token, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 30 })).http,
    ).toBe(200);
    const order = await lastWithdrawal(player.userId);
    const idEnvio = idEnvioOf(order.id);
    // What a process that died mid-way leaves: the intent committed, the PSP holding the transfer, no answer kept.
    await test.ctx.db
      .insertInto('payout_attempts')
      .values({ order_id: order.id, provider: 'efi', id_envio: idEnvio, end_to_end_id: null, detail: null })
      .execute();
    const request = { payoutId: idEnvio, amountCents: 3_000n, keyType: 'CPF' as const, key: player.cpf };
    expect(await test.ctx.payments.payouts.send(idEnvio, { ...request, holderName: '' })).toMatchObject({
      status: 'pending',
    });
    await runJobsNow(test);
    expect((await lastWithdrawal(player.userId)).status).toBe('10');
    expect(emulator.payoutRequests.get(idEnvio)).toBe(1);
    await runJobsNow(test);
    expect(emulator.payoutRequests.get(idEnvio)).toBe(1);
    expect(await balances(test, player)).toEqual({ balance: 70, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('the emulator’s DICT says whose key it is: another person’s CPF key is refused until it is registered to the player', async () => {
    const player = await fundedPlayer(10_000n);
    const someoneElse = newCpf();
    const refused = await withdraw(player.token, { payCardBank: 'CPF', payCardNo: someoneElse, amount: 20 });
    expect(refused).toMatchObject({
      http: 500,
      message: 'O saque só pode ir para uma chave PIX do seu próprio CPF',
    });
    expect(emulator.keyOwner('CPF', someoneElse)).toBe(someoneElse);
    test.payer.registerKey(someoneElse, player.cpf);
    expect(emulator.keyOwner('CPF', someoneElse)).toBe(player.cpf);
    const accepted = await withdraw(player.token, { payCardBank: 'CPF', payCardNo: someoneElse, amount: 20 });
    expect(accepted.http, accepted.message).toBe(200);
    await runJobsNow(test);
    const order = await lastWithdrawal(player.userId);
    expect(order.status).toBe('10');
    expect(emulator.payouts.get(idEnvioOf(order.id))!.favorecido).toBe(someoneElse);
  });

  it('refuses a send that breaks Efí’s published body, in Efí’s error shape, and moves nothing', async () => {
    const token = await emulatorToken();
    const send = (idEnvio: string, body: unknown) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/pay/emulator/v3/gn/pix/${idEnvio}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const good = {
      valor: '20.00',
      pagador: { chave: EMULATOR_RECEIVER_KEY },
      favorecido: { chave: '52998224725' },
    };
    const bad: [string, unknown][] = [
      ['Bad1', { ...good, valor: '20' }],
      ['Bad2', { ...good, valor: 20 }],
      ['Bad3', { ...good, valor: '20,00' }],
      ['Bad4', { ...good, valor: '0.00' }],
      ['Bad5', { ...good, pagador: {} }],
      ['Bad6', { ...good, pagador: { chave: 'not-our-key@example.com' } }],
      ['Bad7', { ...good, favorecido: {} }],
      ['Bad8', { valor: '20.00', pagador: good.pagador }],
      ['Bad9', { ...good, pagador: { ...good.pagador, infoPagador: 'x'.repeat(141) } }],
      ['has-dash', good],
      ['A'.repeat(36), good],
    ];
    for (const [idEnvio, body] of bad) {
      const response = await send(idEnvio, body);
      expect(response.statusCode, idEnvio).toBe(400);
      expect(violationsOf('EfiErro', response.json()), idEnvio).toEqual([]);
      expect(emulator.payouts.has(idEnvio), idEnvio).toBe(false);
    }
    const made = await send('Good1', good);
    expect(made.statusCode).toBe(201);
    expect((await send('Good1', good)).statusCode).toBe(409);
    expect(emulator.payoutRequests.get('Good1')).toBe(2);
  });
});
