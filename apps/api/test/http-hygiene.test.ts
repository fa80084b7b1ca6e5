import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS, createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';
import { call, newPlayer } from './wallet/helpers.ts';

/**
 * What every answer does besides its data: authenticated answers and answers carrying a token are never cached;
 * the API's documentation page is not served in production; routine refusals are logged at info, unexpected
 * faults at error with their context.
 */
describe(`HTTP hygiene (${TEST_DATABASE})`, () => {
  let test: TestApp;
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  beforeAll(async () => {
    test = await createTestApp(
      { logLevel: 'info' },
      {
        logStream: { write: (line) => void lines.push(JSON.parse(line)) },
        beforeReady: ({ app }) => {
          app.get('/api/test/boom', async () => {
            throw new Error('database on fire');
          });
        },
      },
    );
  });
  afterAll(async () => test.close());

  it('answers authenticated calls and token-carrying answers with Cache-Control: no-store', async () => {
    const player = await registerPlayer(test);
    const info = await test.app.inject({
      url: '/api/app/user/userInfo',
      headers: { authorization: player.token },
    });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const refused = await test.app.inject({
      url: '/api/app/user/userInfo',
      headers: { authorization: 'x'.repeat(40) },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: player.username, pwd: player.pwd, codeId: 3, captCode: CAPTCHA_BYPASS },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('logs routine refusals at info and an unexpected fault at error with its context', async () => {
    const player = await newPlayer(test);
    lines.length = 0;
    expect((await call(test, 'GET', '/api/app/order/getStatus/999999', player.token)).http).toBe(404);
    expect((await call(test, 'GET', '/api/app/user/userInfo', 'x'.repeat(40))).http).toBe(401);
    expect(
      (await call(test, 'POST', '/api/app/order/transfer', player.token, { toUser: 'a', amount: 'x' })).http,
    ).toBe(400);
    const noMoney = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: '52998224725',
      amount: 20,
    });
    expect(noMoney.status).toBe(9999);
    expect(lines.filter((line) => line.msg.startsWith('request refused')).length).toBeGreaterThanOrEqual(4);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);

    const boom = await call(test, 'GET', '/api/test/boom');
    expect(boom).toMatchObject({ http: 500, status: 500 });
    expect(boom.message).not.toContain('fire');
    const fault = lines.find((line) => line.level >= 50);
    expect(fault).toMatchObject({ msg: 'unexpected fault', url: '/api/test/boom', method: 'GET' });
    expect(JSON.stringify(fault)).toContain('database on fire');
  });

  it('serves the API documentation outside production only', async () => {
    const docs = await test.app.inject({ url: '/docs' });
    expect(docs.statusCode).toBeLessThan(400);
    const production = await createTestApp({ isProduction: true, nodeEnv: 'production' });
    try {
      for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
        const answer = await production.app.inject({ url });
        expect(answer.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
