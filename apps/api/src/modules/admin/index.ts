import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { adminAuthRoutes } from './auth.routes.ts';
import { catalogAdminRoutes } from './catalog.routes.ts';
import { operatorsRoutes } from './operators.routes.ts';
import { playersRoutes } from './players.routes.ts';
import { reportsRoutes } from './reports.routes.ts';
import { foldJournal } from './reports.service.ts';
import { withdrawalsRoutes } from './withdrawals.routes.ts';

const FOLD_INTERVAL_MS = 60_000;

/**
 * The operator back office API (api-contract sections 8 and 12) under /api/admin. The sportsbook registers its
 * own trading calls with the same guard. No answer here may be cached: they carry players' data. In servers,
 * the report rollup folds the journal once a minute (tests call foldJournal themselves).
 */
export const register: RegisterModule = (app, ctx) => {
  const guard = makeOperatorGuard(ctx);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/admin')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });
  adminAuthRoutes(app, ctx, guard);
  operatorsRoutes(app, ctx, guard);
  playersRoutes(app, ctx, guard);
  withdrawalsRoutes(app, ctx, guard);
  catalogAdminRoutes(app, ctx, guard);
  reportsRoutes(app, ctx, guard);
  ctx.background.every({
    name: 'report-rollup',
    intervalMs: FOLD_INTERVAL_MS,
    tick: async () => {
      await foldJournal(ctx.db);
    },
  });
};
