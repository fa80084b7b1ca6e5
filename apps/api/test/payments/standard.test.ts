import { X509Certificate } from 'node:crypto';
import { hasValidBrCodeCrc } from '@aposta/brazil';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signWebhook } from '../../src/lib/webhook-signature.ts';
import { type ApiPixProvider, apiPixProvider } from '../../src/modules/payments/apipix/apipix.provider.ts';
import { reconcileDay } from '../../src/modules/payments/apipix/pix-admin.service.ts';
import {
  httpsTransport,
  PixApiClient,
  PixApiError,
  type PixRequest,
} from '../../src/modules/payments/apipix/pix-http.ts';
import {
  certificateFromHeader,
  clientCertificateAuthentic,
  parsePemBundle,
} from '../../src/modules/payments/apipix/webhook-auth.ts';
import { API_PIX_SCHEMAS } from '../../src/modules/psp-emulator/api-pix.schemas.ts';
import { violationsOf } from '../../src/modules/psp-emulator/validator.ts';
import { pollPendingCharges } from '../../src/modules/wallet/pix-poll.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  balances,
  call,
  expectLedgerClean,
  newPlayer,
  packageOf,
  prePay,
  runJobsNow,
  webhookOutcomes,
} from '../wallet/helpers.ts';
import { type ApiPixFixture, apiPixFixture, PSP, schemaViolations } from './fixture.ts';

/**
 * Issue 29: our API Pix client and its emulator held to the Banco Central's published standard (openapi 2.9.0)
 * and Efí's published send-Pix pages, over real HTTPS with certificates made by the test. Every exchange with the
 * emulator in this file is checked against the schemas written from those documents.
 */
let fx: ApiPixFixture;
let provider: ApiPixProvider;
// The fixture (certificates, two servers, the Efí-style webhook registration) is slow on a loaded machine.
beforeAll(async () => {
  fx = await apiPixFixture();
  provider = fx.test.ctx.payments.apipix!;
}, 120_000);
afterAll(async () => fx.close());

const PIX_PATH = '/api/pay/webhook/apipix/pix';
/** The PSP's refusal of a call expected to be refused. */
const refusal = (error: unknown) => error as PixApiError;
const refusedOk = (): PixApiError => {
  throw new Error('the PSP accepted a call it should refuse');
};
const pspCert = () => ({ cert: fx.pki.pspClientCert, key: fx.pki.pspClientKey });
const orderStatus = async (token: string, orderId: number) =>
  (await call(fx.test, 'GET', `/api/app/order/getStatus/${orderId}`, token)).data.status;

async function openOrder(cents: bigint) {
  const player = await newPlayer(fx.test);
  const order = await prePay(fx.test, player, await packageOf(fx.test, cents), 0);
  return { player, order };
}

/** A client of the emulator with our certificate, asking for these scopes. */
function pspClient(options: { scope?: string; tokenFormat?: 'form' | 'json' } = {}) {
  const transport = httpsTransport({
    baseUrl: fx.pspUrl,
    cert: fx.pki.clientCert,
    key: fx.pki.clientKey,
    ca: fx.pki.ca,
    timeoutMs: 5_000,
  });
  const api = new PixApiClient(transport, {
    clientId: PSP.clientId,
    clientSecret: PSP.clientSecret,
    tokenPath: '/oauth/token',
    ...options,
  });
  return { api, close: () => transport.close() };
}

