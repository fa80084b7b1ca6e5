import type { RegisterModule } from '../../app-module.ts';
import { lobbyRoutes } from './lobby.routes.ts';

/** The lobby's lists beside the catalogue's (docs/decisions/0060): recently played per player, and the new and hot badges. */
export const register: RegisterModule = (app, ctx) => {
  lobbyRoutes(app, ctx, ctx.guards);
};
