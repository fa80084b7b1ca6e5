import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  CAPTCHA_BYPASS,
  countUsers,
  createTestApp,
  TEST_DATABASE,
  type TestApp,
  testConfig,
  uniqueEmail,
} from '../harness.ts';
import { uploadSelfie } from '../identity/selfie.ts';
import {
  balances,
  call,
  deposit,
  newPlayer,
  type Player,
  packageOf,
  prePay,
  runJobsNow,
} from '../wallet/helpers.ts';
import { freshCpf, passKyc } from './helpers.ts';

/**
 * REGULATORY_PROFILE=br-licensed (api-contract section 17): each rule enforced by the server whatever the client
 * sends. The open profile's behaviour is covered by the wallet tests.
 */
describe(`br-licensed profile (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ regulatoryProfile: 'br-licensed' });
  });
  afterAll(async () => test.close());

  /** A player who registered with a deposit limit (the registration needs one here). */
  async function brPlayer(app: TestApp = test): Promise<Player> {
    const username = uniqueEmail();
    const answer = await call(app, 'POST', '/api/auth/user/restRegister', undefined, {
      username,
      pwd: 'segredo123',
      pwd1: 'segredo123',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
      depositMonth: '5000',
      // The rest of what art. 31 asks at sign-up (decision 0055).
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
    const info = await call(app, 'GET', '/api/app/user/userInfo', token);
    return { token, username, uId: info.data.uId, userId: BigInt(info.data.uId) };
  }

  it('the web app learns the profile from /api/app/main/config', async () => {
    expect((await call(test, 'GET', '/api/app/main/config')).data.regulatoryProfile).toBe('br-licensed');
  });

  it('the payment methods shown are PIX only (cards, configured, would show in the open profile)', async () => {
    expect((await call(test, 'GET', '/api/app/main/payMethods')).data).toEqual(['pix']);
    const open = await createTestApp({ pix: { ...testConfig().pix, cards: true } });
    try {
      expect((await call(open, 'GET', '/api/app/main/payMethods')).data).toContain('card');
    } finally {
      await open.close();
    }
  });

  it('registration asks for a deposit limit: none is a 400 and no account; one is set at once', async () => {
    const users = await countUsers(test);
    const refused = await call(test, 'POST', '/api/auth/user/restRegister', undefined, {
      username: uniqueEmail(),
      pwd: 'segredo123',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
    });
    expect(refused).toMatchObject({
      http: 400,
      message: 'Defina ao menos um limite de depósito (diário, semanal ou mensal)',
    });
    expect(await countUsers(test)).toBe(users);
    const player = await brPlayer();
    const limits = await call(test, 'GET', '/api/app/rg/limits', player.token);
    expect(limits.data.deposit).toEqual({ day: null, week: null, month: 5000 });
  });

  it('KYC is approved before any deposit; a KYC needs the birth date', async () => {
    const player = await brPlayer();
    const pkgId = await packageOf(test, 50_00n);
    const before = await call(test, 'POST', `/api/app/order/prePay/${pkgId}`, player.token, { gift: '0' });
    expect(before).toMatchObject({
      http: 409,
      message: 'Para depositar, sua identidade precisa estar aprovada',
    });
    const noBirth = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Ana Lima',
      cardNo: freshCpf(),
    });
    expect(noBirth).toMatchObject({ http: 400, message: 'Informe a data de nascimento' });
    // A birth date the registry does not hold waits for the operator: still no deposit.
    const pep = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Ana Lima',
      cardNo: freshCpf('9'),
      birthDate: '1985-03-02',
      selfieId: await uploadSelfie(test, player.token),
    });
    expect(pep).toMatchObject({ http: 200, message: 'Dados recebidos: sua identidade está em análise' });
    expect(
      (await call(test, 'POST', `/api/app/order/prePay/${pkgId}`, player.token, { gift: '0' })).http,
    ).toBe(409);
    // A clean check is approved at once: the deposit goes through.
    const clean = await brPlayer();
    await passKyc(test, clean);
    await deposit(test, clean, 50_00n);
    expect((await balances(test, clean)).balance).toBe(50);
  });

  it('in production without DATAVALID_URL the identity check approves nobody: a clean KYC waits for the operator', async () => {
    const production = await createTestApp({
      regulatoryProfile: 'br-licensed',
      isProduction: true,
      nodeEnv: 'production',
    });
    try {
      const player = await brPlayer(production);
      const answer = await call(production, 'POST', '/api/app/user/updateKyc', player.token, {
        name: 'Ana Lima',
        cardNo: freshCpf(),
        birthDate: '1985-03-02',
        selfieId: await uploadSelfie(production, player.token),
      });
      expect(answer).toMatchObject({ http: 200, message: 'Dados recebidos: sua identidade está em análise' });
      const pkgId = await packageOf(production, 50_00n);
      expect(
        (await call(production, 'POST', `/api/app/order/prePay/${pkgId}`, player.token, { gift: '0' })).http,
      ).toBe(409);
    } finally {
      await production.close();
    }
  });

  it('no deposit gift: packages show none, no discount is offered, and prePay with gift=1 credits none', async () => {
    const player = await brPlayer();
    await passKyc(test, player);
    const pkgId = await packageOf(test, 100_00n, 15_00n);
    // A deposit discount campaign running (an operator may have set one before switching profiles) changes nothing.
    const campaign = await sql<{ id: string }>`
      INSERT INTO discount_campaigns (name, audience, discount, hours, starts_at, ends_at)
      VALUES ('Desconto', 'everyone', 0.1, NULL, now() - interval '1 minute', now() + interval '1 day')
      RETURNING id::text`.execute(test.ctx.db);
    onTestFinished(async () => {
      await sql`UPDATE discount_campaigns SET enabled = false WHERE id = ${campaign.rows[0]!.id}`.execute(
        test.ctx.db,
      );
    });
    expect((await call(test, 'GET', '/api/app/user/userInfo', player.token)).data.payDiscount).toBeNull();
    const prices = await call(test, 'GET', '/api/app/order/getPrices', player.token);
    expect(prices.data.length).toBeGreaterThan(0);
    for (const pkg of prices.data) expect(pkg.gift).toBe(0);
    expect((await call(test, 'GET', '/api/app/user/userInfo', player.token)).data.paypackage[0].gift).toBe(0);
    const order = await prePay(test, player, pkgId, 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
  });

  it('no transfers between players', async () => {
    const player = await brPlayer();
    const other = await newPlayer(test).catch(() => undefined);
    const answer = await call(test, 'POST', '/api/app/order/transfer', player.token, {
      toUser: other?.username ?? 'someone@example.com',
      amount: 1,
    });
    expect(answer).toMatchObject({ http: 409, message: 'Transferências entre jogadores não são permitidas' });
  });

  it('payouts only to a PIX key of the player own CPF; no USDT', async () => {
    const player = await brPlayer();
    const cpf = await passKyc(test, player);
    await deposit(test, player, 100_00n);
    const someoneElse = freshCpf();
    const refused = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: someoneElse,
      amount: 20,
    });
    expect(refused).toMatchObject({
      http: 500,
      status: 9999,
      message: 'O saque só pode ir para uma chave PIX do seu próprio CPF',
    });
    const cnpj = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CNPJ',
      payCardNo: '11.222.333/0001-81',
      amount: 20,
    });
    expect(cnpj.status).toBe(9999);
    await test.ctx.db.updateTable('users').set({ lx: '20' }).where('id', '=', player.userId).execute();
    const usdt = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'USDT',
      payCardNo: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: 20,
    });
    expect(usdt).toMatchObject({ http: 409, message: 'Saques em USDT não são permitidos' });
    expect((await balances(test, player)).balance).toBe(100);
    const own = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: cpf,
      amount: 20,
    });
    expect(own.http, own.message).toBe(200);
    await runJobsNow(test);
    expect((await balances(test, player)).balance).toBe(80);
  });

  it('a withdrawal needs an approved KYC', async () => {
    const player = await brPlayer();
    await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Ana Lima',
      cardNo: freshCpf('7'),
      birthDate: '1985-03-02',
      selfieId: await uploadSelfie(test, player.token),
    });
    // Money that came in some other way (an operator's adjustment): still not payable without approval.
    const { fundPlayer } = await import('../games/fund.ts');
    await fundPlayer(test, player.token, 50_00n);
    const answer = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: freshCpf(),
      amount: 20,
    });
    // 409 with what happens next (decision 0029): 500/9999 would send the spec's client to the deposit sheet.
    expect(answer).toMatchObject({
      http: 409,
      status: 409,
      message:
        'Sua identidade está em análise (normalmente em até 24 horas). Você poderá sacar assim que for aprovada',
    });
  });
});
