import { type PayMethod, PayMethodsAnswer, PixStatusAnswer } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../lib/webhook-signature.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { emulatorRoutes } from '../psp-emulator/emulator.routes.ts';
import { PspEmulator } from '../psp-emulator/emulator.ts';
import { type ApiPixProvider, apiPixProvider } from './apipix/apipix.provider.ts';
import { cardProvider } from './apipix/card.provider.ts';
import { efiPayoutRail } from './apipix/efi.payouts.ts';
import { pixAdminRoutes } from './apipix/pix-admin.routes.ts';
import { reconcileDay, refreshRefunds, yesterdayInBrazil } from './apipix/pix-admin.service.ts';
import { httpsTransport, PixApiClient, type PixTransport } from './apipix/pix-http.ts';
import { pixPageRoutes } from './apipix/pix-page.routes.ts';
import { parsePemBundle } from './apipix/webhook-auth.ts';
import { startWebhookListener } from './apipix/webhook-listener.ts';
import type { PaymentProvider, PayoutRail } from './provider.ts';
import { type SandboxProvider, sandboxPayoutRail, sandboxProvider } from './sandbox.provider.ts';
import { PAGE_SCRIPT, sandboxRoutes } from './sandbox.routes.ts';

const SANDBOX_WEBHOOK_URL = '/api/pay/webhook/sandbox';
const REDELIVERY_DELAY_MS = 5000;

/** Sends a signed webhook body to our own webhook route through the full HTTP pipeline; true when accepted. */
async function deliverToSelf(app: TypedApp, rawBody: string, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_URL,
    payload: rawBody,
    headers: { ...headers, 'content-type': 'application/json' },
  });
  return response.statusCode;
}

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

export interface PaymentProviders {
  sandbox: SandboxProvider;
  /** Every provider whose webhooks we accept. */
  providers: PaymentProvider[];
  /** The provider new deposits are charged through (PAYMENTS_PROVIDER). */
  deposit: PaymentProvider;
  /** Card deposits through the PSP's hosted checkout (PAYMENTS_CARDS), for packages of the card channel. */
  card?: PaymentProvider;
  /** The rail withdrawals are paid out through. */
  payouts: PayoutRail;
  apipix?: ApiPixProvider;
  /** The emulated PSP served by this server (outside production, apipix without PIX_API_URL). */
  emulator?: PspEmulator;
  close(): void;
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
    if (ctx.config.isProduction) throw new Error('PAYMENTS_PROVIDER=apipix needs PIX_API_URL in production');
    emulator = new PspEmulator({
      clientId: pix.clientId,
      clientSecret: pix.clientSecret,
      receiverKey: pix.receiverKey,
      webhookSecret: pix.webhookSecret,
      // In process there is no TLS between the emulator and us: its deliveries carry the HMAC option instead.
      webhookHmac: true,
      checkoutBase: EMULATOR_PREFIX,
      deliver: async (url, rawBody, headers) => {
        const response = await app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          payload: rawBody,
          headers,
        });
        return response.statusCode;
      },
    });
    transport = injectTransport(app);
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
  const rail =
    pix.payouts === 'efi' ? efiPayoutRail({ client, payerKey: pix.receiverKey, log: ctx.log }) : undefined;
  const card = pix.cards
    ? cardProvider({
        client,
        webhookSecret: pix.webhookSecret,
        notificationUrl: pix.webhookUrl.replace(/\/apipix$/, '/card'),
      })
    : undefined;
  return { provider, rail, card, emulator, client, close: () => transport.close?.() };
}

/**
 * The payment providers the wallet uses. The sandbox PSP confirms payments by calling our webhook, as a real
 * PSP does; a failed delivery is retried by a durable job, as a real PSP retries.
 */
export function openPaymentProviders(app: TypedApp, ctx: AppContext): PaymentProviders {
  const sandbox: SandboxProvider = sandboxProvider({
    db: ctx.db,
    secret: ctx.config.webhookSecret,
    deliver: () => async (rawBody, headers) => {
      const status = await deliverToSelf(app, rawBody, headers);
      if (status !== 200) {
        await scheduleJob(
          ctx.db,
          'redeliver_sandbox_webhook',
          { rawBody },
          { runAt: new Date(Date.now() + REDELIVERY_DELAY_MS) },
        );
      }
      return status === 200;
    },
  });
  const sandboxRail = sandboxPayoutRail(sandbox);
  if (ctx.config.paymentsProvider !== 'apipix') {
    return { sandbox, providers: [sandbox], deposit: sandbox, payouts: sandboxRail, close: () => {} };
  }
  const apipix = openApiPix(app, ctx);
  return {
    sandbox,
    providers: [sandbox, apipix.provider, ...(apipix.card ? [apipix.card] : [])],
    deposit: apipix.provider,
    card: apipix.card,
    payouts: apipix.rail ?? sandboxRail,
    apipix: apipix.provider,
    emulator: apipix.emulator,
    close: apipix.close,
  };
}

/** Once a day is enough; the loop only checks hourly whether yesterday was reconciled yet. */
const RECONCILE_CHECK_MS = 3_600_000;
/** Open PIX charges are asked about this often (GET /cob/{txid}): a lost webhook costs at most this delay. */
export const PIX_POLL_MS = 60_000;

/**
 * The sandbox PSP's retries and, outside production, its own payment pages; with PAYMENTS_PROVIDER=apipix the
 * payment page, the webhook registration at start, the in-process emulator (development), the daily
 * reconciliation and the back office's refunds.
 */
export const register: RegisterModule = async (app, ctx) => {
  ctx.jobs.add({
    redeliver_sandbox_webhook: async (_ctx, payload) => {
      const rawBody = String(payload.rawBody);
      // Signed afresh: the first delivery's timestamp is stale by now.
      const timestamp = Math.floor(Date.now() / 1000);
      const status = await deliverToSelf(app, rawBody, {
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(ctx.config.webhookSecret, timestamp, rawBody),
      });
      if (status !== 200) throw new Error(`webhook redelivery answered ${status}`);
    },
  });
  app.get('/api/pay/page.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(PAGE_SCRIPT),
  );
  if (!ctx.config.isProduction) sandboxRoutes(app, ctx, ctx.payments.sandbox);
  app.addHook('onClose', async () => ctx.payments.close());
  // The footer's payment marks: only what is configured. PIX always; USDT payouts only through the sandbox's
  // rail (a PSP's send-Pix cannot pay a TRC-20 address); boleto never.
  const methods: PayMethod[] = [
    'pix',
    ...(ctx.payments.card ? (['card'] as const) : []),
    ...(ctx.payments.payouts.name === 'sandbox' ? (['usdt'] as const) : []),
  ];
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
  if (emulator) emulatorRoutes(app, emulator, EMULATOR_PREFIX, true);
  pixPageRoutes(app, ctx, emulator);
  pixAdminRoutes(app, ctx, makeOperatorGuard(ctx), apipix);
  ctx.jobs.add({
    register_pix_webhook: async () => apipix.registerWebhook(),
    reconcile_pix: async (_ctx, payload) => {
      await reconcileDay(ctx, apipix, String(payload.day));
      await refreshRefunds(ctx, apipix);
    },
    refresh_pix_refunds: async () => refreshRefunds(ctx, apipix),
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
