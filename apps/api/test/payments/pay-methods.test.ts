import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call } from '../wallet/helpers.ts';

/**
 * The footer's payment marks come from here: by default (API Pix against the in-process emulator, withdrawals
 * through Efí's send-Pix) PIX only: never USDT (no Pix rail pays a TRC-20 address, decision 0066), card only when
 * configured, never boleto.
 */
describe(`payment methods by default (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('answers pix alone to anyone, without a token', async () => {
    const answer = await call(test, 'GET', '/api/app/main/payMethods');
    expect(answer).toMatchObject({ http: 200, status: 200, data: ['pix'] });
  });
});
