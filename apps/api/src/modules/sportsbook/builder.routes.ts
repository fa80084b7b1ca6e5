import {
  AdminBuilderExposureAnswer,
  AdminBuilderExposureQuery,
  BuilderQuote,
  BuilderQuoteBody,
  type PlaceBetBody,
} from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { builderExposure } from './builder.repository.ts';
import { placeBuilderBet, quoteBuilder } from './builder.service.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/** Bet builder calls (api-contract section 19): the player's quote, and the operator's exposure per match. */
export function builderRoutes(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  guard: OperatorGuard,
): void {
  app.post(
    '/api/app/sports/builder/quote',
    {
      onRequest: guards.requirePlayer,
      schema: { tags: ['sportsbook'], body: BuilderQuoteBody, response: { 200: Envelope(BuilderQuote) } },
    },
    async (request) =>
      ok(
        await quoteBuilder(ctx, request.playerId, {
          matchId: BigInt(request.body.matchId),
          selectionIds: request.body.selections.map((pick) => BigInt(pick.selectionId)),
        }),
      ),
  );

  // Role `sports` (trader, or owner): what open builder bets can pay per match, beside the match's whole exposure.
  app.get(
    '/api/admin/sports/builder/exposure',
    {
      onRequest: guard.allow('sports'),
      schema: {
        tags: ['sportsbook-admin'],
        querystring: AdminBuilderExposureQuery,
        response: { 200: Envelope(AdminBuilderExposureAnswer) },
      },
    },
    async (request) => {
      const rows = await builderExposure(ctx.db, request.query.limit ?? 50);
      return ok({
        records: rows.map((row) => ({
          matchId: Number(row.match_id),
          sport: row.sport,
          home: row.home,
          away: row.away,
          startTime: row.start_time.getTime(),
          period: row.period,
          openBets: row.open_bets,
          stake: centsToReais(row.stake_cents),
          potentialPayout: centsToReais(row.potential_payout_cents),
          matchExposure: centsToReais(row.match_exposure_cents),
        })),
      });
    },
  );
}

/** POST /api/app/sports/bet with a `quoteId`: the builder's placement, idempotent like every bet. */
export function placeBuilderFromRoute(
  ctx: AppContext,
  request: FastifyRequest<{ Body: PlaceBetBody }>,
  amountCents: bigint,
  events?: SportsbookEvents,
) {
  const body = request.body;
  return idempotent(ctx.db, request, () =>
    placeBuilderBet(
      ctx,
      request.playerId,
      { amountCents, quoteId: BigInt(body.quoteId!), acceptOdds: body.acceptOdds ?? 'none' },
      events,
    ),
  );
}
