import type { TLSSocket } from 'node:tls';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { DomainError, invalidInput, notFound, unauthorized } from '../../lib/domain-error.ts';
import { traced } from '../../platform/tracing.ts';
import { openWindowLimiter, type WindowLimiter } from '../../platform/window-limiter.ts';
import type { NotifiedPix, PaymentProvider, WebhookNotices, WebhookPeer } from '../payments/provider.ts';
import { creditConfirmedPix } from './deposits.service.ts';

/** Refused deliveries kept per provider and minute: enough to investigate, too few for a flood to fill a disk. */
export const BAD_SIGNATURE_ROWS_PER_MINUTE = 20;
const BAD_SIGNATURE_BODY_CHARS = 2_000;

/** Records a refused delivery for the operator unless this minute's quota is used up; says whether it did. */
async function recordBadSignature(ctx: AppContext, provider: string, rawBody: string): Promise<boolean> {
  const recent = await ctx.db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('provider', '=', provider)
    .where('outcome', '=', 'bad_signature')
    .where('received_at', '>', sql<Date>`now() - interval '1 minute'`)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= BAD_SIGNATURE_ROWS_PER_MINUTE) return false;
  await ctx.db
    .insertInto('webhook_events')
    .values({
      provider,
      txid: null,
      end_to_end_id: null,
      outcome: 'bad_signature',
      body: rawBody.slice(0, BAD_SIGNATURE_BODY_CHARS),
    })
    .execute();
  return true;
}

/**
 * Verified deliveries per PSP and minute, as a multiple of the per-address allowance (RATE_LIMIT_WEBHOOK) that
 * unverified ones get: a PSP delivers every player's payments from a few addresses (decision 0056).
 */
export const VERIFIED_WEBHOOKS_PER_ADDRESS_ALLOWANCE = 100;

/**
 * Counts a delivery after it was authenticated: a verified one against its PSP's generous ceiling, any other
 * against its address's allowance, so forged deliveries never use up the genuine PSP's.
 */
async function admitDelivery(
  ctx: AppContext,
  limiter: WindowLimiter,
  reply: FastifyReply,
  key: string,
  max: number,
): Promise<void> {
  const counted = await limiter.hit(key, max, 60_000);
  if (counted.allowed) return;
  reply.header('retry-after', counted.retryAfterSeconds);
  ctx.log.warn({ key }, 'webhook refused: rate limited');
  throw new DomainError('RATE_LIMITED', 'error.rate_limited');
}

/** A signed delivery that the PSP's GET /pix does not confirm: kept for the operator, nothing credited. */
async function recordUnconfirmed(ctx: AppContext, provider: string, pix: NotifiedPix, rawBody: string) {
  await ctx.db
    .insertInto('webhook_events')
    .values({
      provider,
      txid: pix.txid,
      end_to_end_id: pix.endToEndId,
      outcome: 'unconfirmed',
      body: rawBody.slice(0, 10_000),
    })
    .execute();
  ctx.log.warn({ txid: pix.txid, endToEndId: pix.endToEndId }, 'webhook payment not confirmed by the PSP');
  return 'unconfirmed' as const;
}

/**
 * A confirmed Pix without a txid (sent straight to our key): no charge can be its, so it is recorded as an unknown
 * charge, which puts it on the operator's list of received Pix to refund ("PIX no PSP").
 */
async function recordWithoutTxid(ctx: AppContext, provider: string, pix: NotifiedPix, rawBody: string) {
  await ctx.db
    .insertInto('webhook_events')
    .values({
      provider,
      txid: null,
      end_to_end_id: pix.endToEndId,
      outcome: 'unknown_charge',
      body: rawBody.slice(0, 10_000),
    })
    .execute();
  ctx.log.warn({ endToEndId: pix.endToEndId }, 'webhook payment without txid: kept for a refund');
  return 'unknown_charge' as const;
}

