import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scheduleDueChecks } from '../../src/modules/compliance/compliance.jobs.ts';
import { complianceClock } from '../../src/modules/compliance/compliance.service.ts';
import { listsEmulator } from '../../src/modules/compliance/lists.emulator.ts';
import { call, createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import { CAPTCHA_BYPASS, TEST_DATABASE, type TestApp, testConfig } from '../harness.ts';
import { freshCpf, passKyc } from '../rg/helpers.ts';
import { deposit, newPlayer, type Player, runJobsNow } from '../wallet/helpers.ts';

/**
 * SIGAP list checks (decision 0051) against the in-memory emulator. Players are registered and fund their account
 * under the open profile (registration's own br-licensed fields are another module's); the checks run once the
 * profile is br-licensed, which the test flips on the app's configuration.
 */
const DAY = 86_400_000;
let shift = 0;
const advance = (ms: number) => {
  shift += ms;
  complianceClock.now = () => new Date(Date.now() + shift);
};

describe(`SIGAP list checks (${TEST_DATABASE})`, () => {
  let test: TestApp;
  const profile = (value: 'open' | 'br-licensed') => {
    (test.ctx.config as { regulatoryProfile: string }).regulatoryProfile = value;
  };
  beforeAll(async () => {
    test = await createAdminApp({
      compliance: { ...testConfig().compliance, timeoutMs: 100, retrySeconds: 0 },
    });
    listsEmulator.lateMs = 1_000;
  });
  afterEach(() => {
    listsEmulator.reset();
    shift = 0;
    complianceClock.now = () => new Date();
    profile('open');
  });
  afterAll(async () => test.close());

  const login = (player: Player & { pwd?: string }) =>
    call(test, 'POST', '/api/auth/user/restLogin', undefined, {
      username: player.username,
      pwd: 'segredo123',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
    });
  const checksOf = (userId: bigint) =>
    test.ctx.db
      .selectFrom('compliance_list_checks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  /** A player with a CPF on file, checked clear at onboarding. */
  async function checkedPlayer(): Promise<Player & { cpf: string }> {
    profile('open');
    const player = await newPlayer(test);
    profile('br-licensed');
    const cpf = await passKyc(test, player);
    return { ...player, cpf };
  }

  it('refuses a listed CPF at onboarding and closes the account', async () => {
    const player = await newPlayer(test);
    const cpf = freshCpf();
    listsEmulator.list(cpf, 'social_programs');
    profile('br-licensed');
    const answer = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Maria da Silva',
      cardNo: cpf,
      birthDate: '1990-05-17',
    });
    expect(answer.status).toBe(1403);
    const checks = await checksOf(player.userId);
    expect(checks.map((row) => [row.list, row.reason, row.outcome])).toEqual([
      ['social_programs', 'registration', 'listed'],
      ['self_exclusion', 'registration', 'clear'],
    ]);
    const user = await test.ctx.db
      .selectFrom('users')
      .select(['status', 'kyc_cpf'])
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 'blocked', kyc_cpf: null });
    expect((await login(player)).status).toBe(1403);
  });

  it('asks once per Brasília day at login: clear lets the player in, the next day asks again', async () => {
    const player = await checkedPlayer();
    const asked = () => listsEmulator.asked.filter((cpf) => cpf === player.cpf).length;
    expect(asked()).toBe(1);
    expect((await login(player)).http).toBe(200);
    expect((await login(player)).http).toBe(200);
    expect(asked()).toBe(2);
    advance(DAY);
    expect((await login(player)).http).toBe(200);
    expect(asked()).toBe(3);
    const reasons = (await checksOf(player.userId)).map((row) => `${row.reason}:${row.outcome}`);
    expect(reasons).toEqual([
      'registration:clear',
      'registration:clear',
      'daily_login:clear',
      'daily_login:clear',
      'daily_login:clear',
      'daily_login:clear',
    ]);
  });

  it.each(['fail', 'late'] as const)(
    'a %s check lets a clear player in and is asked again',
    async (behaviour) => {
      const player = await checkedPlayer();
      listsEmulator.behave(player.cpf, behaviour);
      expect((await login(player)).http).toBe(200);
      const outcome = behaviour === 'fail' ? 'failed' : 'late';
      expect((await checksOf(player.userId)).at(-1)).toMatchObject({
        reason: 'daily_login',
        outcome,
        attempts: 1,
      });
      listsEmulator.behave(player.cpf, 'answer');
      expect(await runJobsNow(test)).toBeGreaterThan(0);
      expect((await checksOf(player.userId)).at(-1)).toMatchObject({
        reason: 'daily_login',
        outcome: 'clear',
        attempts: 2,
      });
    },
  );

  it('blocks a player found at login, tells them, and pays the refund in exact centavos to their own CPF', async () => {
    const player = await newPlayer(test);
    await deposit(test, player, 12_345n);
    profile('br-licensed');
    const cpf = await passKyc(test, player);
    listsEmulator.list(cpf, 'self_exclusion');
    // The onboarding check does not count as the day's: the first login asks again.
    expect((await login(player)).status).toBe(1403);
    expect((await call(test, 'GET', '/api/app/user/userInfo', player.token)).http).toBe(401);
    const status = await test.ctx.db
      .selectFrom('compliance_player_status')
      .selectAll()
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(status.listed_list).toBe('self_exclusion');
    expect(status.refund_cents).toBe(12_345n);
    const listedAt = new Date(status.listed_at!).getTime();
    expect(new Date(status.refund_due_at!).getTime() - listedAt).toBe(4 * DAY);
    expect(new Date(status.close_by!).getTime() - listedAt).toBe(3 * DAY);
    expect(status.notified_at).not.toBeNull();
    expect(test.mails.filter((mail) => mail.to === player.username).at(-1)?.subject).toBe(
      'Sua conta foi encerrada',
    );
    // The refund: the whole cash as a withdrawal to the player's own CPF, through review, then paid.
    await runJobsNow(test);
    const order = await test.ctx.db
      .selectFrom('orders')
      .select(['id', 'amount_cents', 'pay_card_no', 'status'])
      .where('user_id', '=', player.userId)
      .where('type', '=', '11')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount_cents: 12_345n, pay_card_no: cpf });
    const finance = await newOperator(test, await ownerToken(test), ['finance']);
    const statusUrl = `/api/admin/compliance/players/${player.uId}`;
    expect((await call(test, 'GET', statusUrl, finance.token)).data).toMatchObject({
      refundAmount: 123.45,
      refundOrderId: order.id.toString(),
      refundedAt: null,
    });
    if (order.status === '00') {
      const approved = await call(test, 'POST', `/api/admin/withdrawals/${order.id}/approve`, finance.token);
      expect(approved.http, approved.message).toBe(200);
    }
    await runJobsNow(test);
    const paid = (await call(test, 'GET', statusUrl, finance.token)).data;
    expect(paid).toMatchObject({ refundOrderStatus: '10' });
    expect(paid.refundedAt).not.toBeNull();
    const cash = await test.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('owner_user_id', '=', player.userId)
      .where('kind', '=', 'player_cash')
      .executeTakeFirstOrThrow();
    expect(cash.balance_cents).toBe(0n);
  });

  it('queues every player whose last answer is 15 days old, and only them', async () => {
    const old = await checkedPlayer();
    advance(10 * DAY);
    const recent = await checkedPlayer();
    advance(6 * DAY);
    await scheduleDueChecks(test.ctx);
    const queued = await test.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'compliance.check')
      .where('done_at', 'is', null)
      .execute();
    const users = queued.map((job) => String((job.payload as { userId: string }).userId));
    expect(users).toContain(old.userId.toString());
    expect(users).not.toContain(recent.userId.toString());
    await runJobsNow(test);
    expect((await checksOf(old.userId)).at(-1)).toMatchObject({ reason: 'periodic', outcome: 'clear' });
  });

  it('shows the checks to risk, refuses marketing, and audits the refund', async () => {
    const player = await newPlayer(test);
    await deposit(test, player, 5_001n);
    profile('br-licensed');
    const cpf = await passKyc(test, player);
    listsEmulator.list(cpf, 'social_programs');
    await login(player);
    const owner = await ownerToken(test);
    const risk = await newOperator(test, owner, ['risk']);
    const marketing = await newOperator(test, owner, ['marketing']);
    const url = `/api/admin/compliance/checks?outcome=listed&list=social_programs&uId=${player.uId}`;
    const seen = await call(test, 'GET', url, risk.token);
    expect(seen.http).toBe(200);
    expect(seen.data.total).toBe(1);
    expect(seen.data.records[0]).toMatchObject({ reason: 'daily_login', outcome: 'listed', uId: player.uId });
    expect((await call(test, 'GET', url, marketing.token)).http).toBe(403);
    const status = await call(test, 'GET', `/api/admin/compliance/players/${player.uId}`, risk.token);
    expect(status.data).toMatchObject({
      listedList: 'social_programs',
      refundAmount: 50.01,
      refundedAt: null,
    });
    const tasks = await call(test, 'GET', '/api/admin/compliance/restricted', risk.token);
    expect(tasks.data.records.find((row: { uId: number }) => row.uId === player.uId)).toMatchObject({
      refundAmount: 50.01,
      refundedAt: null,
    });
    const refunded = await call(
      test,
      'POST',
      `/api/admin/compliance/players/${player.uId}/refunded`,
      risk.token,
      {},
    );
    expect(refunded.data.refundedAt).not.toBeNull();
    const audit = await test.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'operator_username'])
      .where('target', '=', `player:${player.userId}`)
      .execute();
    expect(audit).toEqual([{ action: 'compliance.refunded', operator_username: risk.username }]);
  });

  it('asks nothing under the open profile', async () => {
    const player = await newPlayer(test);
    await passKyc(test, player);
    expect((await login(player)).http).toBe(200);
    expect(listsEmulator.asked).toEqual([]);
    expect(await checksOf(player.userId)).toEqual([]);
  });
});
