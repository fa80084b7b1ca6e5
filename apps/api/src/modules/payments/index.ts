import { type PayMethod, PayMethodsAnswer, PixStatusAnswer } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../lib/webhook-signature.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { emulatorRoutes } from '../psp-emulator/emulator.routes.ts';
import { type EmulatedPayer, PspEmulator } from '../psp-emulator/emulator.ts';
import { type ApiPixProvider, apiPixProvider } from './apipix/apipix.provider.ts';
import { cardProvider } from './apipix/card.provider.ts';
import { efiPayoutRail } from './apipix/efi.payouts.ts';
import { pixAdminRoutes } from './apipix/pix-admin.routes.ts';
import { reconcileDay, refreshRefunds, returnPix, yesterdayInBrazil } from './apipix/pix-admin.service.ts';
import { httpsTransport, PixApiClient, type PixTransport } from './apipix/pix-http.ts';
import { pixPageRoutes } from './apipix/pix-page.routes.ts';
import { PAGE_SCRIPT } from './apipix/pix-page.ts';
import { parsePemBundle } from './apipix/webhook-auth.ts';
import { startWebhookListener } from './apipix/webhook-listener.ts';
import type { PaymentProvider, PayoutRail } from './provider.ts';

/** Where the in-process emulator answers (outside production, when PIX_API_URL is unset). */
export const EMULATOR_PREFIX = '/api/pay/emulator';

/** The PSP's API reached through the app itself: the in-process emulator, same client code as over HTTPS. */
function injectTransport(app: TypedApp): PixTransport {
  return async (request) => {
    const response = await app.inject({
      method: request.method,
      url: EMULATOR_PREFIX + request.path,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: response.statusCode, body: response.body };
  };
}

/** What the payer's bank does at the in-process emulator (tests and scripts; the payer page is its face). */
export interface EmulatedPayerBank {
  /** Pays the charge of this txid from `payer` (the cob's devedor by default): the PSP then notifies us. */
  pay(txid: string, payer?: EmulatedPayer): Promise<'paid' | 'already_paid' | 'expired' | 'unknown'>;
  /** Registers a Pix key in the emulated PSP's DICT as held by the person with this CPF. */
  registerKey(key: string, ownerCpf: string): void;
}

export interface PaymentProviders {
  /** Every provider whose webhooks we accept. */
  providers: PaymentProvider[];
  /** The provider new deposits are charged through (PAYMENTS_PROVIDER). */
  deposit: PaymentProvider;
  /** Card deposits through the PSP's hosted checkout (PAYMENTS_CARDS), for packages of the card channel. */
  card?: PaymentProvider;
  /** The rail withdrawals are paid out through: Efí's send-Pix, at the PSP or at the in-process emulator. */
  payouts: PayoutRail;
  apipix?: ApiPixProvider;
  /** The emulated PSP served by this server (outside production, apipix without PIX_API_URL). */
  emulator?: PspEmulator;
  /** The emulated payer's bank (tests, scripts); its calls throw when the PSP is a real one. */
  payer: EmulatedPayerBank;
  close(): void;
}

/** The in-process PSP emulator (outside production, or a demonstration), Efí's flavour: it also pays withdrawals. */
function openEmulator(app: TypedApp, ctx: AppContext): PspEmulator {
  const { pix } = ctx.config;
  // Production without a PSP (PAYMENTS_PROVIDER and PIX_API_URL unset) is a demonstration: the emulator takes
  // charges but nobody can pay them (no payer page, no controls), as the removed sandbox's pages were not served.
  if (ctx.config.isProduction) ctx.log.warn('no PSP configured (PIX_API_URL unset): deposits cannot be paid');
  return new PspEmulator({
    clientId: pix.clientId,
    clientSecret: pix.clientSecret,
    receiverKey: pix.receiverKey,
    webhookSecret: pix.webhookSecret,
    ...localLocation(ctx.config.publicUrl),
    // In process there is no TLS between the emulator and us: its deliveries carry the HMAC option instead.
    webhookHmac: true,
    // Efí's PSP, as withdrawals are paid through its send-Pix: the webhook registration's two test POSTs, and the
    // sent-Pix notices on the Pix webhook.
    flavor: 'efi',
    checkoutBase: EMULATOR_PREFIX,
    deliver: async (url, rawBody, headers, { withCertificate }) => {
      const response = await app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        payload: rawBody,
        headers: withCertificate ? signedInProcess(pix.webhookSecret, rawBody, headers) : headers,
      });
      return response.statusCode;
    },
  });
}

