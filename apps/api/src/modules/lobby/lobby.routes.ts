import { GameBadgesAnswer, RecentGamesAnswer, RecentGamesQuery } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { gameBadges, recentGames } from './lobby.games.ts';

const tags = ['lobby'];

export function lobbyRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards): void {
  app.get(
    '/api/app/games/recent',
    {
      onRequest: guards.requirePlayer,
      schema: { tags, querystring: RecentGamesQuery, response: { 200: Envelope(RecentGamesAnswer) } },
    },
    async (request) => ok({ records: await recentGames(ctx, request.playerId, request.query.size ?? 10) }),
  );
  app.get(
    '/api/app/games/badges',
    { schema: { tags, response: { 200: Envelope(GameBadgesAnswer) } } },
    async () => ok(await gameBadges(ctx)),
  );
}
