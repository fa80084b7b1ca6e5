import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

describe(`health and unknown paths (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('reports the database it runs on', async () => {
    const response = await test.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: '',
      data: { ok: true, database: TEST_DATABASE },
    });
  });

  it('answers an unknown /api path with a 404 in the envelope, in the caller language', async () => {
    const pt = await test.app.inject('/api/does/not/exist');
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toEqual({ status: 404, message: 'Não encontrado', data: null });
    const en = await test.app.inject({ url: '/api/does/not/exist', headers: { lang: 'en_US' } });
    expect(en.json().message).toBe('Not found');
  });

  it('sends security headers', async () => {
    const response = await test.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
    // The same on an error answer and on the web app's pages.
    for (const url of ['/api/does/not/exist', '/']) {
      expect((await test.app.inject(url)).headers['content-security-policy']).toBe(
        response.headers['content-security-policy'],
      );
    }
    // Served over plain http from a LAN address, the page must still load its own scripts.
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
