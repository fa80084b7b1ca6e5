import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS, countUsers, createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

const INTERNAL = {
  status: 500,
  message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
  data: null,
};

describe(`errors never leak internals (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(
      {},
      {
        // Test-only routes standing for any fault the code did not expect.
        beforeReady({ app }) {
          app.get('/api/test/boom', async () => {
            throw new Error('secret detail: connection string postgres://user:pw@db');
          });
          app.get('/api/test/reject', async () =>
            Promise.reject(new TypeError('cannot read x of undefined')),
          );
        },
      },
    );
  });
  afterAll(async () => test.close());

  const noInternals = (body: string) => {
    expect(body).not.toMatch(/secret detail|postgres:\/\/|cannot read|\bat .*\.ts:\d+|stack/i);
  };

  it('answers an unexpected fault with a generic 500 in the caller language and no stack', async () => {
    const pt = await test.app.inject('/api/test/boom');
    expect(pt.statusCode).toBe(500);
    expect(pt.json()).toEqual(INTERNAL);
    noInternals(pt.body);
    const en = await test.app.inject({ url: '/api/test/reject', headers: { lang: 'en_US' } });
    expect(en.statusCode).toBe(500);
    expect(en.json()).toEqual({
      status: 500,
      message: 'An unexpected error occurred. Please try again later.',
      data: null,
    });
    noInternals(en.body);
  });

  it('answers a malformed JSON body with a 400 envelope and no parser details', async () => {
    for (const payload of ['{"username":', '{username: 1}', 'null', '[1,2']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      const body = response.json();
      expect(body.status).toBe(400);
      expect(body.data).toBeNull();
      expect(typeof body.message).toBe('string');
      expect(body.message).not.toMatch(/JSON|Unexpected|position/);
      noInternals(response.body);
    }
  });

  it('answers an unsupported content type and an oversized body with a 400 envelope', async () => {
    const text = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().status).toBe(400);
    const huge = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: 'x@example.com', pwd: 'p'.repeat(100_000), codeId: 1, captCode: CAPTCHA_BYPASS },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      status: 413,
      message: 'O corpo da requisição é grande demais',
      data: null,
    });
  });

  it('answers text the database cannot store (a NUL character) with a 400 naming the field, not a 500', async () => {
    const before = await countUsers(test);
    const cases: { url: string; payload: Record<string, unknown>; field: string }[] = [
      {
        url: '/api/auth/user/restRegister',
        payload: {
          username: 'nul@example.com',
          pwd: 'segredo123',
          codeId: 1,
          captCode: CAPTCHA_BYPASS,
          name: 'a\u0000b',
        },
        field: 'name',
      },
      {
        url: '/api/auth/user/restRegister',
        payload: {
          username: 'nul@example.com',
          pwd: 'segredo123',
          codeId: 1,
          captCode: CAPTCHA_BYPASS,
          regcode: 'AB\u0000',
        },
        field: 'regcode',
      },
      {
        url: '/api/auth/user/restLogin',
        payload: {
          username: 'nul\u0000@example.com',
          pwd: 'segredo123',
          codeId: 1,
          captCode: CAPTCHA_BYPASS,
        },
        field: 'username',
      },
      {
        url: '/api/app/main/RESETPWD/sendEmail',
        payload: { email: 'nul\u0000@example.com' },
        field: 'email',
      },
      {
        url: '/api/app/main/RESETPWD/checkEmail',
        payload: { email: 'nul\u0000@example.com', code: '123456' },
        field: 'email',
      },
      {
        url: '/api/admin/auth/login',
        payload: { username: 'op\u0000', password: 'whatever' },
        field: 'username',
      },
    ];
    for (const { url, payload, field } of cases) {
      const response = await test.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, `${url} ${field}`).toBe(400);
      expect(response.json().status).toBe(400);
      expect(response.json().message, url).toContain(`"${field}"`);
    }
    expect(await countUsers(test)).toBe(before);
  });

  it('asks for a token before it looks at the input: no token is 401/40101 even with a bad body or path', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/app/game/dice/bet', payload: {} },
      { method: 'POST' as const, url: '/api/app/sports/bet', payload: { amount: 'x' } },
      { method: 'GET' as const, url: '/api/app/user/setHeader/99' },
      { method: 'POST' as const, url: '/api/app/order/withdraw', payload: { amount: -1 } },
    ];
    for (const call of calls) {
      const response = await test.app.inject(call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json().status, call.url).toBe(40101);
    }
  });

  it('answers an unknown /api path with a 404 envelope for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await test.app.inject({ method, url: '/api/app/user/nothing' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ status: 404, message: 'Não encontrado', data: null });
    }
  });
});
