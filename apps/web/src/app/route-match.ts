import { type RouteEntry, routeTable } from './route-table';

// Helpers over the route table: React Router cannot match a parameter glued to text (/y8H2K9Q),
// so pattern entries are matched here, and the socket and offGame rules read the flags here.

const patternShape = /^(.*)\{(\w+)\}$/;
// Invite codes and activity ids are short letters and digits; anything else is an unknown path.
const parameterValue = '([A-Za-z0-9_-]{1,32})';

export function isPattern(entry: RouteEntry): boolean {
  return patternShape.test(entry.path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function matchPattern(
  pathname: string,
  table: readonly RouteEntry[] = routeTable,
): { entry: RouteEntry; params: Record<string, string> } | undefined {
  for (const entry of table) {
    const shape = patternShape.exec(entry.path);
    if (!shape) continue;
    const [, prefix = '', name = 'param'] = shape;
    const match = new RegExp(`^${escapeRegExp(prefix)}${parameterValue}/?$`).exec(pathname);
    if (match?.[1]) return { entry, params: { [name]: match[1] } };
  }
  return undefined;
}

function entryFor(pathname: string, table: readonly RouteEntry[]): RouteEntry | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return table.find((entry) => entry.path === clean) ?? matchPattern(clean, table)?.entry;
}

/** Play pages (/play and the game routes): no socket while one is shown. */
export function isPlayPath(pathname: string, table: readonly RouteEntry[] = routeTable): boolean {
  return entryFor(pathname, table)?.play === true;
}

export function isGamePath(pathname: string, table: readonly RouteEntry[] = routeTable): boolean {
  return entryFor(pathname, table)?.game === true;
}

export function isAuthPath(pathname: string, table: readonly RouteEntry[] = routeTable): boolean {
  return entryFor(pathname, table)?.auth === true;
}

/** The game routes by gameType, for the home list (a SELF game goes to the route named after it). */
export function gameRouteFor(
  gameType: string,
  table: readonly RouteEntry[] = routeTable,
): string | undefined {
  const path = `/${gameType}`;
  return table.some((entry) => entry.game && !entry.play && entry.path === path) ? path : undefined;
}
