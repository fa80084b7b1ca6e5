import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutClock } from '../../src/modules/wallet/withdrawal-clock.ts';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { passKyc } from '../rg/helpers.ts';
import { brPlayer } from '../wallet/br-player.ts';
import { deposit, newPlayer, type Player, runJobsNow } from '../wallet/helpers.ts';
import { call, createAdminApp, newOperator, type Operator, ownerToken } from './helpers.ts';

const MINUTE = 60_000;

/**
 * Decision 0052: every open withdrawal carries the 120-minute payout clock from its request; the operator's list
 * shows the minutes left, the alarm from 90 minutes on and "late" past 120; the notice counts them. The clock is the
 * test's (`payoutClock`), set relative to the order's own request time.
 */
describe(`the payout clock (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let finance: Operator;

  beforeAll(async () => {
    test = await createAdminApp({ withdrawalReviewAboveCents: 5_000n });
    finance = await newOperator(test, await ownerToken(test), ['finance']);
  });
  afterAll(async () => test.close());
  afterEach(() => {
    payoutClock.now = () => new Date();
  });

  async function withdraw(app: TestApp, player: Player, cpf: string, amount: number) {
    const answer = await call(app, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: cpf,
      amount,
    });
    expect(answer.http, answer.message).toBe(200);
    return app.ctx.db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('user_id', '=', player.userId)
      .where('type', '=', '11')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }
  /** A first withdrawal: the first_withdrawal rule holds it for review. */
  async function heldWithdrawal(app: TestApp) {
    const player = await newPlayer(app);
    await deposit(app, player, 10_000n);
    const cpf = await approveKyc(app, player.token);
    return { player, cpf, order: await withdraw(app, player, cpf, 20) };
  }
  const at = (requested: Date, minutes: number) => {
    payoutClock.now = () => new Date(requested.getTime() + minutes * MINUTE);
  };
  const record = async (app: TestApp, token: string, orderId: bigint) => {
    const list = await call(app, 'GET', '/api/admin/withdrawals?size=100', token);
    expect(list.http).toBe(200);
    return list.data.records.find((entry: { orderId: number }) => entry.orderId === Number(orderId));
  };

  it("the operator's list shows the deadline and the minutes left", async () => {
    const { order } = await heldWithdrawal(test);
    at(order.created_at, 30);
    expect(await record(test, finance.token, order.id)).toMatchObject({
      status: 'review',
      deadline: order.created_at.getTime() + 120 * MINUTE,
      minutesLeft: 90,
      clock: 'ok',
    });
  });

  it('the alarm starts one minute past 90 minutes; late one minute past 120', async () => {
    const { order } = await heldWithdrawal(test);
    at(order.created_at, 90);
    expect(await record(test, finance.token, order.id)).toMatchObject({ minutesLeft: 30, clock: 'ok' });
    at(order.created_at, 91);
    expect(await record(test, finance.token, order.id)).toMatchObject({ minutesLeft: 29, clock: 'near' });
    at(order.created_at, 120);
    expect(await record(test, finance.token, order.id)).toMatchObject({ minutesLeft: 0, clock: 'near' });
    at(order.created_at, 121);
    expect(await record(test, finance.token, order.id)).toMatchObject({ minutesLeft: -1, clock: 'late' });
  });

  it('a review held past the deadline is shown late, and the notice counts it', async () => {
    // Its own database: the notice counts every open withdrawal.
    const app = await createAdminApp({ withdrawalReviewAboveCents: 5_000n });
    try {
      const owner = await ownerToken(app);
      const { order } = await heldWithdrawal(app);
      const clock = () => call(app, 'GET', '/api/admin/withdrawals/clock', owner);
      at(order.created_at, 90);
      expect((await clock()).data).toEqual({
        open: 1,
        near: 0,
        late: 0,
        oldestAgeSeconds: 90 * 60,
        deadlineMinutes: 120,
        alarmMinutes: 90,
      });
      at(order.created_at, 91);
      expect((await clock()).data).toMatchObject({ open: 1, near: 1, late: 0 });
      at(order.created_at, 132);
      expect((await clock()).data).toMatchObject({ open: 1, near: 0, late: 1, oldestAgeSeconds: 132 * 60 });
      expect(await record(app, owner, order.id)).toMatchObject({
        status: 'review',
        risk: ['first_withdrawal'],
        minutesLeft: -12,
        clock: 'late',
      });
    } finally {
      await app.close();
    }
  });

  it('no risk rule: paid at once by the payout job, and the clock stops', async () => {
    const { player, cpf, order: first } = await heldWithdrawal(test);
    expect((await call(test, 'POST', `/api/admin/withdrawals/${first.id}/approve`, finance.token)).http).toBe(
      200,
    );
    await runJobsNow(test);
    await deposit(test, player, 10_000n);
    const order = await withdraw(test, player, cpf, 50);
    at(order.created_at, 1);
    expect(await record(test, finance.token, order.id)).toMatchObject({
      status: 'paying',
      risk: [],
      minutesLeft: 119,
      clock: 'ok',
    });
    await runJobsNow(test);
    expect(await record(test, finance.token, order.id)).toMatchObject({
      status: 'paid',
      minutesLeft: null,
      clock: null,
    });
  });
});

/**
 * Decision 0052: under br-licensed (BR_WITHDRAW_CAPS=prizes-first, the default) the VIP level's daily cap and count
 * never refuse a withdrawal; the open profile and BR_WITHDRAW_CAPS=apply keep them.
 */
describe(`VIP withdrawal caps and the prize-payment rules (${TEST_DATABASE})`, () => {
  async function levelCaps(app: TestApp, player: Player) {
    const row = await app.ctx.db
      .selectFrom('users as u')
      .innerJoin('vip_levels as v', 'v.level', 'u.level')
      .select(['v.withdraw_day_max_cents', 'v.withdraw_day_count'])
      .where('u.id', '=', player.userId)
      .executeTakeFirstOrThrow();
    return { maxCents: row.withdraw_day_max_cents, count: row.withdraw_day_count };
  }
  const withdraw = (app: TestApp, player: Player, cpf: string, cents: bigint) =>
    call(app, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: cpf,
      amount: Number(cents) / 100,
    });

  /** One centavo over the level's daily cap, then one more withdrawal than the level's daily count. */
  async function crossCaps(app: TestApp) {
    const player = await brPlayer(app);
    const cpf = await passKyc(app, player);
    const caps = await levelCaps(app, player);
    await deposit(app, player, caps.maxCents + 1n + BigInt(caps.count + 1) * 2_000n);
    const overCap = await withdraw(app, player, cpf, caps.maxCents + 1n);
    const counts = [];
    for (let i = 0; i <= caps.count; i++) counts.push((await withdraw(app, player, cpf, 2_000n)).http);
    return { overCap, counts, caps };
  }

  it('br-licensed (prizes-first): a centavo over the cap and one over the count are both accepted', async () => {
    const app = await createTestApp({ regulatoryProfile: 'br-licensed' });
    try {
      const { overCap, counts } = await crossCaps(app);
      expect(overCap.http, overCap.message).toBe(200);
      expect(counts.every((http) => http === 200)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('BR_WITHDRAW_CAPS=apply keeps the level cap: a centavo over it is refused', async () => {
    const app = await createTestApp({
      regulatoryProfile: 'br-licensed',
      payouts: { licensedCaps: 'apply' },
    });
    try {
      const { overCap } = await crossCaps(app);
      expect([overCap.http, overCap.message]).toEqual([500, expect.stringContaining('R$')]);
    } finally {
      await app.close();
    }
  });
});
