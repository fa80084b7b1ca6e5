import https from 'node:https';
import { defaultScope } from '../../src/config/pix.config.ts';
import { startWebhookListener } from '../../src/modules/payments/apipix/webhook-listener.ts';
import { startEmulatorServer } from '../../src/modules/psp-emulator/emulator.server.ts';
import { PspEmulator } from '../../src/modules/psp-emulator/emulator.ts';
import { violationsOf } from '../../src/modules/psp-emulator/validator.ts';
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
  /** Our mTLS webhook listener (the standard's receiving end), where the emulator delivers. */
  webhookUrl: string;
  /** POSTs to our webhook listener over HTTPS, with the given client certificate or none. */
  postWebhook(
    path: string,
    rawBody: string,
    cert?: { cert: string; key: string },
    headers?: Record<string, string>,
  ): Promise<number>;
  close(): Promise<void>;
}

/** One HTTPS POST with an optional client certificate; answers the status, or throws when the handshake fails. */
export function httpsPost(
  url: string,
  rawBody: string,
  tls: { ca: string; cert?: string; key?: string },
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        ca: tls.ca,
        cert: tls.cert,
        key: tls.key,
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...headers,
          'content-length': Buffer.byteLength(rawBody),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(rawBody);
  });
}

/**
 * An app with PAYMENTS_PROVIDER=apipix against the emulator on its own HTTPS server with mutual TLS, certificates
 * made here. The emulator delivers its webhooks as the standard says: over HTTPS to our mTLS listener, with the
 * PSP's client certificate and no signature (Efí flavor: the registration's two test POSTs, sent-Pix notices).
 * Payouts through Efí's rail.
 */
export async function apiPixFixture(
  overrides: { timeoutMs?: number; adminUsername?: string; adminPassword?: string } = {},
): Promise<ApiPixFixture> {
  const pki = makeTestPki();
  const clock = { offsetMs: 0 };
  let listenerUrl: string | undefined;
  const emulator = new PspEmulator({
    ...PSP,
    tokenTtlSeconds: 3600,
    flavor: 'efi',
    now: () => Date.now() + clock.offsetMs,
    deliver: async (url, rawBody, headers, { withCertificate }) => {
      if (!listenerUrl) return 503;
      const { pathname } = new URL(url);
      const cert = withCertificate ? { cert: pki.pspClientCert, key: pki.pspClientKey } : {};
      return httpsPost(`${listenerUrl}${pathname}`, rawBody, { ca: pki.ca, ...cert }, headers);
    },
  });
  const server = await startEmulatorServer(emulator, {
    key: pki.serverKey,
    cert: pki.serverCert,
    ca: pki.ca,
  });
  const base = testConfig();
  const test = await createTestApp({
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
      // The HMAC option stays on (the card checkout's notifications use it); Pix deliveries come by mTLS.
      webhookSecret: PSP.webhookSecret,
      webhookCa: pki.ca,
      webhookUrl: WEBHOOK_URL,
      timeoutMs: overrides.timeoutMs ?? 1_000,
      payouts: 'efi',
      scope: defaultScope(),
      cards: true,
    },
  });
  const listener = await startWebhookListener(test.app, {
    port: 0,
    host: '127.0.0.1',
    cert: pki.serverCert,
    key: pki.serverKey,
    ca: pki.ca,
  });
  listenerUrl = `https://localhost:${listener.port}`;
  emulator.exchanges = [];
  // The webhook registration at start is a durable job; if its first run failed, once more here, so its error shows.
  await runJobsNow(test);
  if (!emulator.webhooks.has(PSP.receiverKey)) await test.ctx.payments.apipix!.registerWebhook();
  const app = test;
  return {
    test: app,
    emulator,
    pki,
    pspUrl: server.url,
    clock,
    webhookUrl: listenerUrl,
    postWebhook: (path, rawBody, cert, headers) =>
      httpsPost(`${listenerUrl}${path}`, rawBody, { ca: pki.ca, ...cert }, headers),
    async close() {
      await listener.close();
      await app.close();
      await server.close();
    },
  };
}

/**
 * Every exchange the emulator recorded that breaks the schemas written from the standard (openapi 2.9.0) and Efí's
 * pages: an accepted request, or any answer. A refused request is refused because it breaks them.
 */
export function schemaViolations(fx: ApiPixFixture) {
  return (fx.emulator.exchanges ?? []).flatMap((exchange) => {
    const problems = [];
    if (exchange.request && exchange.response.status < 300) {
      const violations = violationsOf(exchange.request.schema, exchange.request.body);
      if (violations.length > 0) problems.push({ call: exchange.call, side: 'request', violations });
    }
    const violations = violationsOf(exchange.response.schema, exchange.response.body);
    if (violations.length > 0) problems.push({ call: exchange.call, side: 'response', violations });
    return problems;
  });
}
