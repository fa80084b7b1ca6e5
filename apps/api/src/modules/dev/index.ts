import type { RegisterModule } from '../../app-module.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { seedDemo } from './seed-demo.ts';

/** Demo data (SEED_DEMO) and, outside production, the mail outbox pages. */
export const register: RegisterModule = async (app, ctx) => {
  if (ctx.config.seedDemo) await seedDemo(ctx);
  if (!ctx.config.isProduction) outboxRoutes(app, ctx);
};
