import {
  AdminCreateMatchBody,
  AdminMarketStatusBody,
  AdminMatchStateBody,
  AdminSettleAnswer,
  MarketParams,
  MarketView,
  MatchDetail,
  MatchParams,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { createMatch, postMatchState, setMarketStatus } from './catalog.service.ts';
import { settleMatch } from './settlement.service.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/** Operator calls of api-contract section 11 (section 8 token): how an operator, and the tests, drive a match. */
export function sportsbookAdminRoutes(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  events: SportsbookEvents,
): void {
  const tags = ['sportsbook-admin'];
  const operator = { onRequest: guards.requireOperator };

  app.post(
    '/api/admin/sports/matches',
    { ...operator, schema: { tags, body: AdminCreateMatchBody, response: { 200: Envelope(MatchDetail) } } },
    async (request) => ok(await createMatch(ctx, request.body)),
  );

  app.post(
    '/api/admin/sports/matches/:matchId/state',
    {
      ...operator,
      schema: {
        tags,
        params: MatchParams,
        body: AdminMatchStateBody,
        response: { 200: Envelope(MatchDetail) },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await postMatchState(ctx, events, BigInt(request.params.matchId), {
          period: body.period,
          score: body.score,
          halfTimeScore: body.halfTimeScore ?? null,
          corners: body.corners ?? null,
          halfTimeCorners: body.halfTimeCorners ?? null,
          scoreAfterOvertime: body.scoreAfterOvertime ?? null,
          winner: body.winner ?? null,
        }),
      );
    },
  );

  app.post(
    '/api/admin/sports/markets/:marketId/status',
    {
      ...operator,
      schema: {
        tags,
        params: MarketParams,
        body: AdminMarketStatusBody,
        response: { 200: Envelope(MarketView) },
      },
    },
    async (request) =>
      ok(await setMarketStatus(ctx, events, BigInt(request.params.marketId), request.body.status)),
  );

  app.post(
    '/api/admin/sports/matches/:matchId/settle',
    { ...operator, schema: { tags, params: MatchParams, response: { 200: Envelope(AdminSettleAnswer) } } },
    async (request) => ok(await settleMatch(ctx, BigInt(request.params.matchId))),
  );
}
