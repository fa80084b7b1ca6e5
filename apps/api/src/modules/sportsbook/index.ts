import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { sportsbookAdminRoutes } from './admin.routes.ts';
import { builderRoutes } from './builder.routes.ts';
import { FeedRunner } from './feed/feed.runner.ts';
import { oddsApiFeed } from './feed/odds-api.feed.ts';
import { simulatedFeed } from './feed/simulated.feed.ts';
import { settlementJobHandlers } from './settlement.service.ts';
import { SportsbookEvents } from './sportsbook.events.ts';
import { sportsbookRoutes } from './sportsbook.routes.ts';

export { settleMatch, settlementJobHandlers } from './settlement.service.ts';

/**
 * The sportsbook: player and operator routes (api-contract section 11), its settlement jobs, and the simulated
 * feed when `SEED_DEMO` is set. On stop the feed's tick in flight ends and the odds still queued go out.
 */
export const register: RegisterModule = (app, ctx) => {
  const events = new SportsbookEvents(ctx);
  sportsbookRoutes(app, ctx, ctx.guards, events);
  sportsbookAdminRoutes(app, ctx, makeOperatorGuard(ctx), events);
  builderRoutes(app, ctx, ctx.guards, makeOperatorGuard(ctx));
  ctx.jobs.add(settlementJobHandlers);
  const settings = ctx.config.sportsbook;
  if (settings.feed === 'theodds') {
    ctx.background.add(new FeedRunner(ctx, events, oddsApiFeed(settings.oddsApi), settings.feedTickMs));
  } else if (ctx.config.seedDemo) {
    ctx.background.add(
      new FeedRunner(
        ctx,
        events,
        simulatedFeed(settings, { racingOutright: true, kickoffNow: settings.simKickoffNow }),
        settings.feedTickMs,
      ),
    );
  }
  ctx.background.onStop(() => events.close());
};
