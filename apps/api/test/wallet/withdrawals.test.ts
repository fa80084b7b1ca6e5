import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  accountCents,
  balances,
  call,
  deposit,
  expectLedgerClean,
  newPlayer,
  type Player,
  runJobsNow,
  userInfo,
  withdrawInfo,
} from './helpers.ts';

/**
 * Withdrawals (spec.md section 5, api-contract section 5): the server repeats every check of the withdraw page in
 * the page's order, with its exact pt_BR texts, then checks the document (CPF/CNPJ check digits, the alphanumeric
 * CNPJ) or the USDT right and TRC-20 address. A request moves the amount from the balance to a hold at once; the
 * durable payout job pays it (status 10, wdSumAmount grows) or, when the PSP refuses, returns it (status 01,
 * balance back). The saved account per type and the default CHANNEL come back in getWithdraw.
 */
const PER_DAY = 2;
const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';
const CNPJ_BARE = '11222333000181';
const CNPJ_ALPHANUMERIC = '12.ABC.345/01DE-35';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const formatCpf = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;

const MESSAGES = {
  number: 'Número de retiradas restantes hoje 0, tente novamente amanhã。',
  nothing: 'Sem saldo disponível para saque',
  minimum: 'Montante mínimo de retirada:R$ 20,00',
  maximum: (max: string) => `Montante máximo de levantamento:R$ ${max}`,
  incomplete: 'Por favor, preencha as informações de retirada',
  cpf: 'CPF inválido: confira os números',
  cnpj: 'CNPJ inválido: confira os caracteres',
  usdtRefused: 'Saque em USDT não está disponível para esta conta',
  usdtAddress: 'Endereço USDT (TRC-20) inválido',
  done: 'Solicitação de saque bem-sucedida!',
};

