import path from 'node:path';
import type { RegisterModule } from '../../app-module.ts';
import { providerHttp } from '../slots/provider-http.ts';
import { studioClients } from './studio.clients.ts';
import { studioRoutes } from './studio.routes.ts';

/** Where the studio's page is built (apps/studio, `npm run build`). */
const STUDIO_DIST_DIR = path.resolve(import.meta.dirname, '../../../../studio/dist');

/**
 * The built-in demo studio (docs/decisions/0023): the provider side of PG, BGaming and Evoplay on this server,
 * used when SLOTS_<P>_URL is unset. It calls the wallet over HTTP like any provider.
 */
export const register: RegisterModule = async (app, ctx) => {
  await studioRoutes(app, ctx, studioClients(providerHttp(app), ctx.config.slots), STUDIO_DIST_DIR);
};
