import { mainListsQueryOptions } from '../../features/home/api/main';
import { queryClient } from '../../lib/query-client';
import { preloadPage } from '../lazy-page';
import { routeTable } from '../route-table';

/** The paths the server answers with home.html (the static picture of home, apps/api/src/http/web-static.ts). */
const homePaths = new Set(['/', '/home']);

/**
 * The longest the first frame waits for the home's chunk and game list. Past it the app is drawn anyway and home
 * shows the same picture (HomeSkeleton) until they arrive: the header's buttons should not wait for a slow API.
 */
export const homeWaitMs = 4000;

/**
 * On a first load of `/` or `/home`: fetches home's chunk and the game list (GET /api/app/main/main) beside the
 * entry's own work, and resolves when both are in (or failed, or after homeWaitMs). Other paths resolve at once.
 */
export function prepareHome(pathname: string, waitMs = homeWaitMs): Promise<void> {
  const home = routeTable.find((entry) => entry.path === '/home');
  if (!home || !homePaths.has(pathname)) return Promise.resolve();
  const ready = Promise.allSettled([preloadPage(home), queryClient.prefetchQuery(mainListsQueryOptions)]);
  const cap = new Promise<void>((resolve) => setTimeout(resolve, waitMs));
  return Promise.race([ready.then(() => undefined), cap]);
}
