import { startEmulatorServer } from '../../src/modules/psp-emulator/emulator.server.ts';
import { PspEmulator } from '../../src/modules/psp-emulator/emulator.ts';
import { createTestApp, type TestApp, testConfig } from '../harness.ts';
import { runJobsNow } from '../wallet/helpers.ts';
import { makeTestPki, type TestPki } from './certs.ts';

export const PSP = {
  clientId: 'aposta-test-client',
  clientSecret: 'aposta-test-secret-0123',
  receiverKey: 'recebimentos@aposta.test',
  webhookSecret: 'psp-webhook-secret-for-tests',
};
export const WEBHOOK_URL = 'https://aposta.test/api/pay/webhook/apipix';

export interface ApiPixFixture {
  test: TestApp;
  emulator: PspEmulator;
  pki: TestPki;
  pspUrl: string;
  /** Moves the PSP's clock (token lifetimes, charge expiry) by this many milliseconds. */
  clock: { offsetMs: number };
  close(): Promise<void>;
}

/**
 * An app with PAYMENTS_PROVIDER=apipix against the emulator on its own HTTPS server with mutual TLS, certificates
 * made here; the emulator's webhooks reach the app through its full HTTP pipeline. Payouts through Efí's rail.
 */
export async function apiPixFixture(
  overrides: { timeoutMs?: number; adminUsername?: string; adminPassword?: string } = {},
): Promise<ApiPixFixture> {
  const pki = makeTestPki();
  const clock = { offsetMs: 0 };
  let test: TestApp | undefined;
  const emulator = new PspEmulator({
    ...PSP,
    tokenTtlSeconds: 3600,
    now: () => Date.now() + clock.offsetMs,
    deliver: async (url, rawBody, headers) => {
      if (!test) return 503;
      const response = await test.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        payload: rawBody,
        headers,
      });
      return response.statusCode;
    },
  });
  const server = await startEmulatorServer(emulator, {
    key: pki.serverKey,
    cert: pki.serverCert,
    ca: pki.ca,
  });
  const base = testConfig();
  test = await createTestApp({
    paymentsProvider: 'apipix',
    ...(overrides.adminUsername
      ? { adminUsername: overrides.adminUsername, adminPassword: overrides.adminPassword }
      : {}),
    pix: {
      ...base.pix,
      apiUrl: server.url,
      apiPath: '/v2',
      clientId: PSP.clientId,
      clientSecret: PSP.clientSecret,
      cert: pki.clientCert,
      certKey: pki.clientKey,
      ca: pki.ca,
      receiverKey: PSP.receiverKey,
      webhookSecret: PSP.webhookSecret,
      webhookUrl: WEBHOOK_URL,
      timeoutMs: overrides.timeoutMs ?? 1_000,
      payouts: 'efi',
      cards: true,
    },
  });
  // The webhook registration at start is a durable job.
  await runJobsNow(test);
  const app = test;
  return {
    test: app,
    emulator,
    pki,
    pspUrl: server.url,
    clock,
    async close() {
      await app.close();
      await server.close();
    },
  };
}
