import type { FastifyInstance } from 'fastify';

/** Body fields that carry money: their JSON numbers are read from the text the client sent. */
const MONEY_FIELDS = new Set(['amount']);

interface ReviverContext {
  source?: string;
}

/**
 * JSON.parse loses how a number was written: `1.000`, `1e0`, `100e-2` and `1` are one double, and
 * `1.0000000000000001` rounds to 1. For money fields the contract refuses all but plain decimals with at most
 * 2 places (api-contract section 1), so their numbers are handed on as the text the client wrote (the reviver's
 * source-text access) and the exact amount parser judges that text. Keys that could pollute prototypes are
 * refused, as Fastify's own parser does.
 */
export function parseJsonBody(text: string): unknown {
  return parseKeepingNumberText(text, (key) => MONEY_FIELDS.has(key));
}

/**
 * Every number as the text it was sent as: for a provider that signs the values of its own JSON (Evoplay), so the
 * signature is checked over `1.50` as sent, not over the `1.5` a parsed number would print.
 */
export function parseJsonNumbersAsText(text: string): unknown {
  return parseKeepingNumberText(text, () => true);
}

function parseKeepingNumberText(text: string, keepsText: (key: string) => boolean): unknown {
  return JSON.parse(
    text,
    function revive(this: unknown, key: string, value: unknown, context?: ReviverContext) {
      if (key === '__proto__') throw new SyntaxError('__proto__ is not allowed');
      if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) {
        throw new SyntaxError('constructor.prototype is not allowed');
      }
      if (typeof value === 'number' && keepsText(key) && context?.source !== undefined) return context.source;
      return value;
    },
  );
}

/**
 * `application/json` bodies: clients send the content type on every call (spec.md section 7), body or not, so an
 * empty body is no body, not a malformed one (a logout must still revoke its token).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, parseJsonBody(body as string));
    } catch {
      const error = new Error('malformed JSON body') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
}
