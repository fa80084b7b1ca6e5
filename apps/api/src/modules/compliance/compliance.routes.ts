import {
  ComplianceChecksAnswer,
  ComplianceChecksQuery,
  CompliancePlayerStatus,
  ComplianceRefundBody,
  ComplianceRestrictedAnswer,
  ComplianceRestrictedQuery,
  PlayerParams,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listChecks, listRestricted, markRefunded, playerStatus } from './compliance.admin.ts';

/** The back office's view of the list checks (permission `compliance`: risk and finance). */
export function complianceAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  app.get(
    '/api/admin/compliance/checks',
    {
      onRequest: guard.allow('compliance'),
      schema: {
        tags,
        querystring: ComplianceChecksQuery,
        response: { 200: Envelope(ComplianceChecksAnswer) },
      },
    },
    async (request) => ok(await listChecks(ctx, request.query)),
  );
  app.get(
    '/api/admin/compliance/restricted',
    {
      onRequest: guard.allow('compliance'),
      schema: {
        tags,
        querystring: ComplianceRestrictedQuery,
        response: { 200: Envelope(ComplianceRestrictedAnswer) },
      },
    },
    async (request) => ok(await listRestricted(ctx, request.query)),
  );
  app.get(
    '/api/admin/compliance/players/:uId',
    {
      onRequest: guard.allow('compliance'),
      schema: { tags, params: PlayerParams, response: { 200: Envelope(CompliancePlayerStatus) } },
    },
    async (request) => ok(await playerStatus(ctx, BigInt(request.params.uId))),
  );
  app.post(
    '/api/admin/compliance/players/:uId/refunded',
    {
      onRequest: guard.allow('compliance'),
      schema: {
        tags,
        params: PlayerParams,
        body: ComplianceRefundBody,
        response: { 200: Envelope(CompliancePlayerStatus) },
      },
    },
    async (request) =>
      ok(await markRefunded(ctx, actorOf(request), BigInt(request.params.uId), request.body.orderId)),
  );
}
