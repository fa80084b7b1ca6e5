import { hasValidBrCodeCrc } from '@aposta/brazil';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  accountCents,
  balances,
  call,
  expectLedgerClean,
  newPlayer,
  packageOf,
  prePay,
  userInfo,
  webhookOutcomes,
  withdrawInfo,
} from './helpers.ts';

/**
 * PIX deposits as the player lives them (api-contract sections 5 and 6): the price packages, a pre-order with
 * its payment page (amount, a valid BR Code with its QR image), the order's status before and after the payer
 * pays at the emulated PSP (API Pix, in process), the gift and its wagering requirement, the sums of the user object, and an
 * Idempotency-Key that makes a retried pre-order create one order only. Every credit is checked in the books.
 */
describe(`deposits (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const status = async (token: string, orderId: number) =>
    call(test, 'GET', `/api/app/order/getStatus/${orderId}`, token);

  it('lists the BRL price packages sorted by sort, and another currency on request', async () => {
    const player = await newPlayer(test);
    const prices = await call(test, 'GET', '/api/app/order/getPrices', player.token);
    expect(prices.http).toBe(200);
    expect(prices.data.length).toBeGreaterThan(0);
    expect(prices.data[0]).toEqual({
      pkgId: expect.any(Number),
      price: 20,
      gift: 2,
      curreny: 'BRL',
      sort: 1,
    });
    const sorts = prices.data.map((pkg: { sort: number }) => pkg.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(prices.data.every((pkg: { curreny: string }) => pkg.curreny === 'BRL')).toBe(true);
    expect(prices.data.map((pkg: { price: number }) => pkg.price)).toContain(100);

    const ins = await call(test, 'GET', '/api/app/order/getPrices?curreny=INSBRL', player.token);
    expect(ins.data.length).toBeGreaterThan(0);
    expect(ins.data.every((pkg: { curreny: string }) => pkg.curreny === 'INSBRL')).toBe(true);
  });

  it('pre-orders a package: orderId, payNo and a payment page with the amount, a valid PIX BR Code and its QR image', async () => {
    const player = await newPlayer(test);
    const pkgId = await packageOf(test, 12_345n);
    const order = await prePay(test, player, pkgId, 0);
    expect(order).toEqual({
      orderId: expect.any(Number),
      payNo: expect.stringMatching(/^[a-zA-Z0-9]{26,35}$/),
      url: expect.any(String),
    });
    expect((await status(player.token, order.orderId)).data).toEqual({ status: '00' });

    const page = await test.app.inject({ method: 'GET', url: order.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('R$ 123,45');
    const brCode = /<textarea id="brcode" readonly>([^<]+)<\/textarea>/.exec(page.body)?.[1];
    expect(brCode).toBeDefined();
    expect(brCode!.startsWith('000201')).toBe(true);
    expect(brCode!.toLowerCase()).toContain('br.gov.bcb.pix');
    expect(hasValidBrCodeCrc(brCode!)).toBe(true);
    expect(page.body).toMatch(/<svg[^>]*>[\s\S]*<\/svg>/);
    expect(page.body).toContain('Simular pagamento');
  });

  it('writes the amount on the payment page the Brazilian way', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 123_456n), 0);
    const page = await test.app.inject({ method: 'GET', url: order.url });
    expect(page.body).toContain('R$ 1.234,56');
  });

  it('answers 404 for an unknown package, and creates no order', async () => {
    const player = await newPlayer(test);
    const answer = await call(test, 'POST', '/api/app/order/prePay/999999', player.token, { gift: '1' });
    expect(answer.http).toBe(404);
    expect(answer.status).toBe(404);
    const records = await call(test, 'GET', '/api/app/order/records', player.token);
    expect(records.data.total).toBe(0);
  });

  it("answers 404 for another player's order, and for an unknown one", async () => {
    const owner = await newPlayer(test);
    const stranger = await newPlayer(test);
    const order = await prePay(test, owner, await packageOf(test, 5_000n), 0);
    const peek = await status(stranger.token, order.orderId);
    expect(peek.http).toBe(404);
    expect(peek.status).toBe(404);
    expect((await status(owner.token, 99_999_999)).http).toBe(404);
  });

  it('goes from 00 to 10 when the payer pays; the balance, paySumAmount and payAmount grow; no gift when gift=0', async () => {
    const player = await newPlayer(test);
    const before = await userInfo(test, player);
    expect(before).toMatchObject({ balance: 0, freeBalance: 0, paySumAmount: 0, payAmount: 0 });

    const order = await prePay(test, player, await packageOf(test, 5_000n, 1_000n), 0);
    expect((await status(player.token, order.orderId)).data.status).toBe('00');
    expect(await balances(test, player)).toEqual({ balance: 0, freeBalance: 0 });
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect((await status(player.token, order.orderId)).data.status).toBe('10');
    expect(await userInfo(test, player)).toMatchObject({
      balance: 50,
      freeBalance: 0,
      paySumAmount: 50,
      payAmount: 50,
    });
    expect((await withdrawInfo(test, player)).wdAmount).toBe(50);

    const second = await prePay(test, player, await packageOf(test, 2_550n), 0);
    expect(await test.payer.pay(second.payNo)).toBe('paid');
    expect(await userInfo(test, player)).toMatchObject({
      balance: 75.5,
      freeBalance: 0,
      paySumAmount: 75.5,
      payAmount: 25.5,
    });
    expect(await accountCents(test, 'player_cash', { userId: player.userId })).toBe(7_550n);
    await expectLedgerClean(test);
  });

  it('gift=1 credits the gift to freeBalance and adds gift × 15 of wagering, which never holds the cash', async () => {
    const player = await newPlayer(test);
    // R$ 1.000 with a R$ 10 gift: R$ 150 of wagering releases the bonus; the cash stays the player's own
    // (decision 0029), capped by level 1's R$ 500 a day.
    const order = await prePay(test, player, await packageOf(test, 100_000n, 1_000n), 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(test, player)).toEqual({ balance: 1000, freeBalance: 10 });
    expect(await withdrawInfo(test, player)).toMatchObject({
      wdAmount: 500,
      bonus: { amount: 10, wageringLeft: 150, wageringRequired: 150 },
    });
    const row = await test.ctx.db
      .selectFrom('users')
      .select('wagering_remaining_cents')
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(row.wagering_remaining_cents).toBe(15_000n);
    expect(await accountCents(test, 'player_bonus', { userId: player.userId })).toBe(1_000n);
    await expectLedgerClean(test);
  });

  it('credits the shipped R$ 20 package with its R$ 2 gift: the R$ 20 stays withdrawable, the bonus waits for R$ 30 of bets', async () => {
    const player = await newPlayer(test);
    const prices = await call(test, 'GET', '/api/app/order/getPrices', player.token);
    const order = await prePay(test, player, prices.data[0].pkgId, 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(test, player)).toEqual({ balance: 20, freeBalance: 2 });
    expect(await withdrawInfo(test, player)).toMatchObject({
      wdAmount: 20,
      bonus: { amount: 2, wageringLeft: 30, wageringRequired: 30 },
    });
  });

  it('credits a paid order exactly once, whatever the payer or the PSP repeat', async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 3_000n), 0);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await test.payer.pay(order.payNo)).toBe('already_paid');
    // The PSP delivers the same Pix again (a retry after a lost answer): answered, not credited twice.
    const emulator = test.ctx.payments.emulator!;
    const paid = [...emulator.pix.values()].find((item) => item.txid === order.payNo)!;
    expect(await emulator.notify([paid])).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 30, freeBalance: 0 });
    expect((await userInfo(test, player)).paySumAmount).toBe(30);
    expect(await webhookOutcomes(test, order.payNo)).toEqual(['credited', 'duplicate']);
    await expectLedgerClean(test);
  });

  it("'Simular pagamento' opens the emulated PSP's payer page; its Pix is confirmed with GET /pix before the credit", async () => {
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 4_200n), 0);
    const page = await test.app.inject({ method: 'GET', url: order.url });
    const action = /<form method="get" action="([^"]+)"><button id="pay"[^>]*>Simular pagamento</.exec(
      page.body,
    );
    expect(action?.[1]).toMatch(/^\/api\/pay\/emulator\/pagador\/[a-f0-9]{32}$/);
    // The payer's bank: the charge read from its location, the payer's CPF and name to fill in (a test payer
    // when the player has no KYC yet).
    const bank = await test.app.inject({ method: 'GET', url: action![1]! });
    expect(bank.body).toMatch(/R\$\s42,00/);
    expect(bank.body).toContain('name="cpf"');
    const emulator = test.ctx.payments.emulator!;
    emulator.exchanges = [];
    const paid = await test.app.inject({
      method: 'POST',
      url: action![1]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cpf=529.982.247-25&nome=Maria+da+Silva',
    });
    expect(paid.body).toContain('Pix enviado');
    expect(emulator.exchanges.map((exchange) => exchange.call)).toContain('GET /pix/{e2eid}');
    emulator.exchanges = undefined;
    const received = [...emulator.pix.values()].find((item) => item.txid === order.payNo)!;
    expect(received.pagador).toEqual({ cpf: '52998224725', nome: 'Maria da Silva' });
    expect((await status(player.token, order.orderId)).data.status).toBe('10');
    expect(await balances(test, player)).toEqual({ balance: 42, freeBalance: 0 });
    // Paid: the payer's page no longer offers to pay it.
    expect((await test.app.inject({ method: 'GET', url: action![1]! })).body).toContain(
      'não pode mais ser paga',
    );
  });

  it('an Idempotency-Key sent twice returns the same orderId and creates one order', async () => {
    const player = await newPlayer(test);
    const pkgId = await packageOf(test, 6_000n);
    const send = () =>
      call(
        test,
        'POST',
        `/api/app/order/prePay/${pkgId}`,
        player.token,
        { gift: '0' },
        { 'idempotency-key': 'deposit-retry-1' },
      );
    const first = await send();
    const second = await send();
    expect(first.http).toBe(200);
    expect(second.http).toBe(200);
    expect(second.data).toEqual(first.data);
    const orders = await test.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(orders).toHaveLength(1);
    // A new key is a new order.
    const third = await call(
      test,
      'POST',
      `/api/app/order/prePay/${pkgId}`,
      player.token,
      { gift: '0' },
      { 'idempotency-key': 'deposit-retry-2' },
    );
    expect(third.data.orderId).not.toBe(first.data.orderId);
  });

  it('accepts the client form encoding for prePay', async () => {
    const player = await newPlayer(test);
    const pkgId = await packageOf(test, 2_000n, 500n);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/app/order/prePay/${pkgId}`,
      headers: { authorization: player.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `gift=1&pkgId=${pkgId}&isapp=1`,
    });
    expect(response.statusCode).toBe(200);
    const order = response.json().data;
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(test, player)).toEqual({ balance: 20, freeBalance: 5 });
  });

  it('needs a logged-in player', async () => {
    const answer = await call(test, 'POST', '/api/app/order/prePay/1', undefined, { gift: '1' });
    expect(answer.http).toBe(401);
    expect(answer.status).toBe(40101);
  });
});
