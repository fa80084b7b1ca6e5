import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { ErrorEnvelope } from './envelope.ts';

/**
 * Every route's error answers, declared in one place (issue 28): the OpenAPI document then tells a client every
 * status a call can answer, not only its 200. The statuses are the error handler's (error-handler.ts, api-contract
 * section 2); each is the envelope `{ status, message, data }`, `status` in the body saying which case it is.
 *
 * They are documented in the OpenAPI document, not serialized by a schema of their own (installErrorResponses).
 * A route declares its own schema for a status when it answers it differently; that declaration wins. A route whose
 * 200 is not the envelope (a provider's protocol, a page, an image) gets the same statuses without a body schema: its
 * own refusals are in its provider's format, and a schema here must never reshape them.
 */
export const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid input (body status 400): `message` names the field and why, in the request language; malformed JSON too.',
  401: 'No token, or a bad, expired or revoked one (body status 40101): the client logs the user out.',
  403: 'An operator without the role the call needs, or without the second factor it requires (body status 403).',
  404: 'An unknown resource (body status 404).',
  409: 'A conflict: a duplicate, a round already settled, odds changed, a state that no longer allows it (409).',
  413: 'The request body is larger than the server accepts (body status 413).',
  429: 'Rate limited (body status 429): try again later.',
  500: 'Body status 9999: insufficient balance, or a withdrawal refused by its own checks; 1403: account blocked, self-excluded or refused; 500: an unexpected fault (generic message).',
  503: 'No database connection in time: the server is overloaded; the client may retry (body status 503).',
};

/** The statuses a route can answer besides its own: 401 only behind a guard, 403 only for operator calls. */
export function errorStatusesFor(route: Pick<RouteOptions, 'url' | 'onRequest' | 'preHandler'>): number[] {
  const operator = route.url.startsWith('/api/admin');
  const guarded = operator || route.onRequest !== undefined || route.preHandler !== undefined;
  return Object.keys(ERROR_STATUSES)
    .map(Number)
    .filter((status) => (status === 401 ? guarded : status === 403 ? operator : true));
}

function isEnvelope(schema: unknown): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return (
    properties !== undefined && 'status' in properties && 'message' in properties && 'data' in properties
  );
}

/** A route's schema with the error answers it does not declare itself added (a new object: schemas are shared). */
export function withErrorResponses(
  schema: FastifySchema | undefined,
  route: Pick<RouteOptions, 'url' | 'method' | 'onRequest' | 'preHandler'>,
): FastifySchema | undefined {
  const given = (schema ?? {}) as FastifySchema & {
    hide?: boolean;
    response?: Record<string | number, unknown>;
  };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (given.hide || methods.includes('HEAD')) return schema;
  const own = given.response ?? {};
  const envelope = isEnvelope(own[200] ?? own['2xx']);
  const errors: Record<number, unknown> = {};
  for (const status of errorStatusesFor(route)) {
    if (status in own) continue;
    const description = ERROR_STATUSES[status] ?? '';
    errors[status] = envelope ? { ...ErrorEnvelope, description } : Type.Unknown({ description });
  }
  return { ...given, response: { ...errors, ...own } };
}

/**
 * Documents the error answers of every route registered after it (call before the modules register). They go into
 * the OpenAPI document only (a per-route @fastify/swagger transform), not into the routes' own schemas: every error
 * body already comes from the one error handler, and a response schema per status on each of about 200 routes would
 * cost a compiled serializer each (about 1,600, some 2 s of CPU at every start on this machine). The route's hooks
 * are read here, before plugins (rate limiting) add theirs: a hook of the route's own is its guard.
 */
export function installErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = {
      url: route.url,
      method: route.method,
      onRequest: route.onRequest,
      preHandler: route.preHandler,
    };
    const config = (route.config ?? {}) as { swaggerTransform?: unknown };
    if (config.swaggerTransform !== undefined) return;
    const swaggerTransform: SwaggerTransform = ({ schema, url }) => ({
      schema: withErrorResponses(schema, own) ?? {},
      url,
    });
    route.config = { ...config, swaggerTransform } as typeof route.config;
  });
}
