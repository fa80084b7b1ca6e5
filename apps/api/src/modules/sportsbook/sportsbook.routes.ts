import {
  BetParams,
  BetsAnswer,
  BetsQuery,
  CashoutAnswer,
  CashoutBody,
  CashoutQuote,
  MatchDetail,
  MatchesAnswer,
  MatchesQuery,
  MatchParams,
  PlaceBetAnswer,
  PlaceBetBody,
  SportsListAnswer,
} from '@aposta/contract';
import { oddsMilliFromDecimal, type SportCode } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { listBets, placeBet } from './bets.service.ts';
import { placeBuilderFromRoute } from './builder.routes.ts';
import { quoteCashout, takeCashout } from './cashout.service.ts';
import { getMatch, listMatches, listSports } from './catalog.service.ts';
import { slipsRoutes } from './slips.routes.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';
import { trackerRoutes } from './tracker.routes.ts';

/** Player calls of api-contract section 11. The catalogue is public; betting needs a player. */
export function sportsbookRoutes(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  events?: SportsbookEvents,
): void {
  catalogueRoutes(app, ctx);
  betRoutes(app, ctx, guards, events);
  // Sports players share (api-contract section 19, decision 0064).
  slipsRoutes(app, ctx, guards);
  trackerRoutes(app, ctx);
}

const tags = ['sportsbook'];

function catalogueRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/app/sports/list',
    { schema: { tags, response: { 200: Envelope(SportsListAnswer) } } },
    async () => ok(await listSports(ctx)),
  );

  app.get(
    '/api/app/sports/matches',
    { schema: { tags, querystring: MatchesQuery, response: { 200: Envelope(MatchesAnswer) } } },
    async (request) =>
      ok(
        await listMatches(ctx, {
          sport: request.query.sport as SportCode | undefined,
          live: request.query.live,
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );

  app.get(
    '/api/app/sports/matches/:matchId',
    { schema: { tags, params: MatchParams, response: { 200: Envelope(MatchDetail) } } },
    async (request) => ok(await getMatch(ctx, BigInt(request.params.matchId))),
  );
}

function betRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards, events?: SportsbookEvents) {
  const player = { onRequest: guards.requirePlayer };
  app.post(
    '/api/app/sports/bet',
    { ...player, schema: { tags, body: PlaceBetBody, response: { 200: Envelope(PlaceBetAnswer) } } },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      // A bet builder quote (api-contract section 19, decision 0062) instead of selections.
      if (body.quoteId !== undefined)
        return ok(await placeBuilderFromRoute(ctx, request, amountCents, events));
      if (body.selections === undefined)
        throw invalidInput('validation.field', { field: 'selections', reason: 'required' });
      const selections = body.selections.map((pick, index) => {
        try {
          return { selectionId: BigInt(pick.selectionId), oddsMilli: oddsMilliFromDecimal(pick.odds) };
        } catch {
          throw invalidInput('validation.field', { field: `selections.${index}.odds`, reason: 'odds' });
        }
      });
      return ok(
        await idempotent(ctx.db, request, () =>
          placeBet(
            ctx,
            request.playerId,
            { amountCents, selections, acceptOdds: body.acceptOdds ?? 'none' },
            ctx.config.sportsbook,
            events,
          ),
        ),
      );
    },
  );

  app.get(
    '/api/app/sports/bets',
    { ...player, schema: { tags, querystring: BetsQuery, response: { 200: Envelope(BetsAnswer) } } },
    async (request) =>
      ok(
        await listBets(ctx, request.playerId, {
          status: request.query.status,
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );

  app.get(
    '/api/app/sports/bets/:betId/cashout',
    { ...player, schema: { tags, params: BetParams, response: { 200: Envelope(CashoutQuote) } } },
    async (request) => ok(await quoteCashout(ctx, request.playerId, BigInt(request.params.betId))),
  );

  app.post(
    '/api/app/sports/bets/:betId/cashout',
    {
      ...player,
      schema: { tags, params: BetParams, body: CashoutBody, response: { 200: Envelope(CashoutAnswer) } },
    },
    async (request) =>
      ok(
        await takeCashout(ctx, request.playerId, BigInt(request.params.betId), {
          quoteId: BigInt(request.body.quoteId),
          fraction: request.body.fraction,
        }),
      ),
  );
}