describe(`webhook authentication as the standard: mTLS (${TEST_DATABASE})`, () => {
  it('1. a standard delivery (PSP client certificate, no HMAC) is credited', async () => {
    const { player, order } = await openOrder(3_100n);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    const body = JSON.stringify({
      pix: [
        { endToEndId: pix.endToEndId, txid: order.payNo, valor: '31.00', horario: pix.horario.toISOString() },
      ],
    });
    expect(await fx.postWebhook(PIX_PATH, body, pspCert())).toBe(200);
    expect(await orderStatus(player.token, order.orderId)).toBe('10');
    expect(await balances(fx.test, player)).toEqual({ balance: 31, freeBalance: 0 });
    await expectLedgerClean(fx.test);
  });

  it('1. no certificate, or one from another CA, is refused at the handshake; nothing credited', async () => {
    const { player, order } = await openOrder(3_200n);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    const body = JSON.stringify({
      pix: [
        { endToEndId: pix.endToEndId, txid: order.payNo, valor: '32.00', horario: pix.horario.toISOString() },
      ],
    });
    await expect(fx.postWebhook(PIX_PATH, body)).rejects.toThrow();
    await expect(
      fx.postWebhook(PIX_PATH, body, { cert: fx.pki.strangerCert, key: fx.pki.strangerKey }),
    ).rejects.toThrow();
    expect(await orderStatus(player.token, order.orderId)).toBe('00');
  });

  it('1. behind a proxy: the verified client certificate header must chain to the PSP chain', () => {
    const trusted = parsePemBundle(fx.pki.ca);
    const options = { trusted, header: 'x-ssl-client-cert' };
    // nginx's $ssl_client_escaped_cert: the PEM URL-encoded.
    const escaped = encodeURIComponent(fx.pki.pspClientCert);
    expect(clientCertificateAuthentic(options, { 'x-ssl-client-cert': escaped }, undefined)).toBe(true);
    // Folded into one line (older proxies), or base64 DER.
    const folded = fx.pki.pspClientCert.replace(/\n/g, ' ');
    expect(clientCertificateAuthentic(options, { 'x-ssl-client-cert': folded }, undefined)).toBe(true);
    const der = new X509Certificate(fx.pki.pspClientCert).raw.toString('base64');
    expect(certificateFromHeader(der)?.subject).toContain('psp-webhooks');
    // Another CA's certificate, a server certificate (no clientAuth), no header, a header nobody configured.
    const stranger = encodeURIComponent(fx.pki.strangerCert);
    expect(clientCertificateAuthentic(options, { 'x-ssl-client-cert': stranger }, undefined)).toBe(false);
    const server = encodeURIComponent(fx.pki.serverCert);
    expect(clientCertificateAuthentic(options, { 'x-ssl-client-cert': server }, undefined)).toBe(false);
    expect(clientCertificateAuthentic(options, {}, undefined)).toBe(false);
    expect(clientCertificateAuthentic({ trusted }, { 'x-ssl-client-cert': escaped }, undefined)).toBe(false);
  });

  it('1. the HMAC option: accepted only when configured, and only with a valid signature', () => {
    const body = '{"pix":[]}';
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = {
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signWebhook(PSP.webhookSecret, timestamp, body),
    };
    const make = (webhookSecret: string) =>
      apiPixProvider({
        client: {} as PixApiClient,
        apiPath: '/v2',
        receiverKey: PSP.receiverKey,
        webhookSecret,
        webhookUrl: 'https://x.test',
      });
    expect(make('').verifyWebhook(body, signed, undefined)).toBe(false);
    expect(make(PSP.webhookSecret).verifyWebhook(body, signed, undefined)).toBe(true);
    expect(make(PSP.webhookSecret).verifyWebhook(`${body} `, signed, undefined)).toBe(false);
  });

  it('2. Efí registration: the POST without a certificate is refused, the test POST with one accepted', async () => {
    // The registration at start (fixture) went through Efí's two checks.
    expect(fx.emulator.webhooks.get(PSP.receiverKey)).toBeDefined();
    expect(fx.emulator.lastRegistrationChecks).toEqual([0, 200]);
    const test = JSON.stringify({ evento: 'teste_webhook' });
    expect(await fx.postWebhook(PIX_PATH, test, pspCert())).toBe(200);
    await expect(fx.postWebhook(PIX_PATH, test)).rejects.toThrow();
    // Registering again (the durable job at the next start) passes the same checks.
    await provider.registerWebhook();
    expect(fx.emulator.lastRegistrationChecks).toEqual([0, 200]);
  });
});

