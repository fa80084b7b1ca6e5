import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, deposit, newPlayer, type Player, packageOf, prePay, runJobsNow } from './helpers.ts';

/**
 * The wallet records (api-contract section 5, ours): the caller's deposits and withdrawals, newest first, filtered
 * by type, paginated, with spec.md's statuses — '10' for a credited deposit or a paid withdrawal, '00' while
 * pending, '01' for a returned withdrawal or an expired deposit. Another player sees none of them.
 */
describe(`records (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let player: Player;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestApp({ withdrawalsPerDay: 10 });
    player = await newPlayer(test);
    // In this order: a credited deposit, an expired one, a paid withdrawal, a returned one, a pending deposit.
    ids.credited = await deposit(test, player, 20_000n);
    const expired = await prePay(test, player, await packageOf(test, 3_000n), 0);
    ids.expired = expired.orderId;
    await test.ctx.db
      .updateTable('orders')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', BigInt(expired.orderId))
      .execute();
    // Withdrawals need approved KYC and pay only to the player's own CPF.
    await approveKyc(test, player.token, '52998224725');
    const withdraw = (amount: number) =>
      call(test, 'POST', '/api/app/order/withdraw', player.token, {
        payCardBank: 'CPF',
        payCardNo: '52998224725',
        amount,
      });
    expect((await withdraw(25)).http).toBe(200);
    expect((await withdraw(20.13)).http).toBe(200);
    await runJobsNow(test);
    const pending = await prePay(test, player, await packageOf(test, 4_000n), 0);
    ids.pending = pending.orderId;
  });
  afterAll(async () => test.close());

  const records = (who: Player, query = '') => call(test, 'GET', `/api/app/order/records${query}`, who.token);

  it('lists every record newest first with the statuses of spec.md', async () => {
    const answer = await records(player);
    expect(answer.http).toBe(200);
    expect(answer.data.total).toBe(5);
    const rows = answer.data.records;
    expect(
      rows.map((row: { type: string; status: string; amount: number }) => [row.type, row.status, row.amount]),
    ).toEqual([
      ['10', '00', 40],
      ['11', '01', 20.13],
      ['11', '10', 25],
      ['10', '01', 30],
      ['10', '10', 200],
    ]);
    const times = rows.map((row: { time: number }) => row.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows[4]).toMatchObject({ orderId: ids.credited, status: '10', finishedTime: expect.any(Number) });
    expect(rows[3]).toMatchObject({ orderId: ids.expired, status: '01' });
    expect(rows[0]).toMatchObject({ orderId: ids.pending, status: '00', finishedTime: null });
    // The account number is recognisable, not shown whole.
    expect(rows[1]).toMatchObject({ payCardBank: 'CPF', payCardNo: '•••4725' });
  });

  it('filters by type', async () => {
    const deposits = await records(player, '?type=10');
    expect(deposits.data.total).toBe(3);
    expect(deposits.data.records.every((row: { type: string }) => row.type === '10')).toBe(true);
    const withdrawals = await records(player, '?type=11');
    expect(withdrawals.data.total).toBe(2);
    expect(withdrawals.data.records.map((row: { status: string }) => row.status)).toEqual(['01', '10']);
    expect((await records(player, '?type=12')).http).toBe(400);
  });

  it('paginates with page and size; total counts every record', async () => {
    const all = (await records(player)).data.records.map((row: { orderId: number }) => row.orderId);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await records(player, `?page=${page}&size=2`);
      expect(answer.data.total).toBe(5);
      pages.push(...answer.data.records.map((row: { orderId: number }) => row.orderId));
    }
    expect(pages).toEqual(all);
    expect((await records(player, '?page=4&size=2')).data.records).toEqual([]);
    expect((await records(player, '?size=101')).http).toBe(400);
    expect((await records(player, '?page=0')).http).toBe(400);
  });

  it("shows only the caller's records: another player sees none of them", async () => {
    const stranger = await newPlayer(test);
    expect((await records(stranger)).data).toEqual({ records: [], total: 0 });
    const own = await prePay(test, stranger, await packageOf(test, 2_000n), 0);
    const answer = await records(stranger);
    expect(answer.data.total).toBe(1);
    expect(answer.data.records[0].orderId).toBe(own.orderId);
    expect((await records(player)).data.total).toBe(5);
  });
});
