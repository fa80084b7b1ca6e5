import { createPublicKey, verify } from 'node:crypto';
import { hasValidBrCodeCrc } from '@aposta/brazil';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/lib/webhook-signature.ts';
import { httpsTransport, PixApiClient } from '../../src/modules/payments/apipix/pix-http.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  balances,
  call,
  expectLedgerClean,
  newPlayer,
  type Player,
  packageOf,
  prePay,
  webhookOutcomes,
} from '../wallet/helpers.ts';
import { type ApiPixFixture, apiPixFixture, PSP, schemaViolations, WEBHOOK_URL } from './fixture.ts';

/**
 * PAYMENTS_PROVIDER=apipix against the PSP emulator over real HTTPS with mutual TLS (api-contract section 18): the
 * charge, the payment page and the BR Code's signed location, the confirmed webhook, OAuth2 tokens reused and
 * renewed, refusals of forged or unconfirmed deliveries.
 */
let fx: ApiPixFixture;
// The fixture (certificates, two servers, the Efí-style webhook registration) is slow on a loaded machine.
beforeAll(async () => {
  fx = await apiPixFixture();
}, 120_000);
afterAll(async () => fx.close());

const status = async (player: Player, orderId: number) =>
  (await call(fx.test, 'GET', `/api/app/order/getStatus/${orderId}`, player.token)).data.status;

