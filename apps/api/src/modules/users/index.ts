import type { RegisterModule } from '../../app-module.ts';
import { usersRoutes } from './users.routes.ts';

/** The player's own profile, level and settings. */
export const register: RegisterModule = (app, ctx) => {
  usersRoutes(app, ctx, ctx.guards);
};