/** PAYMENTS_PROVIDER=apipix: the API Pix client over mTLS, or over the in-process emulator in development. */
function openApiPix(app: TypedApp, ctx: AppContext) {
  const { pix } = ctx.config;
  let emulator: PspEmulator | undefined;
  let transport: PixTransport & { close?(): void };
  if (pix.apiUrl) {
    transport = httpsTransport({
      baseUrl: pix.apiUrl,
      cert: pix.cert,
      key: pix.certKey,
      ca: pix.ca,
      timeoutMs: pix.timeoutMs,
    });
  } else {
    emulator = openEmulator(app, ctx);
    transport = injectTransport(app);
    // In process, our webhook is known from the start (a server also registers it with PUT /webhook at start).
    emulator.webhooks.set(pix.receiverKey, pix.webhookUrl);
  }
  const client = new PixApiClient(transport, {
    clientId: pix.clientId,
    clientSecret: pix.clientSecret,
    tokenPath: emulator ? '/oauth/token' : pix.tokenPath,
    tokenFormat: emulator ? 'form' : pix.tokenFormat,
    scope: pix.scope,
  });
  const provider = apiPixProvider({
    client,
    apiPath: emulator ? '/v2' : pix.apiPath,
    receiverKey: pix.receiverKey,
    webhookSecret: pix.webhookSecret,
    webhookTrusted: pix.webhookCa ? parsePemBundle(pix.webhookCa) : [],
    webhookCertHeader: pix.webhookClientCertHeader,
    webhookUrl: pix.webhookUrl,
    merchantName: pix.merchantName,
    merchantCity: pix.merchantCity,
    onNotices: async ({ refunds, payouts }) => {
      if (refunds.length > 0) await scheduleJob(ctx.db, 'refresh_pix_refunds', {});
      for (const idEnvio of payouts) {
        const attempt = await ctx.db
          .selectFrom('payout_attempts')
          .select('order_id')
          .where('id_envio', '=', idEnvio)
          .executeTakeFirst();
        if (!attempt) continue;
        await scheduleJob(ctx.db, 'check_payout', { orderId: attempt.order_id.toString() });
      }
    },
  });
  const rail = efiPayoutRail({ client, payerKey: pix.receiverKey, log: ctx.log });
  const card = pix.cards
    ? cardProvider({
        client,
        webhookSecret: pix.webhookSecret,
        notificationUrl: pix.webhookUrl.replace(/\/apipix$/, '/card'),
        log: ctx.log,
      })
    : undefined;
  return { provider, rail, card, emulator, client, close: () => transport.close?.() };
}

/**
 * In process, the HMAC option stands for the PSP's client certificate: a delivery "with a certificate" (Efí's
 * registration test POST has no signature of its own) is signed; one without stays unsigned, and is refused.
 */
function signedInProcess(secret: string, rawBody: string, headers: Record<string, string>) {
  if (headers[SIGNATURE_HEADER]) return headers;
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    ...headers,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signWebhook(secret, timestamp, rawBody),
  };
}

/**
 * Where the in-process emulator's BR Code locations point. A location is a host name with a dot, no port, then a
 * path, at most 77 characters (the BR Code's field 25): a server reached that way (PUBLIC_URL such as
 * https://staging.example.com) names itself, so the location read there answers the emulator's signed JWS; on a
 * development machine (localhost:3000) the emulator's nominal host stands in, and this server answers its path
 * under /api/pay/emulator (the payer page resolves it there, as /etc/hosts would).
 */
function localLocation(publicUrl: string): { locationBase?: string; locationScheme?: 'http' | 'https' } {
  const url = new URL(publicUrl);
  const locationBase = `${url.hostname}${EMULATOR_PREFIX}`;
  if (url.port !== '' || !url.hostname.includes('.') || /^[\d.]+$/.test(url.hostname)) return {};
  if (`${locationBase}/qr/v2/`.length + 32 > 77) return {};
  return { locationBase, locationScheme: url.protocol === 'http:' ? 'http' : 'https' };
}

/** The emulated payer's bank: the old "simulate payment" of tests, now a Pix paid at the emulator. */
function payerBank(emulator: PspEmulator): EmulatedPayerBank {
  return {
    async pay(txid: string, payer?: EmulatedPayer) {
      const cob = emulator.cobs.get(txid);
      if (!cob) return 'unknown' as const;
      if (cob.status === 'CONCLUIDA') return 'already_paid' as const;
      if (cob.status !== 'ATIVA' || emulator.expired(cob)) return 'expired' as const;
      await emulator.payCob(txid, payer ? { pagador: payer } : {});
      return 'paid' as const;
    },
    registerKey: (key: string, ownerCpf: string) => emulator.registerKey(key, ownerCpf),
  };
}

/**
 * The payment providers the wallet uses: the API Pix adapter (PAYMENTS_PROVIDER=apipix, the only one), against
 * the PSP at PIX_API_URL or, outside production without it, against the emulator this server runs. Withdrawals go
 * through Efí's send-Pix on the same client, against the same PSP or emulator (decision 0066).
 */
export function openPaymentProviders(app: TypedApp, ctx: AppContext): PaymentProviders {
  const apipix = openApiPix(app, ctx);
  const { emulator } = apipix;
  // Whose key is this: Efí publishes no DICT lookup, so with a real PSP only a key of the KYC CPF itself is paid
  // (modules/rg/payout.rules.ts). The emulated PSP owns a DICT, as every PSP does inside the Pix system, and tells
  // the development server and the tests who holds a key registered there.
  const deposit: PaymentProvider = emulator
    ? {
        ...apipix.provider,
        resolveKey: async (keyType, key) => ({ ownerCpf: emulator.keyOwner(keyType, key) }),
      }
    : apipix.provider;
  return {
    providers: [deposit, ...(apipix.card ? [apipix.card] : [])],
    deposit,
    card: apipix.card,
    payouts: apipix.rail,
    apipix: apipix.provider,
    emulator,
    payer: emulator
      ? payerBank(emulator)
      : {
          pay: () => Promise.reject(new Error('no emulated PSP: PIX_API_URL names a real one')),
          registerKey: () => {
            throw new Error('no emulated PSP: PIX_API_URL names a real one');
          },
        },
    close: apipix.close,
  };
}