describe(`API Pix provider over mTLS (${TEST_DATABASE})`, () => {
  async function openOrder(cents: bigint) {
    const player = await newPlayer(fx.test);
    const order = await prePay(fx.test, player, await packageOf(fx.test, cents), 0);
    return { player, order };
  }

  function signed(rawBody: string, secret = PSP.webhookSecret) {
    const timestamp = Math.floor(Date.now() / 1000);
    return fx.test.app.inject({
      method: 'POST',
      url: '/api/pay/webhook/apipix/pix',
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signWebhook(secret, timestamp, rawBody),
      },
    });
  }

  it('says which payment methods are configured: PIX and card, no USDT through a PSP’s send-Pix', async () => {
    const answer = await call(fx.test, 'GET', '/api/app/main/payMethods');
    expect(answer.data).toEqual(['pix', 'card']);
  });

  it('registers its webhook with the PSP at start (PUT /webhook/{chave})', () => {
    expect(fx.emulator.webhooks.get(PSP.receiverKey)).toBe(WEBHOOK_URL);
  });

  it('charges with PUT /cob/{txid}: amount, 1800 s, our key; the page shows the PSP’s copia e cola', async () => {
    const { order } = await openOrder(4_250n);
    expect(order.url).toBe(`/api/pay/pix/${order.payNo}`);
    const cob = fx.emulator.cobs.get(order.payNo)!;
    expect(cob).toMatchObject({
      valorCents: 4_250n,
      expiracao: 1800,
      chave: PSP.receiverKey,
      status: 'ATIVA',
    });
    const brCode = fx.emulator.cobJson(cob).pixCopiaECola;
    const page = await fx.test.app.inject({ method: 'GET', url: order.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('R$ 42,50');
    expect(page.body).toContain(brCode);
    expect(page.body).toContain('<svg');
    // Production page: no "simulate" button against a real PSP.
    expect(page.body).not.toContain('Simular pagamento');
    expect(hasValidBrCodeCrc(brCode!)).toBe(true);
    expect(brCode).toContain(fx.emulator.location(cob));
  });

  it('the BR Code location answers the charge as a JWS signed by the PSP', async () => {
    const { order } = await openOrder(1_999n);
    const cob = fx.emulator.cobs.get(order.payNo)!;
    const location = fx.emulator.location(cob);
    const transport = httpsTransport({
      baseUrl: fx.pspUrl,
      cert: fx.pki.clientCert,
      key: fx.pki.clientKey,
      ca: fx.pki.ca,
      timeoutMs: 2_000,
    });
    const answer = await transport({
      method: 'GET',
      path: location.slice(location.indexOf('/')),
      headers: {},
    });
    transport.close();
    expect(answer.status).toBe(200);
    const [header, payload, signature] = answer.body.split('.');
    const key = createPublicKey({ key: fx.emulator.publicJwk, format: 'jwk' });
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, 'base64url')),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'RS256' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({
      txid: order.payNo,
      valor: { original: '19.99' },
      chave: PSP.receiverKey,
      status: 'ATIVA',
    });
  });

  it('names the payer (devedor) from KYC when the player has passed it', async () => {
    const player = await newPlayer(fx.test);
    await fx.test.ctx.db
      .updateTable('users')
      .set({ kyc: 1, kyc_name: 'Maria da Silva', kyc_cpf: '52998224725' })
      .where('id', '=', player.userId)
      .execute();
    const order = await prePay(fx.test, player, await packageOf(fx.test, 3_000n), 0);
    expect(fx.emulator.cobs.get(order.payNo)!.devedor).toEqual({
      cpf: '52998224725',
      nome: 'Maria da Silva',
    });
  });

  it('credits a payment once the PSP confirms it with GET /pix/{e2eid}; a redelivery changes nothing', async () => {
    const { player, order } = await openOrder(5_000n);
    const { pix, delivered } = await fx.emulator.payCob(order.payNo);
    expect(delivered).toBe(200);
    expect(await status(player, order.orderId)).toBe('10');
    expect(await balances(fx.test, player)).toEqual({ balance: 50, freeBalance: 0 });
    expect(await fx.emulator.notify([pix])).toBe(200);
    expect(await balances(fx.test, player)).toEqual({ balance: 50, freeBalance: 0 });
    expect(await webhookOutcomes(fx.test, order.payNo)).toEqual(['credited', 'duplicate']);
    await expectLedgerClean(fx.test);
  });

  it('refuses a forged delivery (not signed by the PSP): 401, nothing credited', async () => {
    const { player, order } = await openOrder(7_000n);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    const body = JSON.stringify({
      pix: [
        { endToEndId: pix.endToEndId, txid: order.payNo, valor: '70.00', horario: new Date().toISOString() },
      ],
    });
    const forged = await signed(body, 'somebody-else-secret-123');
    expect(forged.statusCode).toBe(401);
    expect(await status(player, order.orderId)).toBe('00');
    // The genuine delivery still credits.
    expect((await signed(body)).statusCode).toBe(200);
    expect(await status(player, order.orderId)).toBe('10');
  });

  it('refuses a signed delivery that GET /pix does not confirm: unknown e2e, other txid, other amount', async () => {
    const { player, order } = await openOrder(8_000n);
    const { pix } = await fx.emulator.payCob(order.payNo, { notify: false });
    const other = await openOrder(8_000n);
    const horario = new Date().toISOString();
    const cases = [
      { endToEndId: 'E99999999202601010000abcdefghijk', txid: order.payNo, valor: '80.00', horario },
      { endToEndId: pix.endToEndId, txid: other.order.payNo, valor: '80.00', horario },
      { endToEndId: pix.endToEndId, txid: order.payNo, valor: '800.00', horario },
    ];
    for (const item of cases) {
      const response = await signed(JSON.stringify({ pix: [item] }));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.outcomes).toEqual(['unconfirmed']);
    }
    expect(await status(player, order.orderId)).toBe('00');
    expect(await status(other.player, other.order.orderId)).toBe('00');
    expect(await balances(fx.test, player)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it('cancelling a deposit removes the cob at the PSP (PATCH), and a paid one is a 409', async () => {
    const { player, order } = await openOrder(2_000n);
    const cancelled = await call(fx.test, 'POST', `/api/app/order/cancel/${order.orderId}`, player.token);
    expect(cancelled.http).toBe(200);
    expect(fx.emulator.cobs.get(order.payNo)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const paid = await openOrder(2_000n);
    await fx.emulator.payCob(paid.order.payNo, { notify: false });
    const refused = await call(
      fx.test,
      'POST',
      `/api/app/order/cancel/${paid.order.orderId}`,
      paid.player.token,
    );
    expect(refused.http).toBe(409);
  });
});

describe('OAuth2 client credentials over mTLS', () => {
  function client(cert?: { cert: string; key: string }) {
    const transport = httpsTransport({
      baseUrl: fx.pspUrl,
      cert: cert?.cert,
      key: cert?.key,
      ca: fx.pki.ca,
      timeoutMs: 2_000,
    });
    const api = new PixApiClient(transport, {
      clientId: PSP.clientId,
      clientSecret: PSP.clientSecret,
      tokenPath: '/oauth/token',
      now: () => Date.now() + fx.clock.offsetMs,
    });
    return { api, close: () => transport.close() };
  }

  it('reuses a token until it expires, then fetches a new one; a token revoked early is renewed once', async () => {
    const { api, close } = client({ cert: fx.pki.clientCert, key: fx.pki.clientKey });
    const issuedBefore = fx.emulator.tokensIssued;
    await api.call('PUT', `/v2/webhook/${encodeURIComponent(PSP.receiverKey)}`, { webhookUrl: WEBHOOK_URL });
    await api.call('PUT', `/v2/webhook/${encodeURIComponent(PSP.receiverKey)}`, { webhookUrl: WEBHOOK_URL });
    expect(api.tokensFetched).toBe(1);
    expect(fx.emulator.tokensIssued).toBe(issuedBefore + 1);
    // An hour later the token (3600 s) is dead: the client renews before calling.
    fx.clock.offsetMs = 3_600_000;
    await api.call('PUT', `/v2/webhook/${encodeURIComponent(PSP.receiverKey)}`, { webhookUrl: WEBHOOK_URL });
    expect(api.tokensFetched).toBe(2);
    fx.clock.offsetMs = 0;
    // The PSP forgets every token (revoked, restarted): one 401, one renewal, the call succeeds.
    fx.emulator.tokens.clear();
    await api.call('PUT', `/v2/webhook/${encodeURIComponent(PSP.receiverKey)}`, { webhookUrl: WEBHOOK_URL });
    expect(api.tokensFetched).toBe(3);
    close();
  });

  it('the PSP refuses a client without a certificate, or with one from another CA, at the TLS handshake', async () => {
    for (const cert of [undefined, { cert: fx.pki.strangerCert, key: fx.pki.strangerKey }]) {
      const { api, close } = client(cert);
      await expect(api.call('GET', '/v2/cob/abcdefghijklmnopqrstuvwxyz0')).rejects.toThrow();
      close();
    }
  });

  it('refuses wrong client credentials', async () => {
    const transport = httpsTransport({
      baseUrl: fx.pspUrl,
      cert: fx.pki.clientCert,
      key: fx.pki.clientKey,
      ca: fx.pki.ca,
      timeoutMs: 2_000,
    });
    const api = new PixApiClient(transport, {
      clientId: PSP.clientId,
      clientSecret: 'wrong',
      tokenPath: '/oauth/token',
    });
    await expect(api.call('GET', '/v2/cob/abcdefghijklmnopqrstuvwxyz0')).rejects.toThrow(/401/);
    transport.close();
  });
});

describe('card deposits through the PSP’s hosted checkout with 3-D Secure', () => {
  async function cardOrder(cents: bigint) {
    const player = await newPlayer(fx.test);
    const pkgId = await packageOf(fx.test, cents);
    await fx.test.ctx.db
      .updateTable('price_packages')
      .set({ channel: 'card', curreny: 'BRL' })
      .where('pkg_id', '=', BigInt(pkgId))
      .execute();
    const prices = await call(fx.test, 'GET', '/api/app/order/getPrices', player.token);
    expect(prices.data.find((pkg: { pkgId: number }) => pkg.pkgId === pkgId)).toMatchObject({
      channel: 'card',
    });
    const order = await prePay(fx.test, player, pkgId, 0);
    return { player, order };
  }

  /** The payer's browser at the PSP's pages. */
  async function browse(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const transport = httpsTransport({
      baseUrl: fx.pspUrl,
      cert: fx.pki.clientCert,
      key: fx.pki.clientKey,
      ca: fx.pki.ca,
      timeoutMs: 3_000,
    });
    try {
      return await transport({
        method,
        path: new URL(url).pathname,
        headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
    } finally {
      transport.close();
    }
  }

  // A debit card (the emulator's BIN table): deposits take debit cards only (decision 0066).
  const card = { number: '4000 0566 5566 5556', expiry: '12/30', cvv: '123', name: 'MARIA DA SILVA' };
  const creditCard = { ...card, number: '4111 1111 1111 1111' };

  it('a credit card is refused at the checkout with a clear message, and nothing is charged or credited', async () => {
    const { player, order } = await cardOrder(12_000n);
    const page = await browse('GET', order.url);
    expect(page.body).toContain('Somente cartão de débito');
    const refused = await browse('POST', order.url, creditCard);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Este pagamento aceita somente cartão de débito');
    expect(fx.emulator.cards.byReference(order.payNo).status).toBe('open');
    expect(await status(player, order.orderId)).toBe('00');
    expect(await balances(fx.test, player)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it('a PSP that charges a credit card all the same: its answer is refused, nothing is credited', async () => {
    const { player, order } = await cardOrder(13_000n);
    fx.emulator.cards.byReference(order.payNo).ignoreFunding = true;
    await browse('POST', order.url, creditCard);
    const result = await browse('POST', `${order.url}/3ds`, { code: '123456' });
    expect(result.body).toContain('Pagamento aprovado');
    expect(fx.emulator.cards.byReference(order.payNo).cardFunding).toBe('credit');
    expect(await webhookOutcomes(fx.test, order.payNo)).toEqual(['unconfirmed']);
    expect(await status(player, order.orderId)).toBe('00');
    expect(await balances(fx.test, player)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it('pays by card: checkout page, 3-D Secure code, the PSP notifies, GET confirms, the order is credited', async () => {
    const { player, order } = await cardOrder(15_000n);
    expect(order.url).toMatch(new RegExp(`^${fx.pspUrl}/checkout/chk_`));
    const page = await browse('GET', order.url);
    expect(page.body).toContain('Pagamento com cartão');
    expect(page.body).toContain('150,00');
    const challenge = await browse('POST', order.url, card);
    expect(challenge.body).toContain('3-D Secure');
    expect(challenge.body).toContain('final 5556');
    const result = await browse('POST', `${order.url}/3ds`, { code: '123456' });
    expect(result.body).toContain('Pagamento aprovado');
    expect(await status(player, order.orderId)).toBe('10');
    expect(await balances(fx.test, player)).toEqual({ balance: 150, freeBalance: 0 });
    expect(await webhookOutcomes(fx.test, order.payNo)).toEqual(['credited']);
    await expectLedgerClean(fx.test);
  });

  it('a failed 3-D Secure authentication credits nothing; a notification claiming it paid is not confirmed', async () => {
    const { player, order } = await cardOrder(9_000n);
    await browse('POST', order.url, card);
    const result = await browse('POST', `${order.url}/3ds`, { code: '000000' });
    expect(result.body).toContain('A autenticação 3-D Secure falhou');
    expect(await status(player, order.orderId)).toBe('00');
    const checkout = fx.emulator.cards.byReference(order.payNo);
    expect(checkout.status).toBe('failed');
    // A signed notification that says otherwise is checked with the PSP and refused.
    const lie = JSON.stringify({
      type: 'checkout.updated',
      checkout: {
        id: checkout.id,
        reference: order.payNo,
        amount: 9000,
        status: 'paid',
        paidAt: new Date().toISOString(),
      },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fx.test.app.inject({
      method: 'POST',
      url: '/api/pay/webhook/card',
      payload: lie,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signWebhook(PSP.webhookSecret, timestamp, lie),
      },
    });
    expect(response.json().data.outcomes).toEqual(['unconfirmed']);
    expect(await balances(fx.test, player)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it('a PSP answer with an amount in fractions of centavos or an unreadable paidAt is not credited (no 500)', async () => {
    for (const answerAs of [{ amount: 9000.5 }, { paidAt: 'ontem à tarde' }]) {
      const { player, order } = await cardOrder(9_000n);
      await browse('POST', order.url, card);
      const checkout = fx.emulator.cards.byReference(order.payNo);
      checkout.answerAs = answerAs;
      await browse('POST', `${order.url}/3ds`, { code: '123456' });
      expect(checkout.status).toBe('paid');
      const notification = JSON.stringify({
        type: 'checkout.updated',
        checkout: {
          id: checkout.id,
          reference: order.payNo,
          amount: 9000,
          status: 'paid',
          paidAt: new Date().toISOString(),
        },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fx.test.app.inject({
        method: 'POST',
        url: '/api/pay/webhook/card',
        payload: notification,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': String(timestamp),
          'x-webhook-signature': signWebhook(PSP.webhookSecret, timestamp, notification),
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.outcomes).toEqual(['unconfirmed']);
      expect(await status(player, order.orderId)).toBe('00');
      expect(await balances(fx.test, player)).toEqual({ balance: 0, freeBalance: 0 });
    }
  });

  it('a declined card fails at once, and cancelling the order cancels the checkout', async () => {
    const { player, order } = await cardOrder(5_000n);
    const declined = await browse('POST', order.url, { ...card, number: '4000 0000 0000 0002' });
    expect(declined.body).toContain('O banco emissor recusou o cartão');
    const other = await cardOrder(5_000n);
    const cancelled = await call(
      fx.test,
      'POST',
      `/api/app/order/cancel/${other.order.orderId}`,
      other.player.token,
    );
    expect(cancelled.http).toBe(200);
    expect(fx.emulator.cards.byReference(other.order.payNo).status).toBe('cancelled');
    expect(await status(player, order.orderId)).toBe('00');
  });
});

describe('the emulator, held to the published schemas', () => {
  it('every request it accepted and every answer it sent in this file conforms (openapi 2.9.0, Efí)', () => {
    expect(fx.emulator.exchanges!.length).toBeGreaterThan(5);
    expect(schemaViolations(fx)).toEqual([]);
  });
});
