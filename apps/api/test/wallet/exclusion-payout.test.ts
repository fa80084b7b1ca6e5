import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { exclude } from '../../src/modules/rg/rg.exclusions.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { passKyc } from '../rg/helpers.ts';
import { brPlayer } from './br-player.ts';
import {
  accountCents,
  call,
  deposit,
  expectLedgerClean,
  newPlayer,
  type Player,
  runJobsNow,
} from './helpers.ts';

/**
 * Decision 0052: under br-licensed a self-exclusion pays the player's whole cash balance to a PIX key of their own
 * CPF (they cannot log in to ask), through the normal withdrawal path, once per exclusion however often it runs.
 */
describe(`an excluded player's balance is paid out (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ regulatoryProfile: 'br-licensed' });
  });
  afterAll(async () => test.close());

  const withdrawals = (player: Player) =>
    test.ctx.db
      .selectFrom('orders')
      .select(['id', 'amount_cents', 'pay_card_bank', 'pay_card_no', 'status'])
      .where('user_id', '=', player.userId)
      .where('type', '=', '11')
      .execute();

  it('pays the exact cash to the own CPF key; a second exclusion pays nothing more', async () => {
    const player = await brPlayer(test);
    const cpf = await passKyc(test, player);
    await deposit(test, player, 12_345n);
    const excluded = await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '30d' });
    expect(excluded.http, excluded.message).toBe(200);
    await runJobsNow(test);
    const [order, ...more] = await withdrawals(player);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ amount_cents: 12_345n, pay_card_bank: 'CPF', pay_card_no: cpf });
    expect(await accountCents(test, 'player_cash', { userId: player.userId })).toBe(0n);
    // The normal path: a first withdrawal waits for an operator, its hold is the whole balance.
    expect(await accountCents(test, 'player_withdrawal_hold', { userId: player.userId })).toBe(12_345n);
    // Applied again (an operator's exclusion, a retried job): still one payout.
    await exclude(test.ctx, player.userId, 'permanent');
    await runJobsNow(test);
    expect(await withdrawals(player)).toHaveLength(1);
    await expectLedgerClean(test);
  });

  it('bonus money is not cash: the payout forfeits it as any withdrawal does', async () => {
    const player = await brPlayer(test);
    await passKyc(test, player);
    await deposit(test, player, 10_001n);
    // br-licensed offers no deposit bonus; a bonus from before the licence (the open profile's) still is one.
    await test.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ wagering_remaining_cents: 6_000n, wagering_total_cents: 6_000n })
        .where('id', '=', player.userId)
        .execute();
      await postTransaction(trx, {
        code: 'deposit_gift',
        idempotencyKey: `test_gift:${player.userId}`,
        referenceType: 'test',
        referenceId: player.userId.toString(),
        postings: [
          { account: { kind: 'house_bonus_cost' }, amountCents: -2_000n },
          { account: { kind: 'player_bonus', userId: player.userId }, amountCents: 2_000n },
        ],
      });
    });
    expect(await accountCents(test, 'player_bonus', { userId: player.userId })).toBe(2_000n);
    expect((await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '7d' })).http).toBe(200);
    await runJobsNow(test);
    expect((await withdrawals(player)).map((row) => row.amount_cents)).toEqual([10_001n]);
    expect(await accountCents(test, 'player_bonus', { userId: player.userId })).toBe(0n);
    await expectLedgerClean(test);
  });

  it('the open profile keeps the balance where it is (the player withdraws after the exclusion)', async () => {
    const open = await createTestApp();
    try {
      const player = await newPlayer(open);
      await deposit(open, player, 5_000n);
      expect((await call(open, 'POST', '/api/app/rg/exclude', player.token, { period: '1d' })).http).toBe(
        200,
      );
      await runJobsNow(open);
      expect(await accountCents(open, 'player_cash', { userId: player.userId })).toBe(5_000n);
    } finally {
      await open.close();
    }
  });

  it('nothing to pay: no order', async () => {
    const player = await brPlayer(test);
    await passKyc(test, player);
    expect((await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '1d' })).http).toBe(200);
    await runJobsNow(test);
    expect(await withdrawals(player)).toEqual([]);
  });
});
