import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { sportsbookAdminRoutes } from './admin.routes.ts';
import { runAutoCashouts } from './auto-cashout.service.ts';
import { boostRoutes } from './boosts.routes.ts';
import { builderRoutes } from './builder.routes.ts';
import { earlyPayoutJobHandlers } from './early-payout.service.ts';
import { FeedRunner } from './feed/feed.runner.ts';
import { oddsApiFeed } from './feed/odds-api.feed.ts';
import { simulatedFeed } from './feed/simulated.feed.ts';
import { settlementJobHandlers as settlementOnlyJobHandlers } from './settlement.service.ts';
import { SportsbookEvents } from './sportsbook.events.ts';
import { sportsbookRoutes } from './sportsbook.routes.ts';

export { settleMatch } from './settlement.service.ts';

/** The sportsbook's durable jobs: settlement, and early payout (decision 0063). */
export const settlementJobHandlers = { ...settlementOnlyJobHandlers, ...earlyPayoutJobHandlers };

/**
 * The sportsbook: player and operator routes (api-contract section 11), its settlement jobs, and the simulated
 * feed when `SEED_DEMO` is set. On stop the feed's tick in flight ends and the odds still queued go out.
 */
export const register: RegisterModule = (app, ctx) => {
  const events = new SportsbookEvents(ctx);
  sportsbookRoutes(app, ctx, ctx.guards, events);
  sportsbookAdminRoutes(app, ctx, makeOperatorGuard(ctx), events);
  builderRoutes(app, ctx, ctx.guards, makeOperatorGuard(ctx));
  boostRoutes(app, ctx, ctx.guards, makeOperatorGuard(ctx), events);
  // After each batch of odds (and the state changes behind them): the auto cash-outs that now reach their amount.
  events.afterFlush = (matchIds) => {
    runAutoCashouts(ctx, matchIds).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'sportsbook auto cash-out sweep failed'),
    );
  };
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
