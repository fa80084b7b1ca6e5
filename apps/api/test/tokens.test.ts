import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthGuards, makeAuthGuards } from '../src/http/auth.ts';
import { ok } from '../src/http/envelope.ts';
import {
  auth,
  CAPTCHA_BYPASS,
  createTestApp,
  form,
  registerPlayer,
  TEST_DATABASE,
  type TestApp,
} from './harness.ts';

const ADMIN = { username: 'operador@aposta.local', password: 'operador-secreto-123' };
// No operator-only route exists yet besides the login; this test-only route stands for every /api/admin/* call.
const ADMIN_PROBE = '/api/admin/test-probe';

const UNAUTHORIZED = { status: 40101, message: 'Sessão expirada, faça login novamente', data: null };

describe(`tokens and sessions (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(
      { adminUsername: ADMIN.username, adminPassword: ADMIN.password },
      {
        beforeReady({ app, ctx }) {
          const guards: AuthGuards = makeAuthGuards(ctx.db);
          app.get(ADMIN_PROBE, { preHandler: guards.requireOperator }, async () => ok('operator'));
        },
      },
    );
  });
  afterAll(async () => test.close());

  const userInfo = (headers: Record<string, string> = {}) =>
    test.app.inject({ url: '/api/app/user/userInfo', headers });

  const login = async (username: string, pwd: string): Promise<string> => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId: 5, captCode: CAPTCHA_BYPASS },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.access_token;
  };

  const operatorToken = async (): Promise<string> => {
    const response = await test.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    expect(response.statusCode).toBe(200);
    return response.json().data.access_token;
  };

  it('answers a missing token with 401 and body status 40101', async () => {
    const response = await userInfo();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
    const en = await userInfo({ lang: 'en_US' });
    expect(en.json().message).toBe('Login timed out, please log in again');
  });

  it('answers a garbage token, short or long, bare or Bearer, with 401/40101', async () => {
    for (const authorization of [
      'x',
      'Bearer ',
      'Bearer abcdefghijklmnopqrstuvwxyz0123',
      'z'.repeat(43),
      'y'.repeat(500),
    ]) {
      const response = await userInfo({ authorization });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json(), authorization).toEqual(UNAUTHORIZED);
    }
  });

  it('revokes the token at logout: userInfo then answers 401, other sessions live on', async () => {
    const player = await registerPlayer(test);
    const second = await login(player.username, player.pwd);
    const out = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: auth(player.token),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 200, message: 'Sessão encerrada', data: null });
    const after = await userInfo(auth(player.token));
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(40101);
    expect((await userInfo(auth(second))).statusCode).toBe(200);
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: auth(player.token),
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses logout without a token', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/user/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('revokes every token of the player when the password is reset through setPwd', async () => {
    const player = await registerPlayer(test);
    const first = await login(player.username, player.pwd);
    const second = await login(player.username, player.pwd);
    const bystander = await registerPlayer(test);
    expect((await userInfo(auth(first))).statusCode).toBe(200);

    await test.app.inject({
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      ...form({ email: player.username }),
    });
    const code = test.mails.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const check = await test.app.inject({
      method: 'POST',
      url: '/api/app/main/RESETPWD/checkEmail',
      ...form({ email: player.username, code }),
    });
    expect(check.statusCode).toBe(200);
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/app/main/setPwd',
      ...form({ nPwd: 'nova-senha-456', chkId: check.json().data }),
    });
    expect(reset.statusCode).toBe(200);

    for (const token of [player.token, first, second]) {
      const response = await userInfo(auth(token));
      expect(response.statusCode).toBe(401);
      expect(response.json().status).toBe(40101);
    }
    expect((await userInfo(auth(bystander.token))).statusCode).toBe(200);
  });

  it('creates the first operator from the configuration and lets it log in; a wrong password is refused', async () => {
    expect(typeof (await operatorToken())).toBe('string');
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: ADMIN.username, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 400,
      message: 'Usuário ou senha do operador incorretos',
      data: null,
    });
  });

  it('refuses an operator token on player routes', async () => {
    const token = await operatorToken();
    for (const url of ['/api/app/user/userInfo', '/api/app/user/getBalance', '/api/app/game/inPlay']) {
      const response = await test.app.inject({ url, headers: auth(token) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses a player token on an operator route and accepts the operator token there', async () => {
    const player = await registerPlayer(test);
    const refused = await test.app.inject({ url: ADMIN_PROBE, headers: auth(player.token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(UNAUTHORIZED);
    const accepted = await test.app.inject({
      url: ADMIN_PROBE,
      headers: auth(`Bearer ${await operatorToken()}`),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toBe('operator');
  });

  it('refuses an expired token', async () => {
    const player = await registerPlayer(test);
    await test.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('subject', '=', 'player')
      .where(
        'subject_id',
        '=',
        test.ctx.db.selectFrom('users').select('id').where('username', '=', player.username),
      )
      .execute();
    const response = await userInfo(auth(player.token));
    expect(response.statusCode).toBe(401);
    expect(response.json().status).toBe(40101);
  });

  it('answers a blocked player with 500/1403', async () => {
    const player = await registerPlayer(test);
    await test.ctx.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('username', '=', player.username)
      .execute();
    const response = await userInfo(auth(player.token));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 1403, message: 'Esta conta está bloqueada', data: null });
    const relogin = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: player.username, pwd: player.pwd, codeId: 5, captCode: CAPTCHA_BYPASS },
    });
    expect(relogin.statusCode).toBe(500);
    expect(relogin.json().status).toBe(1403);
  });
});
