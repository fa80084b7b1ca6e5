import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { tournamentsAdminRoutes, tournamentsRoutes } from './tournaments.routes.ts';
import { payEndedTournaments } from './tournaments.service.ts';

const PRIZE_RUN_MS = 60_000;

/**
 * Tournaments and missions (issue 34, decision 0067): public leaderboards and missions with the caller's progress,
 * the reward claim, the operator's creation and payment; a run every minute pays each ended tournament once.
 */
export const register: RegisterModule = (app, ctx) => {
  tournamentsRoutes(app, ctx);
  tournamentsAdminRoutes(app, ctx, makeOperatorGuard(ctx));
  ctx.background.every({
    name: 'tournament-prizes',
    intervalMs: PRIZE_RUN_MS,
    firstDelayMs: 30_000,
    tick: () => payEndedTournaments(ctx),
  });
};
