import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTCHA_BYPASS,
  countUsers,
  createTestApp,
  TEST_DATABASE,
  type TestApp,
  uniqueEmail,
} from './harness.ts';

describe(`captcha (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let nextCodeId = 1000;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  /** Draws a captcha through the API; the answer is read from the table, the one peek these tests allow. */
  async function drawCaptcha(): Promise<{ codeId: number; answer: string }> {
    nextCodeId += 1;
    const codeId = nextCodeId;
    const image = await test.app.inject(`/api/auth/user/captcha/${codeId}`);
    expect(image.statusCode).toBe(200);
    const row = await test.ctx.db
      .selectFrom('captchas')
      .select('answer')
      .where('code_id', '=', BigInt(codeId))
      .executeTakeFirstOrThrow();
    expect(row.answer).not.toBe(CAPTCHA_BYPASS);
    return { codeId, answer: row.answer };
  }

  const register = (username: string, codeId: number, captCode: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: { username, pwd: 'segredo123', pwd1: 'segredo123', codeId, captCode },
    });

  it('serves the captcha as an SVG image, not the envelope, and never cached', async () => {
    for (const codeId of [1, 100_000_000]) {
      const response = await test.app.inject(`/api/auth/user/captcha/${codeId}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body.startsWith('<svg')).toBe(true);
      expect(response.body).not.toContain('"status"');
    }
  });

  it('refuses a codeId outside 1..100000000 with a 400 envelope naming the field', async () => {
    for (const bad of ['0', '100000001', 'abc', '-5', '1.5']) {
      const response = await test.app.inject(`/api/auth/user/captcha/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      const body = response.json();
      expect(body.status).toBe(400);
      expect(body.data).toBeNull();
      expect(body.message).toContain('codeId');
    }
  });

  it('accepts the real answer once, in any letter case, and refuses the same captcha a second time', async () => {
    const { codeId, answer } = await drawCaptcha();
    const first = await register(uniqueEmail('cap'), codeId, answer.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(typeof first.json().data.access_token).toBe('string');

    const before = await countUsers(test);
    const reused = await register(uniqueEmail('cap'), codeId, answer);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      status: 400,
      message: 'Código de verificação incorreto ou expirado',
      data: null,
    });
    expect(await countUsers(test)).toBe(before);
  });

  it('refuses a wrong answer and spends the captcha, so the right answer no longer works', async () => {
    const { codeId, answer } = await drawCaptcha();
    const wrong = await register(uniqueEmail('cap'), codeId, answer === 'zzzz' ? 'yyyy' : 'zzzz');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código de verificação incorreto ou expirado');

    const retried = await register(uniqueEmail('cap'), codeId, answer);
    expect(retried.statusCode).toBe(400);
    expect(retried.json().status).toBe(400);
  });

  it('refuses an expired captcha', async () => {
    const { codeId, answer } = await drawCaptcha();
    await test.ctx.db
      .updateTable('captchas')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('code_id', '=', BigInt(codeId))
      .execute();
    const response = await register(uniqueEmail('cap'), codeId, answer);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Código de verificação incorreto ou expirado');
  });

  it('refuses a captcha that was never drawn, and a new drawing for the same id replaces the old answer', async () => {
    const never = await register(uniqueEmail('cap'), 99_999_999, 'abcd');
    expect(never.statusCode).toBe(400);

    const old = await drawCaptcha();
    // Redraw the same id until the answer differs (two equal draws in a row are rare, five are not expected).
    let fresh = old.answer;
    for (let draw = 0; draw < 5 && fresh === old.answer; draw++) {
      await test.app.inject(`/api/auth/user/captcha/${old.codeId}`);
      const row = await test.ctx.db
        .selectFrom('captchas')
        .select('answer')
        .where('code_id', '=', BigInt(old.codeId))
        .executeTakeFirstOrThrow();
      fresh = row.answer;
    }
    expect(fresh).not.toBe(old.answer);
    expect((await register(uniqueEmail('cap'), old.codeId, old.answer)).statusCode).toBe(400);
    // The refusal spent the captcha, so the fresh answer needs a fresh drawing: draw again and use it.
    const again = await drawCaptcha();
    expect((await register(uniqueEmail('cap'), again.codeId, again.answer)).statusCode).toBe(200);
  });

  it('works for login too: the real answer logs in once', async () => {
    const username = uniqueEmail('caplogin');
    expect((await register(username, 1, CAPTCHA_BYPASS)).statusCode).toBe(200);
    const { codeId, answer } = await drawCaptcha();
    const login = (captCode: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        payload: { username, pwd: 'segredo123', codeId, captCode },
      });
    expect((await login(answer)).statusCode).toBe(200);
    const again = await login(answer);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Código de verificação incorreto ou expirado');
  });
});
