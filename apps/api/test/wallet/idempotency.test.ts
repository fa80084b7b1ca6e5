import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, deposit, newPlayer, type Player, packageOf } from './helpers.ts';

/**
 * HTTP idempotency (http/idempotency.ts) on the money calls: a retry with the same Idempotency-Key gets the first
 * answer and moves nothing again; a refused attempt releases its key so the player can retry after fixing the
 * cause; a key is the player's own and belongs to one call; a malformed key is a 400. On PostgreSQL, the same key
 * sent five times at once still acts once.
 */
describe(`Idempotency-Key (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ withdrawalsPerDay: 10 });
  });
  afterAll(async () => test.close());

  // Withdrawals need approved KYC and pay only to the player's own CPF (verified after each deposit).
  const cpfs = new Map<bigint, string>();
  const verify = async (player: Player) => cpfs.set(player.userId, await approveKyc(test, player.token));
  const withdraw = (
    player: Player,
    key: string,
    payCardNo = cpfs.get(player.userId) ?? '',
    amount: unknown = 20,
  ) =>
    call(
      test,
      'POST',
      '/api/app/order/withdraw',
      player.token,
      { payCardBank: 'CPF', payCardNo, amount },
      { 'idempotency-key': key },
    );
  const withdrawals = async (player: Player) =>
    (
      await test.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', player.userId)
        .where('type', '=', '11')
        .execute()
    ).length;

  it('a refused attempt releases its key: the same key works once the cause is fixed, and then only once', async () => {
    const player = await newPlayer(test);
    await deposit(test, player, 10_000n);
    await verify(player);
    const refused = await withdraw(player, 'retry-after-fix', '529.982.247-24');
    expect(refused).toMatchObject({ http: 400, message: 'CPF inválido: confira os números' });
    const fixed = await withdraw(player, 'retry-after-fix');
    expect(fixed).toMatchObject({ http: 200, message: 'Solicitação de saque bem-sucedida!' });
    const again = await withdraw(player, 'retry-after-fix');
    expect(again).toMatchObject({ http: 200, message: 'Solicitação de saque bem-sucedida!' });
    expect(await withdrawals(player)).toBe(1);
    expect(await balances(test, player)).toEqual({ balance: 80, freeBalance: 0 });
  });

  it('a key belongs to one call: reused on another call it is a 409 and moves nothing', async () => {
    const player = await newPlayer(test);
    const friend = await newPlayer(test);
    await deposit(test, player, 10_000n);
    await verify(player);
    expect((await withdraw(player, 'one-call')).http).toBe(200);
    const transfer = await call(
      test,
      'POST',
      '/api/app/order/transfer',
      player.token,
      { toUser: friend.username, amount: 5 },
      {
        'idempotency-key': 'one-call',
      },
    );
    expect(transfer).toMatchObject({ http: 409, status: 409 });
    expect(await balances(test, friend)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it("a key is the player's own: another player's same key is another request", async () => {
    const first = await newPlayer(test);
    const second = await newPlayer(test);
    const pkgId = await packageOf(test, 2_000n);
    const send = (player: Player) =>
      call(
        test,
        'POST',
        `/api/app/order/prePay/${pkgId}`,
        player.token,
        { gift: '0' },
        { 'idempotency-key': 'shared-key' },
      );
    const a = await send(first);
    const b = await send(second);
    expect(a.http).toBe(200);
    expect(b.http).toBe(200);
    expect(b.data.orderId).not.toBe(a.data.orderId);
    expect(
      (await call(test, 'GET', `/api/app/order/getStatus/${b.data.orderId}`, second.token)).data.status,
    ).toBe('00');
  });

  it('the same key on another body, path or query is a 409 that moves nothing; the same request replays', async () => {
    const player = await newPlayer(test);
    const friend = await newPlayer(test);
    const other = await newPlayer(test);
    await deposit(test, player, 10_000n);
    await verify(player);
    const send = (body: Record<string, unknown>, url = '/api/app/order/transfer') =>
      call(test, 'POST', url, player.token, body, { 'idempotency-key': 'same-key-other-body' });
    const first = await send({ toUser: friend.username, amount: 5 });
    expect(first.http).toBe(200);
    const otherAmount = await send({ toUser: friend.username, amount: 50 });
    expect(otherAmount).toMatchObject({ http: 409, status: 409 });
    expect(otherAmount.message).toContain('Idempotency-Key');
    expect((await send({ toUser: other.username, amount: 5 })).http).toBe(409);
    expect((await send({ toUser: friend.username, amount: 5 }, '/api/app/order/transfer?x=1')).http).toBe(
      409,
    );
    // Key order and encoding do not matter: it is the same request.
    const replay = await send({ amount: 5, toUser: friend.username });
    expect(replay).toMatchObject({ http: 200, data: first.data });
    expect(await balances(test, friend)).toEqual({ balance: 5, freeBalance: 0 });
    expect(await balances(test, other)).toEqual({ balance: 0, freeBalance: 0 });
    expect(await balances(test, player)).toEqual({ balance: 95, freeBalance: 0 });
  });

  it('refuses a malformed key with 400 before anything moves', async () => {
    const player = await newPlayer(test);
    await deposit(test, player, 10_000n);
    await verify(player);
    for (const key of ['has space', 'x'.repeat(101), 'acentuação']) {
      const answer = await withdraw(player, key);
      expect(answer.http, key).toBe(400);
      expect(answer.message).toContain('Idempotency-Key');
    }
    expect(await withdrawals(player)).toBe(0);
  });

  it.skipIf(TEST_DATABASE !== 'postgres')(
    'the same key five times at once acts once and answers the same (PostgreSQL only: PGlite has no concurrent requests)',
    async () => {
      const player = await newPlayer(test);
      await deposit(test, player, 10_000n);
      await verify(player);
      const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(player, 'at-once')));
      expect(answers.map((answer) => answer.http)).toEqual([200, 200, 200, 200, 200]);
      expect(await withdrawals(player)).toBe(1);
      expect(await balances(test, player)).toEqual({ balance: 80, freeBalance: 0 });

      const pkgId = await packageOf(test, 3_000n);
      const orders = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(
            test,
            'POST',
            `/api/app/order/prePay/${pkgId}`,
            player.token,
            { gift: '0' },
            { 'idempotency-key': 'pay-at-once' },
          ),
        ),
      );
      expect(new Set(orders.map((answer) => answer.data?.orderId)).size).toBe(1);
      const deposits = await test.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', player.userId)
        .where('type', '=', '10')
        .execute();
      expect(deposits).toHaveLength(2);
    },
  );
});