describe('the charge and the token as the standard allows', () => {
  it('4. a cob answered without pixCopiaECola: the BR Code is built from its location', async () => {
    fx.emulator.omitCopiaECola = true;
    try {
      const { order } = await openOrder(2_700n);
      const cob = fx.emulator.cobs.get(order.payNo)!;
      const charge = await fx.test.ctx.db
        .selectFrom('payment_charges')
        .select('br_code')
        .where('txid', '=', order.payNo)
        .executeTakeFirstOrThrow();
      expect(hasValidBrCodeCrc(charge.br_code)).toBe(true);
      expect(charge.br_code).toContain(fx.emulator.location(cob));
      expect(charge.br_code.startsWith('000201010212')).toBe(true);
    } finally {
      fx.emulator.omitCopiaECola = false;
    }
  });

  it('5/6. the token request is form-urlencoded (RFC 6749) with the scopes; JSON only when chosen', async () => {
    const seen: PixRequest[] = [];
    const fake = async (request: PixRequest) => {
      seen.push(request);
      // No expires_in (optional in RFC 6749): the token is still used.
      if (request.path === '/token')
        return { status: 200, body: '{"access_token":"t1","token_type":"bearer"}' };
      return { status: 200, body: '{}' };
    };
    const form = new PixApiClient(fake, {
      clientId: 'a',
      clientSecret: 'b',
      tokenPath: '/token',
      scope: 'cob.write cob.read',
    });
    await form.call('GET', '/v2/cob/x');
    await form.call('GET', '/v2/cob/y');
    expect(form.tokensFetched).toBe(1);
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      grant_type: 'client_credentials',
      scope: 'cob.write cob.read',
    });
    const json = new PixApiClient(fake, {
      clientId: 'a',
      clientSecret: 'b',
      tokenPath: '/token',
      tokenFormat: 'json',
    });
    await json.call('GET', '/v2/cob/x');
    expect(seen.at(-2)!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.at(-2)!.body!)).toEqual({ grant_type: 'client_credentials' });
    // The emulator (form, as the RFC) refuses a JSON token request.
    const wrong = pspClient({ tokenFormat: 'json' });
    await expect(wrong.api.call('GET', '/v2/cob/abcdefghijklmnopqrstuvwxyz0')).rejects.toThrow(/400/);
    wrong.close();
  });
});

describe('what a delivery tells, item by item', () => {
  it('7. a batch of more than 100 items is read whole', async () => {
    const { player, order } = await openOrder(1_500n);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    const horario = new Date().toISOString();
    const items = [
      { endToEndId: pix.endToEndId, txid: order.payNo, valor: '15.00', horario: pix.horario.toISOString() },
      ...Array.from({ length: 100 }, (_, i) => ({
        endToEndId: `E99999999202601010000${String(i).padStart(11, '0')}`,
        valor: '1.00',
        horario,
      })),
    ];
    expect(await fx.postWebhook(PIX_PATH, JSON.stringify({ pix: items }), pspCert())).toBe(200);
    expect(await orderStatus(player.token, order.orderId)).toBe('10');
  }, 60_000);

  it('8. a devolução notice is not a payment: its refunds are asked about again', async () => {
    const { pix } = await fx.emulator.payCob((await openOrder(1_200n)).order.payNo, { notify: false });
    const before = await fx.test.ctx.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const notice = {
      pix: [
        {
          endToEndId: pix.endToEndId,
          txid: pix.txid,
          valor: '12.00',
          horario: pix.horario.toISOString(),
          devolucoes: [
            {
              id: 'R1',
              rtrId: 'D99999999202601010000abcdefghijk',
              valor: '12.00',
              horario: { solicitacao: new Date().toISOString() },
              status: 'DEVOLVIDO',
            },
          ],
        },
      ],
    };
    expect(violationsOf('WebhookPix', notice)).toEqual([]);
    expect(await fx.postWebhook(PIX_PATH, JSON.stringify(notice), pspCert())).toBe(200);
    const after = await fx.test.ctx.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const job = await fx.test.ctx.db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'refresh_pix_refunds')
      .executeTakeFirst();
    expect(job?.kind).toBe('refresh_pix_refunds');
  });

  it('9. a Pix without txid that is never notified is still found by the daily reconciliation', async () => {
    const at = new Date();
    const stray = fx.emulator.receive({ amountCents: 4_400n, at });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
    await reconcileDay(fx.test.ctx, provider, day);
    const diffs = await fx.test.ctx.db
      .selectFrom('pix_reconciliation_diffs')
      .selectAll()
      .where('end_to_end_id', '=', stray.endToEndId)
      .execute();
    expect(diffs.map((diff) => diff.kind)).toEqual(['received_not_credited']);
  });

  it('10. Efí sent-Pix notices on the same webhook are payouts, a refused one ("horario": null) is no 400', async () => {
    const notice = {
      pix: [
        {
          endToEndId: 'E99999999202601010000zzzzzzzzzzz',
          chave: PSP.receiverKey,
          valor: '15.00',
          horario: null,
          status: 'NAO_REALIZADO',
          tipo: 'SOLICITACAO',
          gnExtras: { idEnvio: 'W999999999' },
        },
      ],
    };
    expect(violationsOf('EfiPixEnviadoNotificacao', notice)).toEqual([]);
    expect(await fx.postWebhook(PIX_PATH, JSON.stringify(notice), pspCert())).toBe(200);
    expect(await webhookOutcomes(fx.test, 'W999999999')).toEqual([]);
  });

  it('11. a GET /pix page without `pix` does not break the reconciliation', async () => {
    const pages = [
      { parametros: { paginacao: { paginaAtual: 0, quantidadeDePaginas: 2 } } },
      { parametros: { paginacao: { paginaAtual: 1, quantidadeDePaginas: 2 } }, pix: [] },
    ];
    const client = { call: async () => pages.shift() } as unknown as PixApiClient;
    const lone = apiPixProvider({
      client,
      apiPath: '/v2',
      receiverKey: PSP.receiverKey,
      webhookSecret: '',
      webhookUrl: 'https://x.test',
    });
    expect(await lone.listReceived(new Date(0), new Date())).toEqual([]);
  });
});

