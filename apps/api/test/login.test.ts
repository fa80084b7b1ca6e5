import { sql } from 'kysely';
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

  const WAIT = (seconds: number) => ({
    status: 429,
    message: `Muitas senhas erradas a partir deste endereço. Tente novamente em ${seconds} s.`,
    data: null,
  });
  /** Moves an account's recorded failures into the past, as if `seconds` had gone by. */
  const age = async (username: string, seconds: number) =>
    test.ctx.db
      .updateTable('login_failures')
      .set({ failed_at: sql<Date>`failed_at - make_interval(secs => ${seconds})` })
      .where('username', '=', username)
      .execute();

  it('slows one address after 3 wrong passwords, doubling its wait; other addresses are not slowed', async () => {
    const player = await registerPlayer(test);
    const from = (remoteAddress: string, pwd: string) => login(test, player.username, pwd, { remoteAddress });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await from('203.0.113.1', `wrong-${attempt}`)).statusCode, `attempt ${attempt}`).toBe(400);
    }
    // Refused before the password is looked at, even the right one: the guesser learns nothing.
    expect((await from('203.0.113.1', player.pwd)).json()).toEqual(WAIT(1));
    expect((await from('203.0.113.2', player.pwd)).statusCode).toBe(200);
    await age(player.username, 1);
    expect((await from('203.0.113.1', 'wrong-4')).statusCode).toBe(400);
    expect((await from('203.0.113.1', 'wrong-5')).json()).toEqual(WAIT(2));
    await age(player.username, 2);
    expect((await from('203.0.113.1', 'wrong-5')).statusCode).toBe(400);
    const en = await login(test, player.username, player.pwd, {
      remoteAddress: '203.0.113.1',
      headers: { lang: 'en_US' },
    });
    expect(en.json().message).toBe('Too many wrong passwords from this address. Try again in 4 s.');
  });

  it('forgets the failures of an address after a successful login from it', async () => {
    const player = await registerPlayer(test);
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await login(test, player.username, 'wrong-password')).statusCode).toBe(400);
    }
    expect((await login(test, player.username, player.pwd)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login(test, player.username, 'wrong-password')).statusCode).toBe(400);
    }
    expect((await login(test, player.username, 'wrong-password')).statusCode).toBe(429);
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

  it('spares a device that signed in to the account before: a flood from its address does not keep the owner out', async () => {
    const address = '192.0.2.20';
    const player = await registerPlayer(test);
    const phone = { deviceid: 'owner-phone-rl-01' };
    expect(
      (await login(test, player.username, player.pwd, { remoteAddress: address, headers: phone })).statusCode,
    ).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt++)
      await login(test, uniqueEmail('flood'), 'whatever123', { remoteAddress: address });
    expect(
      (await login(test, uniqueEmail('flood'), 'whatever123', { remoteAddress: address })).statusCode,
    ).toBe(429);
    expect((await login(test, player.username, player.pwd, { remoteAddress: address })).statusCode).toBe(429);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const owner = await login(test, player.username, player.pwd, {
        remoteAddress: address,
        headers: phone,
      });
      expect(owner.statusCode, `owner ${attempt}`).toBe(200);
    }
  });
});

describe(`login throttle per account, and trusted devices (${TEST_DATABASE})`, () => {
  const CEILING = 5;
  const ADMIN = { username: 'operador@aposta.local', password: 'operador-secreto-123' };
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerMinute: 10_000, loginFailuresPerAccount: CEILING },
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
    });
  });
  afterAll(async () => test.close());

  const LOCKED = {
    status: 429,
    message: 'Muitas tentativas de login para esta conta. Tente novamente em 15 minutos.',
    data: null,
  };

  it('a stranger guessing from many addresses meets the ceiling, but cannot lock the owner out of a trusted device', async () => {
    const player = await registerPlayer(test);
    const phone = { deviceid: 'owner-phone-0001' };
    const first = await login(test, player.username, player.pwd, { headers: phone });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^aposta_device=[A-Za-z0-9_-]{43}$/);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');

    for (let attempt = 1; attempt <= CEILING + 3; attempt++) {
      const guess = await login(test, player.username, `guess-${attempt}`, {
        remoteAddress: `198.51.100.${attempt}`,
      });
      expect(guess.statusCode, `guess ${attempt}`).toBe(attempt <= CEILING ? 400 : 429);
    }
    // A new device, whatever its address, waits: even with the right password.
    const stranger = await login(test, player.username, player.pwd, { remoteAddress: '192.0.2.200' });
    expect(stranger.json()).toEqual(LOCKED);
    // The owner's devices get in: the deviceId they signed in with, or the device cookie.
    const byDeviceId = await login(test, player.username, player.pwd, {
      remoteAddress: '192.0.2.201',
      headers: phone,
    });
    expect(byDeviceId.statusCode).toBe(200);
    const byCookie = await login(test, player.username, player.pwd, {
      remoteAddress: '192.0.2.202',
      headers: { cookie },
    });
    expect(byCookie.statusCode).toBe(200);
    // A wrong password from a trusted device is still a wrong password.
    expect((await login(test, player.username, 'wrong', { headers: phone })).statusCode).toBe(400);
    // Another player's device is not trusted for this account.
    const other = await registerPlayer(test);
    expect((await login(test, other.username, other.pwd, { headers: { cookie } })).statusCode).toBe(200);
    expect(
      (await login(test, player.username, player.pwd, { headers: { deviceid: 'someone-else-01' } })).json(),
    ).toEqual(LOCKED);
  });

  it('lets no more guesses through than the ceiling when 20 arrive at once from 20 addresses', async () => {
    const player = await registerPlayer(test);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(test, player.username, `guess-${i}`, { remoteAddress: `198.18.0.${i + 1}` }),
      ),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 400).length).toBeLessThanOrEqual(CEILING);
    expect(codes.filter((code) => code !== 400).every((code) => code === 429)).toBe(true);
    expect((await login(test, player.username, player.pwd)).statusCode).toBe(429);
  });
});
