import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  balances,
  call,
  deposit,
  expectLedgerClean,
  newPlayer,
  type Player,
  packageOf,
  prePay,
  withdrawInfo,
} from './helpers.ts';

/**
 * Player-to-player transfers (api-contract section 5, ours): withdrawable cash moves to another player named by
 * username or uId, both balances change in one ledger transaction. Refused: to oneself (400), to nobody (404),
 * below R$ 1 (400), more than the withdrawable cash (500/9999) — which is how bonus money, and cash still owed
 * to wagering, stay put.
 */
describe(`transfers (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const send = (
    from: Player,
    toUser: string | number,
    amount: unknown,
    headers: Record<string, string> = {},
  ) => call(test, 'POST', '/api/app/order/transfer', from.token, { toUser: String(toUser), amount }, headers);

  async function funded(cents: bigint): Promise<Player> {
    const player = await newPlayer(test);
    await deposit(test, player, cents);
    return player;
  }

  it('moves cash to another player by username and by uId; both balances change and the books stay clean', async () => {
    const sender = await funded(10_000n);
    const receiver = await newPlayer(test);
    const byName = await send(sender, receiver.username.toUpperCase(), '12.34');
    expect(byName).toMatchObject({ http: 200, status: 200, message: 'Transferência concluída' });
    expect(byName.data).toEqual({ transferId: expect.any(Number) });
    expect(await balances(test, sender)).toEqual({ balance: 87.66, freeBalance: 0 });
    expect(await balances(test, receiver)).toEqual({ balance: 12.34, freeBalance: 0 });

    const byId = await send(sender, receiver.uId, 7.66);
    expect(byId.http).toBe(200);
    expect(await balances(test, sender)).toEqual({ balance: 80, freeBalance: 0 });
    expect(await balances(test, receiver)).toEqual({ balance: 20, freeBalance: 0 });
    // The receiver can use it: it is withdrawable cash.
    expect((await withdrawInfo(test, receiver)).wdAmount).toBe(20);
    await expectLedgerClean(test);
  });

  it('refuses a transfer to oneself with 400, by username or uId', async () => {
    const player = await funded(5_000n);
    for (const toUser of [player.username, player.uId]) {
      const answer = await send(player, toUser, 5);
      expect(answer).toMatchObject({
        http: 400,
        status: 400,
        message: 'Não é possível transferir para você mesmo',
      });
    }
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
  });

  it('answers 404 for an unknown recipient', async () => {
    const player = await funded(5_000n);
    for (const toUser of ['nobody-here@example.com', 99_999_999]) {
      const answer = await send(player, toUser, 5);
      expect(answer).toMatchObject({ http: 404, status: 404, message: 'Usuário de destino não encontrado' });
    }
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
  });

  it('refuses less than R$ 1,00 with 400, and badly written amounts with a 400 naming the field', async () => {
    const sender = await funded(5_000n);
    const receiver = await newPlayer(test);
    expect(await send(sender, receiver.username, 0.99)).toMatchObject({
      http: 400,
      message: 'O valor mínimo de transferência é R$ 1,00',
    });
    for (const amount of ['1e1', '10.005', 'abc', '-5', '0x10', 0]) {
      const answer = await send(sender, receiver.username, amount);
      expect(answer.http, JSON.stringify(amount)).toBe(400);
      if (amount !== 0) expect(answer.message).toContain('"amount"');
    }
    expect(await send(sender, receiver.username, 1)).toMatchObject({ http: 200 });
    expect(await balances(test, sender)).toEqual({ balance: 49, freeBalance: 0 });
    expect(await balances(test, receiver)).toEqual({ balance: 1, freeBalance: 0 });
  });

  it('refuses more than the withdrawable cash with 500 and body status 9999', async () => {
    const sender = await funded(5_000n);
    const receiver = await newPlayer(test);
    const answer = await send(sender, receiver.username, 50.01);
    expect(answer).toMatchObject({ http: 500, status: 9999, message: 'Saldo insuficiente' });
    expect(await balances(test, sender)).toEqual({ balance: 50, freeBalance: 0 });
    expect(await balances(test, receiver)).toEqual({ balance: 0, freeBalance: 0 });
    expect((await send(sender, receiver.username, 50)).http).toBe(200);
    expect((await send(sender, receiver.username, 1)).status).toBe(9999);
    await expectLedgerClean(test);
  });

  it('bonus money cannot be transferred, nor cash still owed to wagering', async () => {
    // R$ 100 with a R$ 10 gift: R$ 150 of wagering covers all the cash, so nothing is transferable.
    const player = await newPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 10_000n, 1_000n), 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 10 });
    const receiver = await newPlayer(test);
    expect(await send(player, receiver.username, 1)).toMatchObject({ http: 500, status: 9999 });
    expect(await send(player, receiver.username, 10)).toMatchObject({ http: 500, status: 9999 });

    // With R$ 1.000 more cash, R$ 950 is free: exactly that much can leave, and the bonus never does.
    await deposit(test, player, 100_000n);
    // A withdrawal would take the player's own cash (forfeiting the bonus, decision 0029); a transfer cannot forfeit.
    expect(await withdrawInfo(test, player)).toMatchObject({ wdAmount: 500, transferAmount: 950 });
    expect(await send(player, receiver.username, 950.01)).toMatchObject({ http: 500, status: 9999 });
    expect((await send(player, receiver.username, 950)).http).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 150, freeBalance: 10 });
    expect(await balances(test, receiver)).toEqual({ balance: 950, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('an Idempotency-Key sent twice transfers once', async () => {
    const sender = await funded(5_000n);
    const receiver = await newPlayer(test);
    const first = await send(sender, receiver.username, 10, { 'idempotency-key': 'tr-1' });
    const second = await send(sender, receiver.username, 10, { 'idempotency-key': 'tr-1' });
    expect(second.data).toEqual(first.data);
    expect(await balances(test, sender)).toEqual({ balance: 40, freeBalance: 0 });
    expect(await balances(test, receiver)).toEqual({ balance: 10, freeBalance: 0 });
  });

  it('answers 404 for a blocked recipient', async () => {
    const sender = await funded(5_000n);
    const receiver = await newPlayer(test);
    await test.ctx.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('id', '=', receiver.userId)
      .execute();
    expect((await send(sender, receiver.username, 5)).http).toBe(404);
    expect(await balances(test, sender)).toEqual({ balance: 50, freeBalance: 0 });
  });
});
