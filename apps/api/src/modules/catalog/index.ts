import type { RegisterModule } from '../../app-module.ts';
import { catalogRoutes } from './catalog.routes.ts';

/** Reference data the client shows: packages, notices, banners. */
export const register: RegisterModule = (app, ctx) => {
  catalogRoutes(app, ctx);
};
