import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { ErrorEnvelope } from './envelope.ts';

/**
 * Every route's error answers, declared in one place (issue 28): the OpenAPI document then tells a client every
 * status a call can answer, not only its 200. The statuses are the error handler's (error-handler.ts, api-contract
 * section 2); each is the envelope `{ status, message, data }`, `status` in the body saying which case it is.
 *
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

/** Adds the error answers to every route registered after it (call before the modules register). */
export function installErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as { hide?: boolean; response?: Record<string | number, unknown> };
    if (
      schema.hide ||
      route.method === 'HEAD' ||
      (Array.isArray(route.method) && route.method.includes('HEAD'))
    ) {
      return;
    }
    const own = schema.response ?? {};
    const envelope = isEnvelope(own[200] ?? own['2xx']);
    const errors: Record<number, unknown> = {};
    for (const status of errorStatusesFor(route)) {
      if (status in own) continue;
      const description = ERROR_STATUSES[status] ?? '';
      errors[status] = envelope ? { ...ErrorEnvelope, description } : Type.Unknown({ description });
    }
    // A new object: route modules share schema parts between routes, and those must stay as they were.
    route.schema = { ...schema, response: { ...errors, ...own } };
  });
}
