import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { createTestApp, TEST_DATABASE, type TestApp, uniqueEmail } from '../harness.ts';
import {
  balances,
  call,
  deposit,
  expectLedgerClean,
  newPlayer,
  type Player,
  withdrawInfo,
} from './helpers.ts';

/**
 * Transfers cannot be used to find out who is a player (an uncovered amount answers the same for a real and an
 * unknown name, and each player may send only a few per minute), and a test account's play money never leaves
 * it, nor does real money go into one.
 */
describe(`transfer probing and play money (${TEST_DATABASE})`, () => {
  const PER_MINUTE = 4;
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        loginPerMinute: 10_000,
        registerPerMinute: 10_000,
        transferPerMinute: PER_MINUTE,
      },
    });
  });
  afterAll(async () => test.close());

  const transfer = (from: Player, toUser: string, amount: unknown, lang?: string) =>
    call(test, 'POST', '/api/app/order/transfer', from.token, { toUser, amount }, lang ? { lang } : {});

  it('an uncovered amount answers the same for a real and an unknown recipient; a covered one tells them apart', async () => {
    const prober = await newPlayer(test);
    const real = await newPlayer(test);
    const toReal = await transfer(prober, real.username, 5);
    const toGhost = await transfer(prober, uniqueEmail('ghost'), 5);
    expect(toReal).toEqual({ http: 500, status: 9999, message: toReal.message, data: null });
    expect(toGhost).toEqual(toReal);
    const byUid = await transfer(prober, '987654321', 5);
    expect(byUid).toEqual(toReal);
    const rich = await newPlayer(test);
    await deposit(test, rich, 1_000n);
    expect((await transfer(rich, uniqueEmail('ghost'), 5)).http).toBe(404);
  });

  it(`limits each player to ${PER_MINUTE} transfers a minute, answered 429 in the envelope`, async () => {
    const sender = await newPlayer(test);
    const other = await newPlayer(test);
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 2; i += 1) answers.push(await transfer(sender, uniqueEmail('probe'), 5));
    expect(answers.slice(0, PER_MINUTE).every((answer) => answer.http === 500)).toBe(true);
    expect(answers.slice(PER_MINUTE).map((answer) => answer.http)).toEqual([429, 429]);
    expect(answers.at(-1)).toMatchObject({ status: 429, data: null });
    expect((await transfer(other, uniqueEmail('probe'), 5)).http).toBe(500);
  });

  async function testAccount(cents: bigint): Promise<Player> {
    const player = await newPlayer(test);
    await test.ctx.db
      .updateTable('users')
      .set({ test_flag: true, test_password: 'mostrada123' })
      .where('id', '=', player.userId)
      .execute();
    await test.ctx.db.transaction().execute((trx) =>
      postTransaction(trx, {
        code: 'demo_credit',
        idempotencyKey: `demo:${player.userId}`,
        referenceType: 'user',
        referenceId: player.userId.toString(),
        postings: [
          { account: { kind: 'house_demo' }, amountCents: -cents },
          { account: { kind: 'player_cash', userId: player.userId }, amountCents: cents },
        ],
      }),
    );
    return player;
  }

  it("a test account's play money is neither transferred nor withdrawn", async () => {
    const demo = await testAccount(100_000n);
    const friend = await newPlayer(test);
    const out = await transfer(demo, friend.username, 50);
    expect(out).toEqual({
      http: 500,
      status: 9999,
      message:
        'O saldo de uma conta de teste é dinheiro de demonstração: não pode ser transferido nem sacado',
      data: null,
    });
    expect((await withdrawInfo(test, demo)).wdAmount).toBe(0);
    const withdrawal = await call(
      test,
      'POST',
      '/api/app/order/withdraw',
      demo.token,
      { payCardBank: 'CPF', payCardNo: '52998224725', amount: 50 },
      { lang: 'en_US' },
    );
    expect(withdrawal).toEqual({
      http: 500,
      status: 9999,
      message: "A test account's balance is play money: it cannot be transferred or withdrawn",
      data: null,
    });
    expect(await balances(test, demo)).toEqual({ balance: 1000, freeBalance: 0 });
    expect(await balances(test, friend)).toEqual({ balance: 0, freeBalance: 0 });
    await expectLedgerClean(test);
  });

  it('real money is not transferred into a test account', async () => {
    const demo = await testAccount(1_000n);
    const player = await newPlayer(test);
    await deposit(test, player, 5_000n);
    const into = await transfer(player, demo.username, 20);
    expect(into).toEqual({
      http: 400,
      status: 400,
      message: 'Não é possível transferir para uma conta de teste',
      data: null,
    });
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });
    expect(await balances(test, demo)).toEqual({ balance: 10, freeBalance: 0 });
  });
});
