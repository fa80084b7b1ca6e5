import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { invalidInput, notFound, unauthorized } from '../../lib/domain-error.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { creditConfirmedPix } from './deposits.service.ts';

/**
 * `POST /api/pay/webhook/{provider}`: the signature is checked over the raw body before anything is parsed; a
 * bad or stale one is a 401 and changes nothing (it is still recorded for the operator). Each confirmed payment
 * is credited at most once; a repeated delivery is answered 200 so the provider stops retrying.
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
      { schema: { tags: ['payments'], params: Type.Object({ provider: Type.String({ maxLength: 32 }) }) } },
      async (request, reply) => {
        const { provider: name } = request.params;
        const provider = providers.find((candidate) => candidate.name === name);
        if (!provider) throw notFound();
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (!provider.verifyWebhook(rawBody, request.headers)) {
          await ctx.db
            .insertInto('webhook_events')
            .values({
              provider: name,
              txid: null,
              end_to_end_id: null,
              outcome: 'bad_signature',
              body: rawBody.slice(0, 10_000),
            })
            .execute();
          request.log.warn({ provider: name }, 'webhook refused: bad or stale signature');
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
