import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceClock } from '../../src/modules/identity/face-recheck.service.ts';
import { identityEmulators } from '../../src/modules/identity/index.ts';
import { createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import { approveKyc, CAPTCHA_BYPASS, TEST_DATABASE, type TestApp, testConfig } from '../harness.ts';
import { freshCpf } from '../rg/helpers.ts';
import { balances, call, deposit, newPlayer, type Player, packageOf } from '../wallet/helpers.ts';
import { uploadSelfie } from './selfie.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The repeat face check (issue 30, decision 0068), with the policy on as br-licensed has it by default: a login
 * after the 7-day window leaves the session signed in but with money calls refused (403/40301 in the caller's
 * language) until a live selfie of the CPF's face passes through the Datavalid adapter (against its emulator);
 * another person's face keeps the gate closed and lands in the operator's KYC queue; an operator's request is
 * role-checked and audited; a withdrawal asks for a check younger than 24 h.
 */
describe(`repeat face check (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let risk: string;
  let support: string;
  beforeAll(async () => {
    const identity = testConfig().identity;
    test = await createAdminApp({
      withdrawalReview: false,
      withdrawalsPerDay: 10,
      identity: {
        ...identity,
        timeoutMs: 2000,
        recheck: {
          enabled: true,
          loginWindowMs: 7 * DAY,
          withdrawalWindowMs: DAY,
          depositWindowMs: DAY,
          maxAttempts: 3,
        },
      },
    });
    const owner = await ownerToken(test);
    risk = (await newOperator(test, owner, ['risk'])).token;
    support = (await newOperator(test, owner, ['support'])).token;
  });
  afterAll(async () => test.close());
  afterEach(() => {
    faceClock.now = () => new Date();
  });
  const later = (ms: number) => {
    faceClock.now = () => new Date(Date.now() + ms);
  };

  /** A player whose identity was checked with a selfie now (approved), with R$ 100 to move. */
  const checkedPlayer = async (): Promise<Player & { cpf: string }> => {
    const player = await newPlayer(test);
    const cpf = await approveKyc(test, player.token, freshCpf('1'));
    await deposit(test, player, 10_000n);
    return { ...player, cpf };
  };
  const login = async (player: Player) => {
    const answer = await call(test, 'POST', '/api/auth/user/restLogin', undefined, {
      username: player.username,
      pwd: (player as Player & { pwd: string }).pwd,
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
    });
    expect(answer.http, answer.message).toBe(200);
    return answer.data.access_token as string;
  };
  const withdraw = (token: string, cpf: string, lang?: string) =>
    call(
      test,
      'POST',
      '/api/app/order/withdraw',
      token,
      { payCardBank: 'CPF', payCardNo: cpf, amount: 20 },
      lang ? { lang } : {},
    );
  const transfer = (token: string, lang?: string) =>
    call(test, 'GET', '/api/app/order/getWithdraw', token, undefined, lang ? { lang } : {});
  /** A deposit order: a money call outside the withdrawal's own check. */
  const depositOrder = async (token: string) =>
    call(test, 'POST', `/api/app/order/prePay/${await packageOf(test, 5_000n)}`, token, {
      gift: '0',
      isapp: '0',
    });
  const recheck = async (token: string) =>
    call(test, 'POST', '/api/app/identity/recheck', token, {
      selfieId: await uploadSelfie(test, token),
    });
  const status = async (token: string) => (await call(test, 'GET', '/api/app/identity/recheck', token)).data;
  const rechecks = (player: Player) =>
    test.ctx.db.selectFrom('face_rechecks').selectAll().where('user_id', '=', player.userId).execute();

  it('a login after the window is signed in with a face check due: money calls refused until a live selfie passes', async () => {
    const player = await checkedPlayer();
    // Inside the window nothing is asked.
    const fresh = await login(player);
    expect(await status(fresh)).toMatchObject({ due: false, reason: null });
    later(7 * DAY + HOUR);
    const token = await login(player);
    expect(await status(token)).toMatchObject({ due: true, reason: 'login', attemptsLeft: 3 });
    // Reading the account works; every money call answers 403 with its code and a message in the caller's language.
    expect((await call(test, 'GET', '/api/app/user/userInfo', token)).http).toBe(200);
    const refused = await withdraw(token, player.cpf);
    expect([refused.http, refused.status, refused.message]).toEqual([
      403,
      40301,
      'Confirme que é você: tire uma selfie para continuar',
    ]);
    expect(refused.data).toEqual({ faceCheckDue: true, reason: 'login' });
    expect((await transfer(token, 'en_US')).message).toBe('Confirm it is you: take a selfie to continue');
    // The gate is the account's: the session opened before the login is held too.
    expect((await withdraw(fresh, player.cpf)).status).toBe(40301);
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    // The live selfie of the CPF's face, through the Datavalid adapter.
    const passed = await recheck(token);
    expect(passed).toMatchObject({
      http: 200,
      message: 'Pronto, confirmamos que é você',
      data: { passed: true },
    });
    expect(identityEmulators.current?.calls.at(-1)).toMatchObject({ path: 'pf-facial', cpf: player.cpf });
    expect(await status(token)).toMatchObject({ due: false, reason: null });
    expect((await withdraw(token, player.cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    expect(await rechecks(player)).toMatchObject([{ reason: 'login', status: 'passed', attempts: 1 }]);
    // The next login inside the window (counted from the re-check) asks nothing.
    expect(await status(await login(player))).toMatchObject({ due: false });
  });

  it("another person's face keeps the gate closed and waits in the operator's KYC queue", async () => {
    const player = await checkedPlayer();
    later(8 * DAY);
    const token = await login(player);
    identityEmulators.current?.script(player.cpf, 'other_face');
    const failed = await recheck(token);
    expect(failed).toMatchObject({
      http: 200,
      data: { passed: false, flags: ['face_mismatch'], attemptsLeft: 2 },
    });
    expect(failed.message).toContain('Não conseguimos confirmar que é você');
    expect((await withdraw(token, player.cpf)).status).toBe(40301);
    expect((await depositOrder(token)).status).toBe(40301);
    const queue = await call(test, 'GET', '/api/admin/kyc/face-rechecks?filter=open', risk);
    expect(queue.http, queue.message).toBe(200);
    const record = queue.data.records.find((row: { uId: string }) => row.uId === String(player.uId));
    expect(record).toMatchObject({
      reason: 'login',
      status: 'failed',
      attempts: 1,
      flags: ['face_mismatch'],
    });
    expect(record.check.face.similarity).toBeLessThan(0.85);
    // Two more tries, then only an operator decides.
    await recheck(token);
    expect((await recheck(token)).message).toContain('Nossa equipe vai analisar');
    expect(await recheck(token)).toMatchObject({ http: 409 });
    expect((await withdraw(token, player.cpf)).status).toBe(40301);
    // The operator clears it (audited): the gate opens.
    const cleared = await call(test, 'POST', `/api/admin/kyc/face-rechecks/${record.id}`, risk, {
      decision: 'clear',
      note: 'documento conferido por vídeo',
    });
    expect(cleared.http, cleared.message).toBe(200);
    expect((await withdraw(token, player.cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    expect((await depositOrder(token)).http).toBe(200);
    expect(await audit('kyc.face_recheck_clear', player)).toHaveLength(1);
  });

  const audit = (action: string, player: Player) =>
    test.ctx.db
      .selectFrom('audit_log')
      .select(['operator_username', 'after'])
      .where('action', '=', action)
      .where('target', '=', `player:${player.uId}`)
      .execute();

  it('an operator asks for a new check: role-checked, with a reason, audited, and the gate closes at once', async () => {
    const player = await checkedPlayer();
    const url = `/api/admin/players/${player.uId}/face-recheck`;
    expect((await call(test, 'POST', url, support, { reason: 'conta compartilhada?' })).http).toBe(403);
    expect((await call(test, 'POST', url, risk, { reason: '' })).http).toBe(400);
    // A player without an approved identity has no face to compare with.
    const unverified = await newPlayer(test);
    expect(
      (
        await call(test, 'POST', `/api/admin/players/${unverified.uId}/face-recheck`, risk, {
          reason: 'teste',
        })
      ).http,
    ).toBe(409);
    expect((await withdraw(player.token, player.cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    const asked = await call(test, 'POST', url, risk, { reason: 'suspeita de conta compartilhada' });
    expect(asked.http, asked.message).toBe(200);
    const entries = await audit('kyc.face_recheck_request', player);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ reason: 'suspeita de conta compartilhada' });
    // The player's open session is held from its next call, with the operator's reason code.
    const refused = await withdraw(player.token, player.cpf);
    expect([refused.http, refused.data]).toEqual([403, { faceCheckDue: true, reason: 'operator' }]);
    expect((await depositOrder(player.token)).status).toBe(40301);
    expect(await status(player.token)).toMatchObject({ due: true, reason: 'operator' });
    expect((await recheck(player.token)).data.passed).toBe(true);
    expect((await withdraw(player.token, player.cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    expect((await depositOrder(player.token)).http).toBe(200);
    expect(await rechecks(player)).toMatchObject([
      { reason: 'operator', status: 'passed', request_note: 'suspeita de conta compartilhada' },
    ]);
  });

  it('a withdrawal and a deposit ask for a check younger than 24 h; other calls stay open', async () => {
    const player = await checkedPlayer();
    later(DAY + HOUR);
    const refused = await withdraw(player.token, player.cpf);
    expect([refused.http, refused.status, refused.data]).toEqual([
      403,
      40301,
      { faceCheckDue: true, reason: 'withdrawal' },
    ]);
    expect(await balances(test, player)).toEqual({ balance: 100, freeBalance: 0 });
    // The summaries of Portaria 722/2024 read "sempre" for deposits too: the deposit order is refused the same way,
    // before any charge is created.
    const depositRefused = await depositOrder(player.token);
    expect([depositRefused.http, depositRefused.status, depositRefused.data]).toEqual([
      403,
      40301,
      { faceCheckDue: true, reason: 'deposit' },
    ]);
    const orders = await test.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('type', '=', '10')
      .execute();
    expect(orders).toHaveLength(1);
    // Not a login gate: the rest of the account works, and the client knows a withdrawal would ask.
    expect((await transfer(player.token)).http).toBe(200);
    expect(await status(player.token)).toMatchObject({ due: false, reason: 'withdrawal' });
    expect((await recheck(player.token)).data.passed).toBe(true);
    expect((await withdraw(player.token, player.cpf)).message).toBe('Solicitação de saque bem-sucedida!');
    expect((await depositOrder(player.token)).http).toBe(200);
    expect(await balances(test, player)).toEqual({ balance: 80, freeBalance: 0 });
    expect(await rechecks(player)).toMatchObject([{ reason: 'withdrawal', status: 'passed' }]);
  });
});
