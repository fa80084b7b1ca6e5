import type { PlayerApi, PlayerRoute } from '@aposta/contract';
import { http, type RequestOptions } from './http';
import type { Envelope } from './http-core';

/** `/api/app/sports/bets/:betId/cashout` → `{ betId: string | number }`. */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

type PathOf<R extends PlayerRoute> = R extends `${string} ${infer Path}` ? Path : never;

/** How the client behaves for this call (loading indicator, silence, form body, idempotency key). */
type CallOptions = Pick<RequestOptions, 'form' | 'loading' | 'silent' | 'idempotencyKey'>;

export type PlayerArgs<R extends PlayerRoute> = (keyof PathParams<PathOf<R>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<R>> }) &
  (undefined extends PlayerApi[R]['body']
    ? { body?: PlayerApi[R]['body'] }
    : { body: PlayerApi[R]['body'] }) & {
    query?: PlayerApi[R]['query'];
  } & CallOptions;

type Needed<R extends PlayerRoute> = keyof PathParams<PathOf<R>> extends never
  ? undefined extends PlayerApi[R]['body']
    ? [args?: PlayerArgs<R>]
    : [args: PlayerArgs<R>]
  : [args: PlayerArgs<R>];

/** The path of a call with its parameters filled in: `('GET /api/app/activities/:id', { id: 7 })` → `/api/app/activities/7`. */
export function playerPath(route: PlayerRoute, params: Record<string, string | number> = {}): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

function optionsOf(route: PlayerRoute, args: unknown): { path: string; options: RequestOptions } {
  const { params, body, query, ...rest } = (args ?? {}) as CallOptions & {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: RequestOptions['params'];
  };
  const method = route.startsWith('GET ') ? 'GET' : 'POST';
  return {
    path: playerPath(route, params),
    options: {
      ...rest,
      method,
      ...(body !== undefined ? { body } : {}),
      ...(query ? { params: query } : {}),
    },
  };
}

/**
 * A player call typed by the contract (packages/contract/src/player-api.ts): the route names the method and the
 * path, its path parameters, body and query are checked, and the answer has the type the server answers with.
 */
export function playerApi<R extends PlayerRoute>(
  route: R,
  ...[args]: Needed<R>
): Promise<PlayerApi[R]['answer']> {
  const { path, options } = optionsOf(route, args);
  const { method, body, ...rest } = options;
  // Through http.get and http.post, the client's own entry points (tests stand in for them).
  return method === 'GET'
    ? http.get<PlayerApi[R]['answer']>(path, rest)
    : http.post<PlayerApi[R]['answer']>(path, body, rest);
}

/** Like playerApi, with the whole envelope, for calls whose answer is the server's message. */
export function playerApiEnvelope<R extends PlayerRoute>(
  route: R,
  ...[args]: Needed<R>
): Promise<Envelope<PlayerApi[R]['answer']>> {
  const { path, options } = optionsOf(route, args);
  return http.requestEnvelope<PlayerApi[R]['answer']>(path, options);
}