describe('12. charges asked about, not only told', () => {
  it('a lost webhook: the scheduled poll (GET /cob) credits the paid charge, once', async () => {
    const { player, order } = await openOrder(2_300n);
    await fx.emulator.payCob(order.payNo, { notify: false });
    expect(await orderStatus(player.token, order.orderId)).toBe('00');
    const outcomes = await pollPendingCharges(fx.test.ctx, provider);
    expect(outcomes).toContain('credited');
    expect(await orderStatus(player.token, order.orderId)).toBe('10');
    expect(await balances(fx.test, player)).toEqual({ balance: 23, freeBalance: 0 });
    await pollPendingCharges(fx.test.ctx, provider);
    expect(await webhookOutcomes(fx.test, order.payNo)).toEqual(['credited']);
    await expectLedgerClean(fx.test);
  });

  it('the expiry job asks first: a charge paid before the end, not notified, is credited, not expired', async () => {
    const { player, order } = await openOrder(2_400n);
    await fx.emulator.payCob(order.payNo, { notify: false });
    // The order ends just after the payment: paid within its life, and over by the time the job runs.
    const end = new Date(Date.now() + 1);
    await fx.test.ctx.db
      .updateTable('orders')
      .set({ expires_at: end })
      .where('id', '=', BigInt(order.orderId))
      .execute();
    await fx.test.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1_000) })
      .where('unique_key', '=', `expire_deposit:${order.orderId}`)
      .execute();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(end.getTime()));
    await runJobsNow(fx.test);
    expect(await orderStatus(player.token, order.orderId)).toBe('10');
  });

  it('a payment made within the life but told after the expiry job ran is credited, not a refund', async () => {
    const { player, order } = await openOrder(2_500n);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    // The expiry job ran while the PSP had not told anyone yet.
    await fx.test.ctx.db
      .updateTable('orders')
      .set({ status: '-01' })
      .where('id', '=', BigInt(order.orderId))
      .execute();
    expect(await fx.emulator.notify([pix])).toBe(200);
    expect(await orderStatus(player.token, order.orderId)).toBe('10');
    expect(await webhookOutcomes(fx.test, order.payNo)).toEqual(['credited']);
    await expectLedgerClean(fx.test);
  });
});