describe(`withdrawals (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ withdrawalsPerDay: PER_DAY });
  });
  afterAll(async () => test.close());

  const withdraw = (player: Player, fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(test, 'POST', '/api/app/order/withdraw', player.token, fields, headers);

  const orderCount = async (player: Player) =>
    (
      await test.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', player.userId)
        .where('type', '=', '11')
        .execute()
    ).length;

  // The account number's own validity is invalid input (400); every check of spec.md section 5 is 500/9999.
  const inputMessages = new Set<string>([
    MESSAGES.cpf,
    MESSAGES.cnpj,
    MESSAGES.usdtRefused,
    MESSAGES.usdtAddress,
  ]);

  /** A refusal with exactly this text and its status, and nothing moved or written. */
  async function expectRefused(player: Player, fields: Record<string, unknown>, message: string) {
    const before = { money: await balances(test, player), orders: await orderCount(player) };
    const answer = await withdraw(player, fields);
    const expected = inputMessages.has(message) ? { http: 400, status: 400 } : { http: 500, status: 9999 };
    expect(answer.http, JSON.stringify(fields)).toBe(expected.http);
    expect(answer.status).toBe(expected.status);
    expect(answer.message).toBe(message);
    expect(await balances(test, player)).toEqual(before.money);
    expect(await orderCount(player)).toBe(before.orders);
  }

  /** A player with money and approved KYC: `cpf` is their own CPF formatted, `cpfBare` its digits. */
  async function funded(cents: bigint): Promise<Player & { cpf: string; cpfBare: string }> {
    const player = await newPlayer(test);
    await deposit(test, player, cents);
    const cpfBare = await approveKyc(test, player.token);
    return { ...player, cpf: formatCpf(cpfBare), cpfBare };
  }

  /** A payout goes only to a key of the player's own CPF: a CNPJ key must be registered to it in the PSP's DICT. */
  function ownsKey(player: { cpfBare: string }, key: string) {
    test.payer.registerKey(key, player.cpfBare);
  }

  it('getWithdraw tells the limits: minimum 20, withdrawals left, lock false, wdAmount, usdtRate, empty cardInfo', async () => {
    const player = await funded(15_000n);
    expect(await withdrawInfo(test, player)).toEqual({
      limitAmount: 20,
      number: PER_DAY,
      lock: false,
      wdAmount: 150,
      usdtRate: 5.4,
      cardInfo: { CPF: null, CNPJ: null, USDT: null, CHANNEL: 'CPF' },
      // Ours (decision 0029): the caps of the player's VIP level (1: R$ 500 a day) and no bonus to forfeit.
      maxAmount: 10_000,
      dayMax: 500,
      dayCount: PER_DAY,
      bonus: null,
      transferAmount: 150,
    });
  });

  it('lock cannot be true yet: no provider game holds funds until the slots integration exists, so getWithdraw says false', async () => {
    const player = await funded(5_000n);
    expect((await withdrawInfo(test, player)).lock).toBe(false);
    expect((await withdraw(player, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 20 })).message).toBe(
      MESSAGES.done,
    );
  });

  it('with nothing withdrawable: "Sem valor de levantamento", before the amount and account checks', async () => {
    const player = await newPlayer(test);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: CPF, amount: 50 }, MESSAGES.nothing);
    await expectRefused(player, { amount: 5 }, MESSAGES.nothing);
    await expectRefused(player, {}, MESSAGES.nothing);
  });

  it('checks the amount: empty or below 20 is the minimum message, above wdAmount the maximum one, before the account', async () => {
    const player = await funded(10_000n);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: CPF, amount: 19.99 }, MESSAGES.minimum);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: CPF, amount: '' }, MESSAGES.minimum);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: CPF }, MESSAGES.minimum);
    await expectRefused(player, { amount: '19.99' }, MESSAGES.minimum);
    await expectRefused(
      player,
      { payCardBank: 'CPF', payCardNo: CPF, amount: 100.01 },
      MESSAGES.maximum('100,00'),
    );
    await expectRefused(player, { amount: 100.01 }, MESSAGES.maximum('100,00'));
  });

  /** Stakes counted on the player's row move the VIP level (and its daily cap) as a real player's bets would. */
  const staked = (player: Player, gameSumCents: bigint) =>
    test.ctx.db
      .updateTable('users')
      .set({ game_sum_cents: gameSumCents })
      .where('id', '=', player.userId)
      .execute();

  it('the maximum is wdAmount, at most R$ 10.000,00, written the Brazilian way', async () => {
    const player = await funded(1_200_000n);
    await staked(player, 3_000_000n); // level 6: R$ 100.000 a day, so the R$ 10.000 per withdrawal bounds it
    await expectRefused(
      player,
      { payCardBank: 'CPF', payCardNo: CPF, amount: 10_000.01 },
      MESSAGES.maximum('10.000,00'),
    );
    const smaller = await funded(150_000n);
    await staked(smaller, 50_000n); // level 3: R$ 4.000 a day
    await expectRefused(
      smaller,
      { payCardBank: 'CPF', payCardNo: CPF, amount: '1500.01' },
      MESSAGES.maximum('1.500,00'),
    );
    expect(
      (await withdraw(smaller, { payCardBank: 'CPF', payCardNo: smaller.cpf, amount: '1500.00' })).message,
    ).toBe(MESSAGES.done);
  });

  it('a missing type or account number is "Por favor, preencha as informações de retirada"', async () => {
    const player = await funded(10_000n);
    await expectRefused(player, { payCardNo: CPF, amount: 20 }, MESSAGES.incomplete);
    await expectRefused(player, { payCardBank: '', payCardNo: CPF, amount: 20 }, MESSAGES.incomplete);
    await expectRefused(player, { payCardBank: 'CPF', amount: 20 }, MESSAGES.incomplete);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: '   ', amount: 20 }, MESSAGES.incomplete);
  });

  it(`after ${PER_DAY} withdrawals today: "Número de retiradas restantes hoje 0…", before every other check`, async () => {
    const player = await funded(20_000n);
    for (let left = PER_DAY; left > 0; left -= 1) {
      expect((await withdrawInfo(test, player)).number).toBe(left);
      expect(
        (await withdraw(player, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 20 })).message,
      ).toBe(MESSAGES.done);
    }
    expect((await withdrawInfo(test, player)).number).toBe(0);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: CPF, amount: 20 }, MESSAGES.number);
    await expectRefused(player, { amount: 1 }, MESSAGES.number);
    // Refusals do not count: a fresh player refused three times still has every withdrawal of the day.
    const other = await funded(5_000n);
    for (let i = 0; i < 3; i += 1) await expectRefused(other, { amount: 1 }, MESSAGES.minimum);
    expect((await withdrawInfo(test, other)).number).toBe(PER_DAY);
  });

  it("yesterday's withdrawals do not count today (in the player's time zone)", async () => {
    const player = await funded(20_000n);
    for (let i = 0; i < PER_DAY; i += 1) {
      expect(
        (await withdraw(player, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 20 })).message,
      ).toBe(MESSAGES.done);
    }
    expect((await withdrawInfo(test, player)).number).toBe(0);
    await test.ctx.db
      .updateTable('orders')
      .set({ created_at: sql<Date>`now() - interval '1 day'` })
      .where('user_id', '=', player.userId)
      .where('type', '=', '11')
      .execute();
    expect((await withdrawInfo(test, player)).number).toBe(PER_DAY);
  });

  it('"today" is the player\'s day: the zone recorded on the account moves midnight', async () => {
    const player = await funded(5_000n);
    expect((await withdraw(player, { payCardBank: 'CPF', payCardNo: player.cpf, amount: 20 })).http).toBe(
      200,
    );
    for (const zone of [-3, 0, 9, 5.5, -9.5]) {
      await test.ctx.db
        .updateTable('users')
        .set({ zone_minutes: zone * 60 })
        .where('id', '=', player.userId)
        .execute();
      const local = new Date(Date.now() + zone * 3_600_000);
      const midnight =
        Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - zone * 3_600_000;
      const numberAt = async (createdAt: number) => {
        await test.ctx.db
          .updateTable('orders')
          .set({ created_at: new Date(createdAt) })
          .where('user_id', '=', player.userId)
          .where('type', '=', '11')
          .execute();
        return (await withdrawInfo(test, player)).number;
      };
      expect(await numberAt(midnight - 1_000), `zone ${zone}, just before midnight`).toBe(PER_DAY);
      expect(await numberAt(midnight + 1_000), `zone ${zone}, just after midnight`).toBe(PER_DAY - 1);
    }
  });

  it("a request's zone header cannot start a new day: the account's zone moves at most once a week", async () => {
    const player = await funded(20_000n);
    const withdrawIn = (zone: string) =>
      call(
        test,
        'POST',
        '/api/app/order/withdraw',
        player.token,
        { payCardBank: 'CPF', payCardNo: player.cpf, amount: 20 },
        { zone },
      );
    for (let i = 0; i < PER_DAY; i += 1) expect((await withdrawIn('-3')).http).toBe(200);
    for (const zone of ['14', '-12', '5.75', '13.25']) {
      const info = await call(test, 'GET', '/api/app/order/getWithdraw', player.token, undefined, { zone });
      expect(info.data.number, `zone ${zone}`).toBe(0);
      expect((await withdrawIn(zone)).message, `zone ${zone}`).toBe(MESSAGES.number);
    }
    const zoneOf = async () =>
      (
        await test.ctx.db
          .selectFrom('users')
          .select('zone_minutes')
          .where('id', '=', player.userId)
          .executeTakeFirstOrThrow()
      ).zone_minutes;
    expect(await zoneOf()).toBe(-180);
    // A week after registration the client's zone is taken once; then it is fixed for another week.
    await test.ctx.db
      .updateTable('users')
      .set({ created_at: sql<Date>`now() - interval '8 days'` })
      .where('id', '=', player.userId)
      .execute();
    await call(test, 'GET', '/api/app/order/getWithdraw', player.token, undefined, { zone: '9' });
    expect(await zoneOf()).toBe(540);
    await call(test, 'GET', '/api/app/order/getWithdraw', player.token, undefined, { zone: '-9.5' });
    expect(await zoneOf()).toBe(540);
  });

  it('a player registered with a zone has that zone as their day', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers: { zone: '5.5' },
      payload: {
        username: `zone.${Date.now()}@example.com`,
        pwd: 'Segredo-forte-91',
        codeId: 1,
        captCode: 'pass-captcha',
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await test.ctx.db
      .selectFrom('users')
      .select('zone_minutes')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.zone_minutes).toBe(330);
  });

  it('checks CPF and CNPJ check digits, formatted or bare, and the alphanumeric CNPJ', async () => {
    const accepted: [string, (player: { cpf: string; cpfBare: string }) => string][] = [
      ['CPF', (player) => player.cpf],
      ['CPF', (player) => player.cpfBare],
      ['CNPJ', () => CNPJ],
      ['CNPJ', () => CNPJ_BARE],
      ['CNPJ', () => CNPJ_ALPHANUMERIC],
      ['CNPJ', () => '12ABC34501DE35'],
    ];
    for (const [payCardBank, keyOf] of accepted) {
      const player = await funded(5_000n);
      const payCardNo = keyOf(player);
      ownsKey(player, payCardNo.replace(/[./-]/g, ''));
      const answer = await withdraw(player, { payCardBank, payCardNo, name: 'Maria Silva', amount: 20 });
      expect(answer.http, `${payCardBank} ${payCardNo}`).toBe(200);
      expect(answer.message).toBe(MESSAGES.done);
    }
    const player = await funded(5_000n);
    await expectRefused(
      player,
      { payCardBank: 'CPF', payCardNo: '529.982.247-24', amount: 20 },
      MESSAGES.cpf,
    );
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: '52998224726', amount: 20 }, MESSAGES.cpf);
    await expectRefused(
      player,
      { payCardBank: 'CPF', payCardNo: '111.111.111-11', amount: 20 },
      MESSAGES.cpf,
    );
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: '5299822472', amount: 20 }, MESSAGES.cpf);
    await expectRefused(player, { payCardBank: 'CPF', payCardNo: CNPJ, amount: 20 }, MESSAGES.cpf);
    await expectRefused(
      player,
      { payCardBank: 'CNPJ', payCardNo: '11.222.333/0001-80', amount: 20 },
      MESSAGES.cnpj,
    );
    await expectRefused(
      player,
      { payCardBank: 'CNPJ', payCardNo: '12.ABC.345/01DE-36', amount: 20 },
      MESSAGES.cnpj,
    );
    await expectRefused(player, { payCardBank: 'CNPJ', payCardNo: CPF, amount: 20 }, MESSAGES.cnpj);
    expect((await withdrawInfo(test, player)).number).toBe(PER_DAY);
  });

  it('refuses USDT for lx 10, accepts it for lx 20 with a valid TRC-20 address, refuses a bad address', async () => {
    const player = await funded(10_000n);
    await expectRefused(player, { payCardBank: 'USDT', payCardNo: TRON, amount: 20 }, MESSAGES.usdtRefused);
    await test.ctx.db.updateTable('users').set({ lx: '20' }).where('id', '=', player.userId).execute();
    expect((await userInfo(test, player)).lx).toBe('20');
    await expectRefused(
      player,
      { payCardBank: 'USDT', payCardNo: `${TRON.slice(0, -1)}u`, amount: 20 },
      MESSAGES.usdtAddress,
    );
    await expectRefused(
      player,
      { payCardBank: 'USDT', payCardNo: '0x52908400098527886E0F7030069857D2E4169EE7', amount: 20 },
      MESSAGES.usdtAddress,
    );
    const answer = await withdraw(player, {
      payCardBank: 'USDT',
      payCardNo: TRON,
      ifsc: 'ignored',
      name: 'ignored',
      amount: 25,
    });
    expect(answer.message).toBe(MESSAGES.done);
    expect(await balances(test, player)).toEqual({ balance: 75, freeBalance: 0 });
    const info = await withdrawInfo(test, player);
    expect(info.cardInfo.USDT).toEqual({ ifsc: '5.40', payCardNo: TRON, name: '', whatsapp: '' });
    expect(info.cardInfo.CHANNEL).toBe('USDT');
  });

  it('success: the message, the balance drops at once into the hold, and the payout job pays it (status 10, wdSumAmount)', async () => {
    const player = await funded(10_000n);
    const answer = await withdraw(player, {
      payCardBank: 'CPF',
      payCardNo: player.cpf,
      name: 'Maria Silva',
      whatsapp: '+5511999999999',
      amount: '30.50',
    });
    expect(answer).toEqual({ http: 200, status: 200, message: MESSAGES.done, data: null });
    expect(await balances(test, player)).toEqual({ balance: 69.5, freeBalance: 0 });
    expect(await accountCents(test, 'player_withdrawal_hold', { userId: player.userId })).toBe(3_050n);
    const records = await call(test, 'GET', '/api/app/order/records?type=11', player.token);
    const orderId = records.data.records[0].orderId;
    expect(records.data.records[0]).toMatchObject({ type: '11', amount: 30.5, status: '00' });
    expect((await call(test, 'GET', `/api/app/order/getStatus/${orderId}`, player.token)).data.status).toBe(
      '00',
    );
    expect((await withdrawInfo(test, player)).wdAmount).toBe(69.5);
    await expectLedgerClean(test);

    await runJobsNow(test);
    expect((await call(test, 'GET', `/api/app/order/getStatus/${orderId}`, player.token)).data.status).toBe(
      '10',
    );
    expect(await balances(test, player)).toEqual({ balance: 69.5, freeBalance: 0 });
    expect(await accountCents(test, 'player_withdrawal_hold', { userId: player.userId })).toBe(0n);
    expect((await userInfo(test, player)).wdSumAmount).toBe(30.5);
    // Running the jobs again pays nothing twice.
    await runJobsNow(test);
    expect((await userInfo(test, player)).wdSumAmount).toBe(30.5);
    await expectLedgerClean(test);
  });

  it('a payout the PSP refuses (amount ending in ,13) is returned: status 01, balance back, nothing paid', async () => {
    const player = await funded(10_000n);
    ownsKey(player, CNPJ_BARE);
    expect(
      (await withdraw(player, { payCardBank: 'CNPJ', payCardNo: CNPJ, name: 'Empresa', amount: 20.13 }))
        .message,
    ).toBe(MESSAGES.done);
    expect(await balances(test, player)).toEqual({ balance: 79.87, freeBalance: 0 });
    const [order] = (await call(test, 'GET', '/api/app/order/records?type=11', player.token)).data.records;
    await runJobsNow(test);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
    ).toBe('01');
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect(await accountCents(test, 'player_withdrawal_hold', { userId: player.userId })).toBe(0n);
    expect((await userInfo(test, player)).wdSumAmount).toBe(0);
    const [record] = (await call(test, 'GET', '/api/app/order/records?type=11', player.token)).data.records;
    expect(record).toMatchObject({ orderId: order.orderId, status: '01', amount: 20.13 });
    await expectLedgerClean(test);
  });

  it('getWithdraw remembers the account per type and the last type used as CHANNEL', async () => {
    const player = await funded(10_000n);
    ownsKey(player, CNPJ_BARE);
    expect(
      (
        await withdraw(player, {
          payCardBank: 'CPF',
          payCardNo: player.cpf,
          name: ' Maria Silva ',
          whatsapp: '11999',
          amount: 20,
        })
      ).http,
    ).toBe(200);
    let info = await withdrawInfo(test, player);
    expect(info.cardInfo).toEqual({
      CPF: { ifsc: player.cpfBare, payCardNo: player.cpfBare, name: 'Maria Silva', whatsapp: '11999' },
      CNPJ: null,
      USDT: null,
      CHANNEL: 'CPF',
    });
    expect(
      (
        await withdraw(player, {
          payCardBank: 'CNPJ',
          payCardNo: CNPJ,
          ifsc: 'Banco X',
          name: 'Empresa Ltda',
          amount: 20,
        })
      ).http,
    ).toBe(200);
    info = await withdrawInfo(test, player);
    expect(info.cardInfo).toEqual({
      CPF: { ifsc: player.cpfBare, payCardNo: player.cpfBare, name: 'Maria Silva', whatsapp: '11999' },
      CNPJ: { ifsc: 'Banco X', payCardNo: CNPJ_BARE, name: 'Empresa Ltda', whatsapp: '' },
      USDT: null,
      CHANNEL: 'CNPJ',
    });
  });

  it('an amount that is not reais with at most 2 decimals is a 400 naming the field, and moves nothing', async () => {
    const player = await funded(100_000n);
    for (const amount of ['10.005', 'abc', '-5', '1e3', '0x14', ' 20', '020', '20,00', 10.005, -5, true]) {
      const before = await balances(test, player);
      const answer = await withdraw(player, { payCardBank: 'CPF', payCardNo: CPF, amount });
      expect(answer.http, JSON.stringify(amount)).toBe(400);
      expect(answer.message, JSON.stringify(amount)).toContain('"amount"');
      expect(await balances(test, player)).toEqual(before);
    }
    expect(await orderCount(player)).toBe(0);
  });

  it('an Idempotency-Key sent twice withdraws once', async () => {
    const player = await funded(10_000n);
    const fields = { payCardBank: 'CPF', payCardNo: player.cpf, amount: 40 };
    const first = await withdraw(player, fields, { 'idempotency-key': 'wd-1' });
    const second = await withdraw(player, fields, { 'idempotency-key': 'wd-1' });
    expect(first.message).toBe(MESSAGES.done);
    expect(second.message).toBe(MESSAGES.done);
    expect(await orderCount(player)).toBe(1);
    expect(await balances(test, player)).toEqual({ balance: 60, freeBalance: 0 });
  });

  it('accepts the client form encoding', async () => {
    const player = await funded(10_000n);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/app/order/withdraw',
      headers: { authorization: player.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        payCardBank: 'CPF',
        payCardNo: player.cpf,
        ifsc: player.cpf,
        name: 'Maria',
        amount: '21.5',
        whatsapp: '',
      }).toString(),
    });
    expect(response.json()).toMatchObject({ status: 200, message: MESSAGES.done });
    expect(await balances(test, player)).toEqual({ balance: 78.5, freeBalance: 0 });
  });
});
