import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  accountCents,
  balances,
  deposit,
  expectLedgerClean,
  newPlayer,
  type Player,
  runJobsNow,
} from '../wallet/helpers.ts';
import { call, createAdminApp, newOperator, type Operator, ownerToken } from './helpers.ts';

/**
 * Withdrawal review (api-contract section 12): above the threshold or flagged by a risk rule, a withdrawal waits
 * in review and the player sees '00'; otherwise it is paid at once. Approve starts the payout, reject returns the
 * held amount; both are idempotent and decide once when two operators click together.
 */
describe(`withdrawal review (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let finance: Operator;
  let risk: Operator;

  beforeAll(async () => {
    // Threshold R$ 50,00 so that small test amounts cross it.
    test = await createAdminApp({ withdrawalReviewAboveCents: 5_000n });
    const owner = await ownerToken(test);
    finance = await newOperator(test, owner, ['finance']);
    risk = await newOperator(test, owner, ['risk']);
  });
  afterAll(async () => test.close());

  async function withdraw(player: Player, cpf: string, amount: number, name = '') {
    const answer = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: cpf,
      name,
      amount,
    });
    expect(answer.http, answer.message).toBe(200);
    const order = await test.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('type', '=', '11')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return Number(order.id);
  }

  const record = async (orderId: number) => {
    const list = await call(test, 'GET', '/api/admin/withdrawals?size=100', finance.token);
    return list.data.records.find((entry: { orderId: number }) => entry.orderId === orderId);
  };
  const playerStatus = async (player: Player, orderId: number) =>
    (await call(test, 'GET', `/api/app/order/getStatus/${orderId}`, player.token)).data.status;
  const approve = (orderId: number, operator = finance) =>
    call(test, 'POST', `/api/admin/withdrawals/${orderId}/approve`, operator.token);
  const reject = (orderId: number, operator = finance) =>
    call(test, 'POST', `/api/admin/withdrawals/${orderId}/reject`, operator.token, {
      reason: 'documento divergente',
    });

  /** A player with R$ 100 and approved KYC: withdrawals pay only to a key of the player's own CPF. */
  async function verifiedPlayer(name?: string): Promise<{ player: Player; cpf: string }> {
    const player = await newPlayer(test);
    await deposit(test, player, 10_000n);
    const cpf = await approveKyc(test, player.token, undefined, name);
    return { player, cpf };
  }

  /** A player with history: a deposit, a first withdrawal (reviewed, approved, paid), then a fresh deposit. */
  async function seasonedPlayer(name?: string): Promise<{ player: Player; cpf: string }> {
    const { player, cpf } = await verifiedPlayer(name);
    const first = await withdraw(player, cpf, 20);
    expect((await approve(first)).http).toBe(200);
    await runJobsNow(test);
    expect(await playerStatus(player, first)).toBe('10');
    await deposit(test, player, 10_000n);
    return { player, cpf };
  }

  it('a first withdrawal waits in review: the player sees 00, nothing is paid until approved', async () => {
    const { player, cpf } = await verifiedPlayer();
    const orderId = await withdraw(player, cpf, 20);
    expect(await record(orderId)).toMatchObject({ status: 'review', risk: ['first_withdrawal'], amount: 20 });
    expect(await playerStatus(player, orderId)).toBe('00');
    await runJobsNow(test);
    expect(await playerStatus(player, orderId)).toBe('00');
    expect(await accountCents(test, 'player_withdrawal_hold', { userId: player.userId })).toBe(2_000n);
  });

  it('within the threshold, with a deposit since the last withdrawal and no other flag, it is paid at once', async () => {
    const { player, cpf } = await seasonedPlayer();
    const orderId = await withdraw(player, cpf, 50);
    expect(await record(orderId)).toMatchObject({ status: 'paying', risk: [] });
    await runJobsNow(test);
    expect(await playerStatus(player, orderId)).toBe('10');
    expect(await record(orderId)).toMatchObject({ status: 'paid' });
  });

  it('above WITHDRAWAL_REVIEW_ABOVE it waits (50,01 over a 50,00 threshold)', async () => {
    const { player, cpf } = await seasonedPlayer();
    const orderId = await withdraw(player, cpf, 50.01);
    expect(await record(orderId)).toMatchObject({ status: 'review', risk: ['above_threshold'] });
  });

  it('no deposit since the last withdrawal: flagged', async () => {
    const { player, cpf } = await seasonedPlayer();
    const paid = await withdraw(player, cpf, 20);
    await runJobsNow(test);
    expect(await playerStatus(player, paid)).toBe('10');
    const orderId = await withdraw(player, cpf, 20);
    expect(await record(orderId)).toMatchObject({ status: 'review', risk: ['no_deposit_since_last'] });
  });

  it('a PIX key another player has used: flagged', async () => {
    // Payouts go only to keys of the player's own CPF, so a shared key is one that changed holder in the DICT
    // (PIX key portability): another player was paid to it, then it moved to this player's account.
    const key = '11222333000181';
    const { player, cpf } = await seasonedPlayer();
    const other = await seasonedPlayer();
    test.payer.registerKey(key, other.cpf);
    const paid = await call(test, 'POST', '/api/app/order/withdraw', other.player.token, {
      payCardBank: 'CNPJ',
      payCardNo: key,
      amount: 20,
    });
    expect(paid.http, paid.message).toBe(200);
    test.payer.registerKey(key, cpf);
    const answer = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CNPJ',
      payCardNo: key,
      amount: 20,
    });
    expect(answer.http, answer.message).toBe(200);
    const order = await test.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('type', '=', '11')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(await record(Number(order.id))).toMatchObject({ status: 'review', risk: ['shared_pix_key'] });
  });

  it('a holder name that differs from the KYC name: flagged; the same name in other case and accents is not', async () => {
    const { player, cpf } = await seasonedPlayer('José da Silva');
    const same = await withdraw(player, cpf, 20, 'JOSE  DA SILVA');
    expect(await record(same)).toMatchObject({ status: 'paying', risk: [] });
    await deposit(test, player, 1_000n);
    const other = await withdraw(player, cpf, 20, 'Maria Souza');
    expect(await record(other)).toMatchObject({
      status: 'review',
      risk: ['name_mismatch'],
      name: 'Maria Souza',
      kycName: 'José da Silva',
    });
  });

  it('with no holder name typed, the record names the player by the KYC name', async () => {
    const { player, cpf } = await seasonedPlayer('Carla Dias');
    const orderId = await withdraw(player, cpf, 20);
    expect(await record(orderId)).toMatchObject({ name: 'Carla Dias', kycName: 'Carla Dias' });
    // A player without approved KYC has no withdrawal to review: it is refused before any record exists.
    const anonymous = await newPlayer(test);
    await deposit(test, anonymous, 10_000n);
    const unverified = await call(test, 'POST', '/api/app/order/withdraw', anonymous.token, {
      payCardBank: 'CPF',
      payCardNo: cpf,
      amount: 20,
    });
    // 409, not 500/9999: the spec's client would open the deposit sheet (decision 0029).
    expect([unverified.http, unverified.status]).toEqual([409, 409]);
    expect(await balances(test, anonymous)).toEqual({ balance: 100, freeBalance: 0 });
  });

  it('approve twice: one payout, one audit entry, the same answer', async () => {
    const { player, cpf } = await verifiedPlayer();
    const orderId = await withdraw(player, cpf, 30);
    const first = await approve(orderId);
    const second = await approve(orderId, risk);
    expect(first.http).toBe(200);
    expect(second.http).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(first.data).toMatchObject({ status: 'paying', reviewedBy: finance.username });
    await runJobsNow(test);
    expect(await playerStatus(player, orderId)).toBe('10');
    const audit = await call(
      test,
      'GET',
      '/api/admin/audit?action=withdrawal.approve&size=100',
      await ownerToken(test),
    );
    expect(
      audit.data.records.filter((entry: { target: string }) => entry.target === `order:${orderId}`),
    ).toHaveLength(1);
    // Once paid it cannot be rejected.
    expect((await reject(orderId)).http).toBe(409);
  });

  it('reject returns the held amount to cash and the player sees 01; rejecting again changes nothing', async () => {
    const { player, cpf } = await verifiedPlayer();
    const orderId = await withdraw(player, cpf, 40);
    expect(await balances(test, player)).toEqual({ balance: 60, freeBalance: 0 });
    const first = await reject(orderId);
    expect(first.http).toBe(200);
    expect(first.data).toMatchObject({ status: 'rejected', reason: 'documento divergente' });
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect(await playerStatus(player, orderId)).toBe('01');
    expect((await reject(orderId, risk)).http).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    expect((await approve(orderId)).http).toBe(409);
    await runJobsNow(test);
    expect(await playerStatus(player, orderId)).toBe('01');
    await expectLedgerClean(test);
  });

  it('two operators at once: approve against reject decides once; two rejects return the money once', async () => {
    const { player, cpf } = await verifiedPlayer();
    const raced = await withdraw(player, cpf, 25);
    const [a, b] = await Promise.all([approve(raced, finance), reject(raced, risk)]);
    const outcomes = [a.http, b.http].sort();
    expect(outcomes).toEqual([200, 409]);
    await runJobsNow(test);
    const approved = a.http === 200;
    expect(await playerStatus(player, raced)).toBe(approved ? '10' : '01');
    expect(await balances(test, player)).toEqual({ balance: approved ? 75 : 100, freeBalance: 0 });

    const again = await withdraw(player, cpf, 30);
    const before = (await balances(test, player)).balance;
    const rejects = await Promise.all([reject(again, finance), reject(again, risk), reject(again, finance)]);
    expect(rejects.map((answer) => answer.http)).toEqual([200, 200, 200]);
    expect((await balances(test, player)).balance).toBe(before + 30);
    const returned = await test.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('code', '=', 'withdrawal_returned')
      .where('reference_id', '=', String(again))
      .execute();
    expect(returned).toHaveLength(1);
    await expectLedgerClean(test);
  });

  it('an unknown order is a 404, a short reason a 400, and the list filters by status', async () => {
    expect((await approve(987654321)).http).toBe(404);
    const { player, cpf } = await verifiedPlayer();
    const orderId = await withdraw(player, cpf, 20);
    const bad = await call(test, 'POST', `/api/admin/withdrawals/${orderId}/reject`, finance.token, {
      reason: 'x',
    });
    expect(bad.http).toBe(400);
    expect(bad.message).toContain('reason');
    const review = await call(test, 'GET', '/api/admin/withdrawals?status=review&size=100', finance.token);
    expect(review.data.records.every((entry: { status: string }) => entry.status === 'review')).toBe(true);
    expect(review.data.records.map((entry: { orderId: number }) => entry.orderId)).toContain(orderId);
    const paid = await call(test, 'GET', '/api/admin/withdrawals?status=paid&size=100', finance.token);
    expect(paid.data.records.map((entry: { orderId: number }) => entry.orderId)).not.toContain(orderId);
  });
});