describe('the emulator keeps to the standard', () => {
  it('PUT /cob answers 201; a repeated PUT alters an ATIVA cob (new revision); a CONCLUIDA one is refused', async () => {
    const { api, close } = pspClient();
    const txid = 'a'.repeat(30);
    const body = { calendario: { expiracao: 600 }, valor: { original: '10.00' }, chave: PSP.receiverKey };
    const first = await api.call<{ revisao: number }>('PUT', `/v2/cob/${txid}`, body);
    expect(first.revisao).toBe(0);
    expect(fx.emulator.exchanges!.at(-1)!.response.status).toBe(201);
    const again = await api.call<{ revisao: number; valor: { original: string } }>('PUT', `/v2/cob/${txid}`, {
      ...body,
      valor: { original: '11.00' },
    });
    expect(again).toMatchObject({ revisao: 1, valor: { original: '11.00' } });
    await fx.emulator.payCob(txid, { notify: false });
    const refused = await api.call('PUT', `/v2/cob/${txid}`, body).then(refusedOk, refusal);
    expect(refused).toBeInstanceOf(PixApiError);
    expect(JSON.parse(refused.body).type).toBe('https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida');
    close();
  });

  it('named problem types; a request that breaks the schema is refused with its violations', async () => {
    const { api, close } = pspClient();
    const missing = await api.call('GET', `/v2/cob/${'z'.repeat(30)}`).then(refusedOk, refusal);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).type).toBe('https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado');
    const bad = await api
      .call('PUT', `/v2/cob/${'b'.repeat(30)}`, { valor: { original: 10 }, chave: PSP.receiverKey })
      .then(refusedOk, refusal);
    expect(bad.status).toBe(400);
    const problem = JSON.parse(bad.body);
    expect(problem.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida');
    expect(problem.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual(
      expect.arrayContaining(['(corpo)', 'valor.original']),
    );
    close();
  });

  it('scopes are enforced per call: a cob.read token cannot create a cob (403 AcessoNegado)', async () => {
    const { api, close } = pspClient({ scope: 'cob.read' });
    const refused = await api
      .call('PUT', `/v2/cob/${'c'.repeat(30)}`, {
        calendario: { expiracao: 60 },
        valor: { original: '1.00' },
        chave: PSP.receiverKey,
      })
      .then(refusedOk, refusal);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).type).toBe('https://pix.bcb.gov.br/api/v2/error/AcessoNegado');
    close();
  });

  it('expiry as the standard: the status stays ATIVA, the expired cob cannot be paid', async () => {
    const { api, close } = pspClient();
    const txid = 'd'.repeat(30);
    await api.call('PUT', `/v2/cob/${txid}`, {
      calendario: { expiracao: 60 },
      valor: { original: '1.00' },
      chave: PSP.receiverKey,
    });
    fx.clock.offsetMs = 61_000;
    try {
      const cob = await api.call<{ status: string }>('GET', `/v2/cob/${txid}`);
      expect(cob.status).toBe('ATIVA');
      await expect(fx.emulator.payCob(txid, { notify: false })).rejects.toThrow();
    } finally {
      fx.clock.offsetMs = 0;
    }
    close();
  });

  it('the location JWS header is the standard example’s (alg, typ JWS, kid, jku, x5t)', () => {
    const cob = [...fx.emulator.cobs.values()][0]!;
    const [header] = fx.emulator.locationJws(cob.locId).split('.');
    const parsed = JSON.parse(Buffer.from(header!, 'base64url').toString());
    expect(Object.keys(parsed).sort()).toEqual(['alg', 'jku', 'kid', 'typ', 'x5t']);
    expect(parsed).toMatchObject({ alg: 'RS256', typ: 'JWS' });
  });

  it('every exchange of this file conforms to the schemas (requests received, answers sent)', () => {
    const exchanges = fx.emulator.exchanges!;
    expect(exchanges.length).toBeGreaterThan(20);
    const calls = new Set(exchanges.map((exchange) => exchange.call));
    for (const expected of [
      'POST /oauth/token',
      'PUT /cob',
      'GET /cob',
      'GET /pix/{e2eid}',
      'PUT /webhook',
    ]) {
      expect(calls).toContain(expected);
    }
    const wrong = schemaViolations(fx);
    expect(wrong).toEqual([]);
    expect(Object.keys(API_PIX_SCHEMAS).length).toBeGreaterThan(10);
  });
});
