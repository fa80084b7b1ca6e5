import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBefore, saoPauloDay } from '../../src/modules/invite/invite.rules.ts';
import { call, createAdminApp, newOperator, type Operator, ownerToken } from '../admin/helpers.ts';
import { CAPTCHA_BYPASS, registerPlayer, TEST_DATABASE, type TestApp } from '../harness.ts';

/** The back office's commission calls: who may change rates, run a day, and read refusals and trees. */
describe(`commissions in the back office (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let marketing: Operator;
  let support: Operator;
  let trader: Operator;
  beforeAll(async () => {
    test = await createAdminApp();
    const owner = await ownerToken(test);
    marketing = await newOperator(test, owner, ['marketing']);
    support = await newOperator(test, owner, ['support']);
    trader = await newOperator(test, owner, ['trader']);
  });
  afterAll(async () => test.close());

  it('marketing changes the rates (audited); support reads them but may not change them; a trader sees nothing', async () => {
    const changed = await call(test, 'POST', '/api/admin/commissions/rates', marketing.token, {
      rates: [{ depth: 1, rate: 0.008 }],
    });
    expect(changed.http, changed.message).toBe(200);
    expect(changed.data).toEqual([
      { depth: 1, rate: 0.008 },
      { depth: 2, rate: 0.002 },
      { depth: 3, rate: 0.001 },
    ]);
    const audit = await test.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'operator_username'])
      .where('action', '=', 'commission.rates')
      .execute();
    expect(audit).toEqual([{ action: 'commission.rates', operator_username: marketing.username }]);
    expect((await call(test, 'GET', '/api/admin/commissions/rates', support.token)).data[0].rate).toBe(0.008);
    const refused = await call(test, 'POST', '/api/admin/commissions/rates', support.token, {
      rates: [{ depth: 1, rate: 0.05 }],
    });
    expect(refused.http).toBe(403);
    expect((await call(test, 'GET', '/api/admin/commissions/rates', trader.token)).http).toBe(403);
    const tooHigh = await call(test, 'POST', '/api/admin/commissions/rates', marketing.token, {
      rates: [{ depth: 1, rate: 0.5 }],
    });
    expect(tooHigh.http).toBe(400);
    expect((await call(test, 'GET', '/api/admin/commissions/rates', support.token)).data[0].rate).toBe(0.008);
  });

  it('"run now" settles a day that has ended, once; today is refused; the days list its cost', async () => {
    const inviter = await registerPlayer(test);
    const inviterInfo = await call(test, 'GET', '/api/app/user/userInfo', inviter.token);
    const invitee = await registerPlayer(test, { regcode: inviterInfo.data.yqm });
    const inviteeInfo = await call(test, 'GET', '/api/app/user/userInfo', invitee.token);
    const day = dayBefore(saoPauloDay(new Date()));
    await test.ctx.db
      .insertInto('stake_daily')
      .values({ day, user_id: BigInt(inviteeInfo.data.uId), stake_cents: 1000_00n })
      .execute();
    const today = await call(test, 'POST', '/api/admin/commissions/run', marketing.token, {
      day: saoPauloDay(new Date()),
    });
    expect(today.http).toBe(400);
    expect(today.message).toBe('Só é possível liquidar um dia que já terminou (horário de Brasília)');
    const first = await call(test, 'POST', '/api/admin/commissions/run', marketing.token, {});
    expect(first.data).toEqual({ day, settled: true, paid: 8 });
    const second = await call(test, 'POST', '/api/admin/commissions/run', marketing.token, { day });
    expect(second.data).toEqual({ day, settled: false, paid: 0 });
    const days = await call(test, 'GET', '/api/admin/commissions/days', support.token);
    expect(days.data.records[0]).toMatchObject({ day, paid: 8, refusedCount: 0 });

    const tree = await call(
      test,
      'GET',
      `/api/admin/players/${inviterInfo.data.uId}/referrals`,
      support.token,
    );
    expect(tree.data).toMatchObject({ upline: [], commissionTotal: 8, claimable: 8 });
    expect(tree.data.downline).toEqual([
      expect.objectContaining({
        uId: inviteeInfo.data.uId,
        depth: 1,
        commission: 8,
        username: invitee.username,
      }),
    ]);
    const up = await call(test, 'GET', `/api/admin/players/${inviteeInfo.data.uId}/referrals`, support.token);
    expect(up.data.upline).toEqual([expect.objectContaining({ uId: inviterInfo.data.uId, depth: 1 })]);
    expect((await call(test, 'GET', '/api/admin/players/999999999/referrals', support.token)).http).toBe(404);
  });

  it('refused commissions are listed with their reason', async () => {
    const inviter = await registerPlayer(test);
    const inviterInfo = await call(test, 'GET', '/api/app/user/userInfo', inviter.token);
    const invitee = await registerPlayer(test, { regcode: inviterInfo.data.yqm });
    const inviteeInfo = await call(test, 'GET', '/api/app/user/userInfo', invitee.token);
    // Both signed in from one phone (a verified CPF can no longer be shared: one account per CPF, issue 15).
    for (const player of [inviter, invitee]) {
      const login = await test.app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        headers: { deviceid: 'shared-phone-0002' },
        payload: { username: player.username, pwd: player.pwd, codeId: 1, captCode: CAPTCHA_BYPASS },
      });
      expect(login.statusCode, login.body).toBe(200);
    }
    await test.ctx.db
      .insertInto('stake_daily')
      .values({ day: '2021-05-05', user_id: BigInt(inviteeInfo.data.uId), stake_cents: 500_00n })
      .execute();
    expect(
      (await call(test, 'POST', '/api/admin/commissions/run', marketing.token, { day: '2021-05-05' })).http,
    ).toBe(200);
    const refused = await call(test, 'GET', '/api/admin/commissions/refused', support.token);
    expect(refused.data.records).toContainEqual({
      day: '2021-05-05',
      earnerId: inviterInfo.data.uId,
      earner: inviter.username,
      inviteeId: inviteeInfo.data.uId,
      invitee: invitee.username,
      depth: 1,
      stake: 500,
      amount: 4,
      reason: 'shared_device',
    });
  });
});
