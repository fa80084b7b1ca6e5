import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, freshCpf, ownerToken } from '../admin/helpers.ts';
import { CAPTCHA_BYPASS, TEST_DATABASE, type TestApp, uniqueEmail } from '../harness.ts';
import {
  balances,
  call,
  expectLedgerClean,
  type Player,
  packageOf,
  prePay,
  runJobsNow,
  webhookOutcomes,
} from '../wallet/helpers.ts';

/**
 * br-licensed (decision 0066): a deposit is credited only when the PSP's own record of the Pix (GET /pix/{e2eid},
 * `pagador.cpf`) names the player's CPF. A Pix paid from another CPF credits nothing, closes the order, is
 * returned to its payer with PUT /pix/{e2eid}/devolucao/{id}, and the back office's PIX page says why.
 */
describe(`deposits from the player's own CPF only, br-licensed (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let owner: string;
  beforeAll(async () => {
    test = await createAdminApp({ regulatoryProfile: 'br-licensed' });
    owner = await ownerToken(test);
  });
  afterAll(async () => test.close());

  /** A registered player (with the limits art. 31 asks) whose identity is checked with this CPF. */
  async function playerWithCpf(cpf: string): Promise<Player> {
    const username = uniqueEmail();
    const answer = await call(test, 'POST', '/api/auth/user/restRegister', undefined, {
      username,
      pwd: 'segredo123',
      pwd1: 'segredo123',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
      depositMonth: '5000',
      lossMonth: '5000',
      sessionMinutes: 240,
      gender: 'undisclosed',
      addressLine: 'Rua A, 1',
      city: 'Recife',
      state: 'PE',
      postalCode: '50010000',
    });
    expect(answer.http, answer.message).toBe(200);
    const token = answer.data.access_token as string;
    const info = await call(test, 'GET', '/api/app/user/userInfo', token);
    const userId = BigInt(info.data.uId);
    // The identity check itself is another test's subject: here the player simply passed it.
    await test.ctx.db
      .updateTable('users')
      .set({ kyc: 1, kyc_status: 'approved', kyc_cpf: cpf, kyc_name: 'Maria da Silva' })
      .where('id', '=', userId)
      .execute();
    return { token, username, uId: info.data.uId, userId };
  }

  it('a Pix from another CPF is returned (devolução), credits nothing, and the operator sees why', async () => {
    const player = await playerWithCpf(freshCpf());
    const order = await prePay(test, player, await packageOf(test, 50_00n), 0);
    const stranger = { cpf: freshCpf(), nome: 'Outra Pessoa' };
    expect(await test.payer.pay(order.payNo, stranger)).toBe('paid');

    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    expect(await webhookOutcomes(test, order.payNo)).toEqual(['payer_mismatch']);
    // The player's records: the deposit is closed, not credited.
    const status = await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token);
    expect(status.data.status).toBe('01');
    const records = await call(test, 'GET', '/api/app/order/records?type=10', player.token);
    expect(records.data.records[0]).toMatchObject({ orderId: order.orderId, status: '01' });

    // The return is a durable job after the commit: the PSP gets PUT /pix/{e2eid}/devolucao/{id}.
    await runJobsNow(test);
    const emulator = test.ctx.payments.emulator!;
    const received = [...emulator.pix.values()].find((item) => item.txid === order.payNo)!;
    expect(received.pagador?.cpf).toBe(stranger.cpf);
    expect([...received.devolucoes.values()].map((refund) => refund.valorCents)).toEqual([50_00n]);
    await runJobsNow(test);
    expect([...received.devolucoes.values()].length).toBe(1);

    const refundables = await call(test, 'GET', '/api/admin/pix/refundables', owner);
    expect(refundables.http, refundables.message).toBe(200);
    const row = refundables.data.records.find((record: { txid: string }) => record.txid === order.payNo);
    expect(row).toMatchObject({
      outcome: 'payer_mismatch',
      endToEndId: received.endToEndId,
      refund: { amount: 50, status: expect.stringMatching(/^(EM_PROCESSAMENTO|DEVOLVIDO)$/) },
    });
    const reason = await test.ctx.db
      .selectFrom('orders')
      .select('failure_reason')
      .where('id', '=', BigInt(order.orderId))
      .executeTakeFirstOrThrow();
    expect(reason.failure_reason).toBe('devolvido: CPF do pagador diferente');
    await expectLedgerClean(test);
  });

  it('a Pix from the player’s own CPF is credited', async () => {
    const cpf = freshCpf();
    const player = await playerWithCpf(cpf);
    const order = await prePay(test, player, await packageOf(test, 30_00n), 0);
    // The payer's bank fills in the cob's devedor (the player's own CPF and name), as the payer page does.
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await webhookOutcomes(test, order.payNo)).toEqual(['credited']);
    expect(await balances(test, player)).toEqual({ balance: 30, freeBalance: 0 });
    await expectLedgerClean(test);
  });
});