/** Once a day is enough; the loop only checks hourly whether yesterday was reconciled yet. */
const RECONCILE_CHECK_MS = 3_600_000;
/** Open PIX charges are asked about this often (GET /cob/{txid}): a lost webhook costs at most this delay. */
export const PIX_POLL_MS = 60_000;

/**
 * The payment page and its script, the webhook registration at start, the in-process emulator (development), the
 * charge poll, the daily reconciliation, the back office's refunds and the automatic returns (br-licensed).
 */
export const register: RegisterModule = async (app, ctx) => {
  app.get('/api/pay/page.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(PAGE_SCRIPT),
  );
  app.addHook('onClose', async () => ctx.payments.close());
  // The footer's payment marks: only what is configured. PIX always; never USDT (Efí's send-Pix cannot pay a
  // TRC-20 address, decision 0066) nor boleto.
  const methods: PayMethod[] = ['pix', ...(ctx.payments.card ? (['card'] as const) : [])];
  // br-licensed: PIX only (ordinance SPA/MF 615/2024 forbids cards and crypto; decision 0025).
  if (ctx.config.regulatoryProfile === 'br-licensed') methods.splice(1);
  app.get(
    '/api/app/main/payMethods',
    { schema: { tags: ['payments'], response: { 200: Envelope(PayMethodsAnswer) } } },
    async () => ok(methods),
  );
  const { apipix, emulator } = ctx.payments;
  // The back office's PIX page asks this before the PSP's routes, which exist only with a PSP.
  app.get(
    '/api/admin/pix/status',
    {
      onRequest: makeOperatorGuard(ctx).allow('deposits'),
      schema: { tags: ['admin'], response: { 200: Envelope(PixStatusAnswer) } },
    },
    async () => ok({ configured: apipix !== undefined }),
  );
  if (!apipix) return;
  // The payer's side (payer page, pay controls) only outside production: in production nobody pays the emulator.
  const payable = ctx.config.isProduction ? undefined : emulator;
  if (emulator) emulatorRoutes(app, emulator, EMULATOR_PREFIX, payable !== undefined);
  pixPageRoutes(app, ctx, payable, EMULATOR_PREFIX);
  pixAdminRoutes(app, ctx, makeOperatorGuard(ctx), apipix);
  ctx.jobs.add({
    register_pix_webhook: async () => apipix.registerWebhook(),
    reconcile_pix: async (_ctx, payload) => {
      await reconcileDay(ctx, apipix, String(payload.day));
      await refreshRefunds(ctx, apipix);
    },
    refresh_pix_refunds: async () => refreshRefunds(ctx, apipix),
    // br-licensed: a deposit paid from another CPF goes back to its payer (wallet/deposits.service.ts).
    return_pix: async (_ctx, payload) => {
      const event = await ctx.db
        .selectFrom('webhook_events')
        .select('provider')
        .where('id', '=', BigInt(String(payload.eventId)))
        .executeTakeFirst();
      const provider = ctx.payments.providers.find((candidate) => candidate.name === event?.provider);
      if (provider) await returnPix(ctx, provider, BigInt(String(payload.eventId)));
    },
  });
  // The standard's receiving end without a proxy: our own mTLS listener for the PSP (PIX_WEBHOOK_MTLS_PORT).
  const { webhookMtls, webhookCa } = ctx.config.pix;
  if (webhookMtls && webhookCa) {
    const listener = await startWebhookListener(app, { ...webhookMtls, ca: webhookCa });
    app.addHook('onClose', async () => listener.close());
  }
  // Durable and retried: the PSP may be unreachable at the moment we start.
  await scheduleJob(ctx.db, 'register_pix_webhook', {}, { uniqueKey: `register_pix_webhook:${Date.now()}` });
  ctx.background.every({
    name: 'pix-charge-poll',
    intervalMs: PIX_POLL_MS,
    tick: async () => {
      const slot = Math.floor(Date.now() / PIX_POLL_MS);
      // Run by wallet (wallet/pix-poll.ts), which credits what the PSP says is paid.
      await scheduleJob(ctx.db, 'poll_pix_charges', {}, { uniqueKey: `poll_pix_charges:${slot}` });
    },
  });
  ctx.background.every({
    name: 'pix-reconciliation',
    intervalMs: RECONCILE_CHECK_MS,
    tick: async () => {
      const day = yesterdayInBrazil();
      await scheduleJob(ctx.db, 'reconcile_pix', { day }, { uniqueKey: `reconcile_pix:${day}` });
    },
  });
};
