import type { AppContext } from '../../app-context.ts';
import type { ModuleContext, RegisterModule } from '../../app-module.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { type SandboxProvider, sandboxProvider } from './sandbox.provider.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from './webhook-signature.ts';

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

/**
 * The payment providers the wallet uses. The sandbox PSP confirms payments by calling our webhook, as a real
 * PSP does; a failed delivery is retried by a durable job, as a real PSP retries.
 */
export function openPaymentProviders(app: TypedApp, ctx: AppContext): ModuleContext['payments'] {
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
  return { sandbox, providers: [sandbox] };
}

/** The sandbox PSP's retries and, outside production, its own payment pages. */
export const register: RegisterModule = (app, ctx) => {
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
  if (!ctx.config.isProduction) sandboxRoutes(app, ctx, ctx.payments.sandbox);
};
