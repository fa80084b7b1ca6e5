import {
  FaceRecheckAnswer,
  FaceRecheckBody,
  FaceRecheckParams,
  FaceRecheckRequestBody,
  FaceRecheckReviewBody,
  FaceRecheckState,
  FaceRechecksAnswer,
  FaceRechecksQuery,
  PlayerParams,
} from '@aposta/contract';
import { Type } from 'typebox';
import type { ModuleContext } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { translateFor } from '../../http/error-handler.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listRechecks, reviewRecheck } from './face-recheck.admin.ts';
import { allowedWhileDue, type RecheckReason } from './face-recheck.policy.ts';
import {
  attemptRecheck,
  faceCheckRefusal,
  recheckStatus,
  requestRecheckByOperator,
} from './face-recheck.service.ts';

/**
 * The gate (decision 0068): a player request whose account has a face check due is refused (403, body status
 * 40301) unless it is one of the calls that complete the check, read the account, log out or protect the player.
 * `requirePlayer` read the due state with the token (one query); requests without a player pass untouched.
 */
export function faceCheckGate(app: TypedApp): void {
  app.addHook('preHandler', async (request) => {
    const due = request.faceCheckDue;
    if (!due || allowedWhileDue(request.method, request.routeOptions.url)) return;
    throw faceCheckRefusal(due as RecheckReason);
  });
}

export function faceRecheckRoutes(app: TypedApp, ctx: ModuleContext): void {
  const tags = ['identity'];
  app.get(
    '/api/app/identity/recheck',
    {
      onRequest: ctx.guards.requirePlayer,
      schema: { tags, response: { 200: Envelope(FaceRecheckState) } },
    },
    async (request) => ok(await recheckStatus(ctx, request.playerId)),
  );
  app.post(
    '/api/app/identity/recheck',
    {
      onRequest: ctx.guards.requirePlayer,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, body: FaceRecheckBody, response: { 200: Envelope(FaceRecheckAnswer) } },
    },
    async (request) => {
      const { messageKey, ...answer } = await attemptRecheck(ctx, request.playerId, request.body.selfieId);
      return ok(answer, translateFor(request, messageKey));
    },
  );
  adminRoutes(app, ctx);
}

function adminRoutes(app: TypedApp, ctx: ModuleContext): void {
  const guard = makeOperatorGuard(ctx);
  const tags = ['admin'];
  app.post(
    '/api/admin/players/:uId/face-recheck',
    {
      onRequest: guard.allow('kyc'),
      schema: {
        tags,
        params: PlayerParams,
        body: FaceRecheckRequestBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const note = request.body.reason.trim();
      await requestRecheckByOperator(ctx, actorOf(request), BigInt(request.params.uId), note);
      return ok(null);
    },
  );
  app.get(
    '/api/admin/kyc/face-rechecks',
    {
      onRequest: guard.allow('kyc'),
      schema: { tags, querystring: FaceRechecksQuery, response: { 200: Envelope(FaceRechecksAnswer) } },
    },
    async (request) => ok({ records: await listRechecks(ctx, request.query.filter ?? 'all') }),
  );
  app.post(
    '/api/admin/kyc/face-rechecks/:id',
    {
      onRequest: guard.allow('kyc'),
      schema: {
        tags,
        params: FaceRecheckParams,
        body: FaceRecheckReviewBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const { decision, note } = request.body;
      await reviewRecheck(ctx, actorOf(request), BigInt(request.params.id), decision, note.trim());
      return ok(null);
    },
  );
}
