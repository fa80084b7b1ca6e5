import { MatchParams, TrackerAnswer } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { getTracker } from './tracker.service.ts';

/** GET /api/app/sports/matches/{matchId}/tracker: public, like the match itself (decision 0064). */
export function trackerRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/app/sports/matches/:matchId/tracker',
    { schema: { tags: ['sportsbook'], params: MatchParams, response: { 200: Envelope(TrackerAnswer) } } },
    async (request) => ok(await getTracker(ctx, BigInt(request.params.matchId))),
  );
}
