import {
  PixReconciliationAnswer,
  PixReconciliationQuery,
  PixReconciliationRunBody,
  PixRefundablesAnswer,
  PixRefundParams,
  PixRefundState,
} from '@aposta/contract';
import { Type } from 'typebox';
import type { AppContext } from '../../../app-context.ts';
import type { OperatorGuard } from '../../../backoffice/access.ts';
import { actorOf, writeAudit } from '../../../backoffice/audit.ts';
import { Envelope, ok } from '../../../http/envelope.ts';
import type { TypedApp } from '../../../http/typed-app.ts';
import type { ApiPixProvider } from './apipix.provider.ts';
import { listReconciliation, listRefundables, reconcileDay, refundPayment } from './pix-admin.service.ts';

/**
 * The back office of the API Pix provider (permission `deposits`, the finance role): payments received and not
 * credited, each refundable once; the reconciliation's runs and differences, and a re-run of one day.
 */
export function pixAdminRoutes(
  app: TypedApp,
  ctx: AppContext,
  guard: OperatorGuard,
  pix: ApiPixProvider,
): void {
  const tags = ['admin'];
  const allowed = { onRequest: guard.allow('deposits') };

  app.get(
    '/api/admin/pix/refundables',
    { ...allowed, schema: { tags, response: { 200: Envelope(PixRefundablesAnswer) } } },
    async () => ok(await listRefundables(ctx, pix.name)),
  );

  app.post(
    '/api/admin/pix/refundables/:eventId/refund',
    {
      ...allowed,
      schema: {
        tags,
        params: PixRefundParams,
        response: {
          200: Envelope(Type.Object({ id: Type.String(), amount: Type.Number(), status: PixRefundState })),
        },
      },
    },
    async (request) => ok(await refundPayment(ctx, pix, actorOf(request), BigInt(request.params.eventId))),
  );

  app.get(
    '/api/admin/pix/reconciliation',
    {
      ...allowed,
      schema: {
        tags,
        querystring: PixReconciliationQuery,
        response: { 200: Envelope(PixReconciliationAnswer) },
      },
    },
    async (request) => ok(await listReconciliation(ctx, pix.name, request.query.day)),
  );

  app.post(
    '/api/admin/pix/reconciliation',
    {
      ...allowed,
      schema: {
        tags,
        body: PixReconciliationRunBody,
        response: { 200: Envelope(Type.Object({ differences: Type.Integer() })) },
      },
    },
    async (request) => {
      const result = await reconcileDay(ctx, pix, request.body.day);
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, actorOf(request), {
          action: 'pix.reconcile',
          target: `day:${request.body.day}`,
          before: null,
          after: result,
        }),
      );
      return ok(result);
    },
  );
}
