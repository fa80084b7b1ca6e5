import type { RegisterModule } from '../../app-module.ts';
import { usersRoutes } from './users.routes.ts';
import { pushUserInfo } from './users.service.ts';

/** The player's own profile, level and settings. */
export const register: RegisterModule = (app, ctx) => {
  usersRoutes(app, ctx, ctx.guards);
  // After `insBalance`, the fresh user object (wallet.events): registered before engagement, so it goes first.
  ctx.events.on('balancePushed', (event) => pushUserInfo(ctx, event.userId, event.balances));
  ctx.events.on('userInfoChanged', (event) => pushUserInfo(ctx, event.userId));
};
