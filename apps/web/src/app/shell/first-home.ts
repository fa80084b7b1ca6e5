import type { MainListsAnswer } from '@aposta/contract';
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

/** The id of the JSON script element in which the server hands over GET /api/app/main/main's answer. */
export const homeListsId = 'home-lists';

/**
 * The game lists the server wrote into home.html beside its tiles (the same answer GET /api/app/main/main gives),
 * so the app draws the tiles the player already sees without asking again. Undefined when the page has none.
 */
export function servedHomeLists(doc: Document): MainListsAnswer | undefined {
  const script = doc.getElementById(homeListsId);
  if (!script?.textContent) return undefined;
  try {
    const lists = JSON.parse(script.textContent) as MainListsAnswer;
    return Array.isArray(lists?.SELF?.records) ? lists : undefined;
  } catch {
    return undefined;
  }
}

/**
 * home.html does not let the app's stylesheets block its first paint (build/boot-shell.ts: they are `preload`s
 * marked data-app-style, fetched from the start). They are applied here, and the first render waits until they
 * have loaded (or failed), so the app is never drawn unstyled.
 */
export function applyAppStyles(doc: Document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.removeAttribute('data-app-style');
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}

/**
 * On a first load of `/` or `/home`: fetches home's chunk and the game list (GET /api/app/main/main, unless the
 * server wrote it into the page) beside the entry's own work, and resolves when both are in (or failed, or after
 * homeWaitMs). Other paths resolve at once.
 */
export function prepareHome(pathname: string, waitMs = homeWaitMs, doc: Document = document): Promise<void> {
  const styles = applyAppStyles(doc);
  const home = routeTable.find((entry) => entry.path === '/home');
  if (!home || !homePaths.has(pathname)) return styles;
  const served = servedHomeLists(doc);
  if (served) queryClient.setQueryData(mainListsQueryOptions.queryKey, served);
  const ready = Promise.allSettled([
    preloadPage(home),
    served ? undefined : queryClient.prefetchQuery(mainListsQueryOptions),
  ]);
  const cap = new Promise<void>((resolve) => setTimeout(resolve, waitMs));
  // The styles are not capped: they are small, and an unstyled app would be worse than the picture a moment longer.
  return Promise.all([styles, Promise.race([ready, cap])]).then(() => undefined);
}
