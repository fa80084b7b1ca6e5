import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, createTestApp, newCpf, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, deposit, newPlayer, type Player } from '../wallet/helpers.ts';

/**
 * KYC that holds, in the default (open) profile too: a withdrawal needs approved KYC (409 until then, decision
 * 0029), and a CPF key goes only to the player's own CPF (the KYC CPF, or a key the PSP resolves to it); a CNPJ key
 * the player names is paid (only br-licensed limits it to the own CPF). A test account's play money never leaves it.
 */
describe(`payouts need approved KYC and the player's own key (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ withdrawalsPerDay: 10 });
  });
  afterAll(async () => test.close());

  const withdraw = (player: Player, payCardBank: string, payCardNo: string, lang?: string) =>
    call(
      test,
      'POST',
      '/api/app/order/withdraw',
      player.token,
      { payCardBank, payCardNo, amount: 20 },
      lang ? { lang } : {},
    );
  const orders = async (player: Player) =>
    (
      await test.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', player.userId)
        .where('type', '=', '11')
        .execute()
    ).length;

  it('refuses a withdrawal without KYC and while KYC waits for review; pays once approved', async () => {
    const player = await newPlayer(test);
    await deposit(test, player, 10_000n);
    const cpf = newCpf();
    const none = await withdraw(player, 'CPF', cpf);
    expect([none.http, none.status, none.message]).toEqual([
      409,
      409,
      'Para sacar, sua identidade precisa estar aprovada',
    ]);
    expect((await withdraw(player, 'CPF', cpf, 'en_US')).message).toBe(
      'Your identity must be approved before you can withdraw',
    );
    const submitted = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Maria Silva',
      cardNo: cpf,
      birthDate: '1990-05-17',
    });
    expect(submitted.http).toBe(200);
    // The open profile's KYC waits in the operator's queue: still no withdrawal, and the answer says why.
    expect((await withdraw(player, 'CPF', cpf)).message).toBe(
      'Sua identidade está em análise (normalmente em até 24 horas). Você poderá sacar assim que for aprovada',
    );
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect(await orders(player)).toBe(0);
    // The operator approves it (approveKyc resubmits the same CPF, then the queue's approval).
    await approveKyc(test, player.token, cpf);
    const row = await test.ctx.db
      .selectFrom('users')
      .select('kyc_status')
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(row.kyc_status).toBe('approved');
    expect((await withdraw(player, 'CPF', cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    expect(await balances(test, player)).toEqual({ balance: 80, freeBalance: 0 });
  });

  it("refuses a payout to someone else's CPF; pays the player's own CPF and a CNPJ key they name", async () => {
    const player = await newPlayer(test);
    await deposit(test, player, 10_000n);
    const cpf = await approveKyc(test, player.token);
    const notOwn = 'O saque só pode ir para uma chave PIX do seu próprio CPF';
    expect((await withdraw(player, 'CPF', newCpf())).message).toBe(notOwn);
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect(await orders(player)).toBe(0);
    expect((await withdraw(player, 'CNPJ', '11.444.777/0001-61')).message).toBe(
      'Solicitação de saque bem-sucedida!',
    );
    expect((await withdraw(player, 'CPF', cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    expect(await balances(test, player)).toEqual({ balance: 60, freeBalance: 0 });
  });

  it("a test account's play money never leaves it, even with approved KYC", async () => {
    const player = await newPlayer(test);
    const friend = await newPlayer(test);
    await deposit(test, player, 10_000n);
    const cpf = await approveKyc(test, player.token);
    await test.ctx.db.updateTable('users').set({ test_flag: true }).where('id', '=', player.userId).execute();
    const playMoney =
      'O saldo de uma conta de teste é dinheiro de demonstração: não pode ser transferido nem sacado';
    expect((await withdraw(player, 'CPF', cpf)).message).toBe(playMoney);
    const transfer = await call(test, 'POST', '/api/app/order/transfer', player.token, {
      toUser: friend.username,
      amount: 5,
    });
    expect(transfer.message).toBe(playMoney);
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect(await balances(test, friend)).toEqual({ balance: 0, freeBalance: 0 });
    expect(await orders(player)).toBe(0);
  });
});
