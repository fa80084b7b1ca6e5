import type { AdminApi, AdminRoute } from '@aposta/contract';
import { call, type QueryValue } from './client.ts';

/** `/players/:uId/flags` → `{ uId: string | number }`. */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

type PathOf<R extends AdminRoute> = R extends `${string} ${infer Path}` ? Path : never;

export type AdminArgs<R extends AdminRoute> = (keyof PathParams<PathOf<R>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<R>> }) &
  (undefined extends AdminApi[R]['body'] ? { body?: AdminApi[R]['body'] } : { body: AdminApi[R]['body'] }) & {
    query?: AdminApi[R]['query'];
    /** Money actions send one so that a repeated click returns the first result. */
    idempotencyKey?: string;
  };

type Needed<R extends AdminRoute> = keyof PathParams<PathOf<R>> extends never
  ? undefined extends AdminApi[R]['body']
    ? [args?: AdminArgs<R>]
    : [args: AdminArgs<R>]
  : [args: AdminArgs<R>];

/** The path of a call with its parameters filled in: `('POST /players/:uId/flags', { uId: 7 })` → `/players/7/flags`. */
export function adminPath(route: AdminRoute, params: Record<string, string | number> = {}): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A back-office call typed by the contract (packages/contract/src/admin-api.ts): the route names the method and
 * the path, its path parameters, body and query are checked, and the answer has the type the server answers with.
 */
export function adminApi<R extends AdminRoute>(
  route: R,
  ...[args]: Needed<R>
): Promise<AdminApi[R]['answer']> {
  const method = route.startsWith('GET ') ? 'GET' : 'POST';
  const options = (args ?? {}) as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, QueryValue>;
    idempotencyKey?: string;
  };
  return call<AdminApi[R]['answer']>(adminPath(route, options.params), {
    method,
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.query ? { params: options.query } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}
