import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/config.ts';
import {
  auth,
  CAPTCHA_BYPASS,
  createTestApp,
  form,
  registerPlayer,
  TEST_DATABASE,
  type TestApp,
  uniqueEmail,
} from './harness.ts';

const login = (
  test: TestApp,
  username: string,
  pwd: string,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  test.app.inject({
    method: 'POST',
    url: '/api/auth/user/restLogin',
    payload: { username, pwd, codeId: 42, captCode: CAPTCHA_BYPASS },
    ...extra,
  });

describe(`login (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('answers the right credentials with a token that opens the player routes', async () => {
    const player = await registerPlayer(test);
    const response = await login(test, player.username, player.pwd);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(typeof body.data.access_token).toBe('string');
    expect(body.data.expires_in).toBe(7 * 24 * 3600);
    expect(body.data.access_token).not.toBe(player.token);
    const info = await test.app.inject({
      url: '/api/app/user/userInfo',
      headers: auth(body.data.access_token),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.username).toBe(player.username);
  });

  it('answers a wrong password and an unknown user with the same 400 message', async () => {
    const player = await registerPlayer(test);
    const wrong = await login(test, player.username, 'not-the-password');
    const unknown = await login(test, uniqueEmail('ghost'), 'whatever123');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 400, message: 'Usuário ou senha incorretos', data: null });
    expect(unknown.json()).toEqual(wrong.json());
    const en = await login(test, player.username, 'not-the-password', { headers: { lang: 'en_US' } });
    expect(en.json().message).toBe('Wrong username or password');
  });

  it('locks an account after 5 failures with a 429, even when each guess comes from another address', async () => {
    const player = await registerPlayer(test);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(test, player.username, `wrong-${attempt}`, {
        remoteAddress: `203.0.113.${attempt}`,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const locked = await login(test, player.username, player.pwd, { remoteAddress: '198.51.100.77' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      status: 429,
      message: 'Muitas tentativas de login para esta conta. Tente novamente em 15 minutos.',
      data: null,
    });
    // The lock is per account: another player logs in from the same address.
    const other = await registerPlayer(test);
    expect(
      (await login(test, other.username, other.pwd, { remoteAddress: '198.51.100.77' })).statusCode,
    ).toBe(200);
  });

  it('lets no more than 5 guesses through when 20 arrive at once from 20 addresses', async () => {
    const player = await registerPlayer(test);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(test, player.username, `guess-${i}`, { remoteAddress: `198.18.0.${i + 1}` }),
      ),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code !== 400).every((code) => code === 429)).toBe(true);
    expect((await login(test, player.username, player.pwd)).statusCode).toBe(429);
  });

  it('forgets earlier failures after a successful login', async () => {
    const player = await registerPlayer(test);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(test, player.username, 'wrong-password')).statusCode).toBe(400);
    }
    expect((await login(test, player.username, player.pwd)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(test, player.username, 'wrong-password')).statusCode).toBe(400);
    }
    expect((await login(test, player.username, player.pwd)).statusCode).toBe(200);
  });

  it('accepts the token bare and as "Bearer <token>"', async () => {
    const player = await registerPlayer(test);
    const bare = await test.app.inject({
      url: '/api/app/user/getBalance',
      headers: { authorization: player.token },
    });
    const bearer = await test.app.inject({
      url: '/api/app/user/getBalance',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(bare.statusCode).toBe(200);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json()).toEqual(bare.json());
  });

  it('accepts the form encoding as well as JSON', async () => {
    const player = await registerPlayer(test);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      ...form({ username: player.username, pwd: player.pwd, codeId: 42, captCode: CAPTCHA_BYPASS }),
    });
    expect(response.statusCode).toBe(200);
    expect(typeof response.json().data.access_token).toBe('string');
  });

  it('refuses a missing field with a 400 naming it', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: 'someone@example.com', codeId: 1, captCode: CAPTCHA_BYPASS },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      message: 'Campo "pwd" inválido: é obrigatório',
      data: null,
    });
  });
});

describe(`login rate limit per address (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerMinute: 3 } });
  });
  afterAll(async () => test.close());

  it('answers the 4th login from one address within a minute with a 429 envelope, and not another address', async () => {
    const address = '192.0.2.10';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login(test, uniqueEmail('rl'), 'whatever123', { remoteAddress: address });
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const limited = await login(test, uniqueEmail('rl'), 'whatever123', { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 429,
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      data: null,
    });
    const en = await login(test, uniqueEmail('rl'), 'whatever123', {
      remoteAddress: address,
      headers: { lang: 'en_US' },
    });
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toBe('Too many attempts. Please wait a moment and try again.');

    const elsewhere = await login(test, uniqueEmail('rl'), 'whatever123', { remoteAddress: '192.0.2.11' });
    expect(elsewhere.statusCode).toBe(400);
  });
});
