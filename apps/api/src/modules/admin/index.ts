import type { AppContext } from '../../app-context.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import type { OperatorGuard } from './access.ts';
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
 * own trading calls with the same guard. No answer here may be cached: they carry players' data.
 */
export function registerAdmin(app: TypedApp, ctx: AppContext, guard: OperatorGuard) {
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

  let timer: NodeJS.Timeout | undefined;
  let folding: Promise<unknown> = Promise.resolve();
  const fold = () => {
    folding = foldJournal(ctx.db).catch((error) => ctx.log.error({ err: error }, 'report rollup failed'));
  };
  return {
    /** Starts the report rollup (servers only; tests call foldJournal themselves). */
    start() {
      fold();
      timer = setInterval(fold, FOLD_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await folding;
    },
  };
}
