import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { invalidInput, notFound, unauthorized } from '../../lib/domain-error.ts';
import type { PaymentProvider } from '../payments/provider.ts';
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
 * `POST /api/pay/webhook/{provider}`: the signature is checked over the raw body before anything is parsed; a
 * bad or stale one is a 401 and changes nothing (it is still recorded for the operator). Each confirmed payment
 * is credited at most once; a repeated delivery is answered 200 so the provider stops retrying. Deliveries are
 * rate limited per address (RATE_LIMIT_WEBHOOK) and refused ones are kept only up to a quota per minute.
 */
export async function webhookRoutes(app: TypedApp, ctx: AppContext, providers: PaymentProvider[]) {
  await app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/pay/webhook/:provider',
      {
        schema: { tags: ['payments'], params: Type.Object({ provider: Type.String({ maxLength: 32 }) }) },
        config: { rateLimit: { max: ctx.config.rateLimits.webhookPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { provider: name } = request.params;
        const provider = providers.find((candidate) => candidate.name === name);
        if (!provider) throw notFound();
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (!provider.verifyWebhook(rawBody, request.headers)) {
          const kept = await recordBadSignature(ctx, name, rawBody);
          request.log.warn({ provider: name, kept }, 'webhook refused: bad or stale signature');
          throw unauthorized('webhook.bad_signature');
        }
        let confirmed: ReturnType<PaymentProvider['parseWebhook']>;
        try {
          confirmed = provider.parseWebhook(rawBody);
        } catch (error) {
          request.log.warn({ err: error, provider: name }, 'webhook refused: malformed body');
          throw invalidInput('webhook.malformed');
        }
        const outcomes = [];
        for (const pix of confirmed) outcomes.push(await creditConfirmedPix(ctx, name, pix, rawBody));
        return reply.send({ status: 200, message: '', data: { outcomes } });
      },
    );
  });
}
