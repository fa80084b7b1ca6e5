import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidInput } from '../lib/domain-error.ts';
import { resolveLanguage, translate } from '../lib/messages.ts';

const MAX_DEPTH = 20;

/** The path (`a.b.0`) of the first string in `value` (or object key) that `bad` refuses, or undefined. */
function findString(
  value: unknown,
  bad: (text: string) => boolean,
  path = '',
  depth = 0,
): string | undefined {
  if (typeof value === 'string') return bad(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findString(item, bad, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  for (const key of Object.keys(value)) if (bad(key)) return path || 'body';
  return undefined;
}

/** The path of the first string in `value` that holds a NUL character, or undefined. */
export const findNul = (value: unknown) => findString(value, (text) => text.includes('\u0000'));

// Half of a surrogate pair without its other half (no `u` flag: it must see the UTF-16 code units).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in `value` that holds a lone UTF-16 surrogate ("\uD800" in JSON), or undefined. */
export const findLoneSurrogate = (value: unknown) => findString(value, (text) => LONE_SURROGATE.test(text));

/** The path of the first number in `value` that is not finite (`1e400`, 400 nines: Infinity), or undefined. */
export function findNonFinite(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || 'body';
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFinite(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Input no route can store or compute with, refused for every route at once with a 400 naming the field:
 * a NUL character in any string (PostgreSQL text cannot hold it: a database error, a 500) and a lone UTF-16
 * surrogate (no UTF-8 text can hold it: the database's encoding fails, or a page or export shows garbage),
 * checked before validation; and a number that is not finite after validation's coercion ("1e400" or 400 nines become Infinity,
 * which passes an integer bound and then fails as a BigInt).
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
    if (field !== undefined) throw invalidInput('validation.nul', { field });
    const broken =
      findLoneSurrogate(request.params) ??
      findLoneSurrogate(request.query) ??
      findLoneSurrogate(request.body);
    if (broken !== undefined) throw invalidInput('validation.lone_surrogate', { field: broken });
  });
  app.addHook('preHandler', async (request) => {
    const field =
      findNonFinite(request.params) ?? findNonFinite(request.query) ?? findNonFinite(request.body);
    if (field !== undefined) throw invalidInput('validation.not_finite', { field });
  });
}

/**
 * Errors the router answers before any route or hook runs: a malformed percent-encoding (%E0%A4%A) and a path
 * parameter longer than the router takes. Answered in the envelope like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = resolveLanguage(request.headers.lang);
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const http = tooLong ? 414 : 400;
  request.log.info({ code: error.code }, 'request refused by the router');
  void reply
    .code(http)
    .type('application/json; charset=utf-8')
    .send({
      status: http,
      message: translate(language, tooLong ? 'error.url_too_long' : 'error.bad_url'),
      data: null,
    });
}