/** The client certificate chain (DER, leaf first) when the delivery came on our own TLS socket (mTLS listener). */
function peerOf(request: FastifyRequest): WebhookPeer | undefined {
  const socket = request.raw.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== 'function') return undefined;
  const chain: Buffer[] = [];
  let cert = socket.getPeerCertificate(true);
  while (cert?.raw && chain.length < 8) {
    if (chain.some((seen) => seen.equals(cert.raw))) break;
    chain.push(cert.raw);
    cert = cert.issuerCertificate;
  }
  return chain.length > 0 ? { tlsChain: chain } : undefined;
}

/**
 * `POST /api/pay/webhook/{provider}`: the delivery is authenticated (the PSP's client certificate, or its
 * signature) before anything is parsed; the signature is checked over the raw body before anything is parsed; a
 * bad or stale one is a 401 and changes nothing (it is still recorded for the operator). Each confirmed payment
 * is credited at most once; a repeated delivery is answered 200 so the provider stops retrying. Deliveries are
 * rate limited after they are authenticated: verified ones per PSP, unverified ones per address
 * (RATE_LIMIT_WEBHOOK), and refused ones are kept only up to a quota per minute.
 */
export async function webhookRoutes(app: TypedApp, ctx: AppContext, providers: PaymentProvider[]) {
  const limiter = await openWindowLimiter(ctx.config.redisUrl, 'aposta-wh-');
  app.addHook('onClose', async () => limiter.close());
  const perAddress = ctx.config.rateLimits.webhookPerMinute;
  await app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const config = {
      schema: { tags: ['payments'], params: Type.Object({ provider: Type.String({ maxLength: 32 }) }) },
    };
    const receive = async (
      request: FastifyRequest<{ Params: { provider: string }; Body: unknown }>,
      reply: FastifyReply,
    ) => {
      const { provider: name } = request.params;
      const provider = providers.find((candidate) => candidate.name === name);
      if (!provider) throw notFound();
      const rawBody = typeof request.body === 'string' ? request.body : '';
      if (!provider.verifyWebhook(rawBody, request.headers, peerOf(request))) {
        await admitDelivery(ctx, limiter, reply, `unverified:${request.ip}`, perAddress);
        const kept = await recordBadSignature(ctx, name, rawBody);
        request.log.warn({ provider: name, kept }, 'webhook refused: bad or stale signature');
        throw unauthorized('webhook.bad_signature');
      }
      await admitDelivery(
        ctx,
        limiter,
        reply,
        `psp:${name}`,
        perAddress * VERIFIED_WEBHOOKS_PER_ADDRESS_ALLOWANCE,
      );
      let notices: WebhookNotices;
      try {
        notices = provider.parseNotices
          ? provider.parseNotices(rawBody)
          : { payments: provider.parseWebhook(rawBody), refunds: [], payouts: [] };
      } catch (error) {
        request.log.warn({ err: error, provider: name }, 'webhook refused: malformed body');
        throw invalidInput('webhook.malformed');
      }
      const confirmed = notices.payments;
      // Refunds and payouts the delivery mentions are asked about at the PSP, never taken from the body.
      if ((notices.refunds.length > 0 || notices.payouts.length > 0) && provider.onNotices) {
        await provider.onNotices({ refunds: notices.refunds, payouts: notices.payouts });
      }
      const outcomes = [];
      for (const notified of confirmed) {
        // The PSP's own record of the payment, not the notification, is what gets credited (API Pix providers).
        const pix = provider.confirmPix ? await provider.confirmPix(notified) : notified;
        if (!pix) {
          outcomes.push(await recordUnconfirmed(ctx, name, notified, rawBody));
          continue;
        }
        // Each item on its own: one without a txid must not keep the others of the batch from being credited.
        if (pix.txid === null) {
          outcomes.push(await recordWithoutTxid(ctx, name, pix, rawBody));
          continue;
        }
        outcomes.push(await creditConfirmedPix(ctx, name, { ...pix, txid: pix.txid }, rawBody));
      }
      return reply.send({ status: 200, message: '', data: { outcomes } });
    };
    const handler = traced('payments.webhook', receive);
    scope.post('/api/pay/webhook/:provider', config, handler);
    // The API Pix delivers to the registered webhookUrl with `/pix` appended.
    scope.post('/api/pay/webhook/:provider/pix', config, handler);
  });
}
