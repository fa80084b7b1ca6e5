import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { makeOperatorGuard, type OperatorGuard } from '../admin/access.ts';
import type { JobHandler } from '../jobs/jobs.service.ts';
import { sportsbookAdminRoutes } from './admin.routes.ts';
import { FeedRunner } from './feed/feed.runner.ts';
import { simulatedFeed } from './feed/simulated.feed.ts';
import { settlementJobHandlers } from './settlement.service.ts';
import { sportsbookConfig } from './sportsbook.config.ts';
import { SportsbookEvents } from './sportsbook.events.ts';
import { sportsbookRoutes } from './sportsbook.routes.ts';

export { settleMatch, settlementJobHandlers } from './settlement.service.ts';

export interface SportsbookModule {
  /** Durable job kinds of the sportsbook (settlement); merge them into the app's job handlers. */
  jobHandlers: Record<string, JobHandler>;
  /** Starts the simulated feed when `ctx.config.seedDemo` is set; otherwise does nothing. */
  start(): void;
  /** Stops the feed, waits for its tick in progress and sends the odds still queued. */
  stop(): Promise<void>;
}

/** Registers the sportsbook's player and operator routes (api-contract section 11) and its feed. */
export function registerSportsbook(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  operatorGuard: OperatorGuard = makeOperatorGuard(ctx),
): SportsbookModule {
  const events = new SportsbookEvents(ctx);
  sportsbookRoutes(app, ctx, guards);
  sportsbookAdminRoutes(app, ctx, operatorGuard, events);
  let runner: FeedRunner | undefined;
  return {
    jobHandlers: { ...settlementJobHandlers },
    start() {
      if (!ctx.config.seedDemo || runner) return;
      runner = new FeedRunner(ctx, events, simulatedFeed(sportsbookConfig), sportsbookConfig.feedTickMs);
      runner.start();
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
      events.close();
    },
  };
}
