import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS, createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

describe(`message language (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  // A register with a too-long name: a schema 400; a wrong captcha: a service 400.
  const schemaError = (headers: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers,
      payload: {
        username: 'lang@example.com',
        pwd: 'segredo123',
        codeId: 1,
        captCode: CAPTCHA_BYPASS,
        name: 'n'.repeat(101),
      },
    });
  const serviceError = (headers: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      headers,
      payload: { username: 'lang@example.com', pwd: 'segredo123', codeId: 1, captCode: 'wrong' },
    });

  it('answers a 400 in pt_BR when no lang header is sent', async () => {
    const schema = await schemaError({});
    expect(schema.statusCode).toBe(400);
    expect(schema.json()).toEqual({
      status: 400,
      message: 'Campo "name" inválido: pode ter no máximo 100 caracteres',
      data: null,
    });
    const service = await serviceError({});
    expect(service.json()).toEqual({
      status: 400,
      message: 'Código de verificação incorreto ou expirado',
      data: null,
    });
  });

  it('answers in en_US with lang: en_US', async () => {
    expect((await schemaError({ lang: 'en_US' })).json().message).toBe(
      'Invalid field "name": must have at most 100 characters',
    );
    expect((await serviceError({ lang: 'en_US' })).json().message).toBe('Wrong or expired verification code');
  });

  it('answers in es_ES with lang: es_ES', async () => {
    expect((await serviceError({ lang: 'es_ES' })).json().message).toBe(
      'Código de verificación incorrecto o caducado',
    );
  });

  it('falls back to pt_BR for an unknown or odd lang', async () => {
    for (const lang of ['xx_YY', 'en', 'EN_US', '', 'constructor', '__proto__', 'toString']) {
      const schema = await schemaError({ lang });
      expect(schema.statusCode, lang).toBe(400);
      expect(schema.json().message, lang).toBe('Campo "name" inválido: pode ter no máximo 100 caracteres');
      expect((await serviceError({ lang })).json().message, lang).toBe(
        'Código de verificação incorreto ou expirado',
      );
    }
  });

  it('speaks the caller language on a 404 and a 401 too', async () => {
    expect(
      (await test.app.inject({ url: '/api/nothing/here', headers: { lang: 'en_US' } })).json().message,
    ).toBe('Not found');
    const unauthorized = await test.app.inject({ url: '/api/app/user/userInfo', headers: { lang: 'xx' } });
    expect(unauthorized.json()).toEqual({
      status: 40101,
      message: 'Sessão expirada, faça login novamente',
      data: null,
    });
  });
});
