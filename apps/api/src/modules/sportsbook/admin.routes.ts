import {
  AdminCreateMatchBody,
  AdminMarketStatusBody,
  AdminMatchStateBody,
  AdminSettleAnswer,
  AdminStakeFactorAnswer,
  AdminStakeFactorBody,
  MarketParams,
  MarketView,
  MatchDetail,
  MatchParams,
  SportsPlayerParams,
} from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf, writeAudit } from '../../backoffice/audit.ts';
import type { Tx } from '../../db/tx.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { notFound } from '../../lib/domain-error.ts';
import { createMatch, postMatchState, setMarketStatus } from './catalog.service.ts';
import { FULL_FACTOR_BP, setStakeFactor } from './risk.repository.ts';
import { settleMatch } from './settlement.service.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/**
 * Operator calls of api-contract section 11 (section 8 token): how a trader, and the tests, drive a match.
 * Role `trader` (or owner); each change writes its audit entry in the change's own transaction.
 */
export function sportsbookAdminRoutes(
  app: TypedApp,
  ctx: AppContext,
  guard: OperatorGuard,
  events: SportsbookEvents,
): void {
  matchTradingRoutes(app, ctx, guard, events);
  settlementAndPlayerRoutes(app, ctx, guard);
}

const tags = ['sportsbook-admin'];
const audited = (request: FastifyRequest, action: string, after: unknown) => (trx: Tx, matchId: bigint) =>
  writeAudit(trx, actorOf(request), { action, target: `match:${matchId}`, before: null, after });

function matchTradingRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard, events: SportsbookEvents) {
  const operator = { onRequest: guard.allow('sports') };

  app.post(
    '/api/admin/sports/matches',
    { ...operator, schema: { tags, body: AdminCreateMatchBody, response: { 200: Envelope(MatchDetail) } } },
    async (request) =>
      ok(
        await createMatch(
          ctx,
          request.body,
          audited(request, 'sports.match_create', {
            sport: request.body.sport,
            home: request.body.home,
            away: request.body.away,
            markets: request.body.markets.length,
          }),
        ),
      ),
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
      const state = {
        period: body.period,
        score: body.score,
        halfTimeScore: body.halfTimeScore ?? null,
        corners: body.corners ?? null,
        halfTimeCorners: body.halfTimeCorners ?? null,
        scoreAfterOvertime: body.scoreAfterOvertime ?? null,
        winner: body.winner ?? null,
      };
      return ok(
        await postMatchState(
          ctx,
          events,
          BigInt(request.params.matchId),
          state,
          audited(request, 'sports.match_state', state),
        ),
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
      ok(
        await setMarketStatus(
          ctx,
          events,
          BigInt(request.params.marketId),
          request.body.status,
          audited(request, 'sports.market_status', {
            marketId: request.params.marketId,
            status: request.body.status,
          }),
        ),
      ),
  );
}

function settlementAndPlayerRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard) {
  const operator = { onRequest: guard.allow('sports') };
  app.post(
    '/api/admin/sports/matches/:matchId/settle',
    { ...operator, schema: { tags, params: MatchParams, response: { 200: Envelope(AdminSettleAnswer) } } },
    async (request) => {
      const matchId = BigInt(request.params.matchId);
      const result = await settleMatch(ctx, matchId);
      // Settlement runs in batches of its own (and is idempotent); the entry records the operator's request
      // with its outcome once the batches have committed.
      await ctx.db.transaction().execute((trx) => audited(request, 'sports.settle', result)(trx, matchId));
      return ok(result);
    },
  );

  app.post(
    '/api/admin/sports/players/:userId/stake-factor',
    {
      ...operator,
      schema: {
        tags,
        params: SportsPlayerParams,
        body: AdminStakeFactorBody,
        response: { 200: Envelope(AdminStakeFactorAnswer) },
      },
    },
    async (request) => {
      const userId = BigInt(request.params.userId);
      const factorBp = Math.round(request.body.factor * FULL_FACTOR_BP);
      await ctx.db.transaction().execute(async (trx) => {
        const player = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
        if (!player) throw notFound();
        const before = await setStakeFactor(trx, userId, factorBp);
        await writeAudit(trx, actorOf(request), {
          action: 'sports.stake_factor',
          target: `user:${userId}`,
          before: before === null ? null : { factor: before / FULL_FACTOR_BP },
          after: { factor: factorBp / FULL_FACTOR_BP },
        });
      });
      return ok({ userId: Number(userId), factor: factorBp / FULL_FACTOR_BP });
    },
  );
}
