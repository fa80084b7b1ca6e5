import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../db/connection.ts';
import { DomainError, type MessageParams } from '../lib/domain-error.ts';
import { resolveLanguage, translate } from '../lib/messages.ts';
import { ERROR_CATALOGUE } from './error-catalogue.ts';

interface ValidationItem {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Turns the first schema violation into one sentence in the caller's language: which field and why. */
export function describeValidation(
  language: string,
  items: ValidationItem[],
  context: string | undefined,
): string {
  const first = items[0] ?? {};
  const missing = first.params?.missingProperty;
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const field =
    typeof missing === 'string' ? (path ? `${path}.${missing}` : missing) : path || context || 'body';
  const limit = (first.params?.limit as number | undefined) ?? '';
  const reasonKey: Record<string, string> = {
    required: 'validation.required',
    type: 'validation.type',
    minLength: 'validation.too_short',
    maxLength: 'validation.too_long',
    pattern: 'validation.format',
    format: 'validation.format',
    minimum: 'validation.range',
    maximum: 'validation.range',
    exclusiveMinimum: 'validation.range',
    exclusiveMaximum: 'validation.range',
    multipleOf: 'validation.format',
    enum: 'validation.enum',
    const: 'validation.enum',
    anyOf: 'validation.enum',
    maxItems: 'validation.too_many',
  };
  const reason = translate(language, reasonKey[first.keyword ?? ''] ?? 'validation.format', { limit });
  return translate(language, 'validation.field', { field, reason });
}

function send(reply: FastifyReply, http: number, status: number, message: string, data: unknown = null) {
  return reply.code(http).type('application/json; charset=utf-8').send({ status, message, data });
}

/**
 * The one error handler: domain errors map to the catalogue with a message in the caller's language; schema
 * violations are 400s that name the field; anything else is logged with its context and answered with a
 * generic 500, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
    const language = resolveLanguage(request.headers.lang);
    if (error instanceof DomainError) {
      const entry = ERROR_CATALOGUE[error.code];
      // Refusals the catalogue answers (a 400, a 404, an insufficient balance as 500/9999) are routine: info.
      request.log.info({ code: error.code, messageKey: error.messageKey }, 'request refused');
      return send(
        reply,
        entry.http,
        entry.status,
        translate(language, error.messageKey, error.params),
        error.data,
      );
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      request.log.info({ validation: fastifyError.validation[0] }, 'request refused: invalid input');
      const message = describeValidation(language, fastifyError.validation, fastifyError.validationContext);
      return send(reply, 400, 400, message);
    }
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      request.log.info({ code: fastifyError.code, statusCode: fastifyError.statusCode }, 'request refused');
    }
    if (fastifyError.statusCode === 429) {
      return send(reply, 429, 429, translate(language, 'error.rate_limited'));
    }
    if (fastifyError.statusCode === 413) {
      return send(reply, 413, 413, translate(language, 'error.too_large'));
    }
    if (error instanceof DatabaseUnavailableError) {
      // Every pooled connection stayed busy: the server is overloaded, not broken; the client may retry.
      request.log.error({ err: error, url: request.url, method: request.method }, 'no database connection');
      return send(reply, 503, 503, translate(language, 'error.unavailable'));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Malformed JSON, wrong content type: the client's fault, described generically.
      const key = fastifyError.statusCode === 404 ? 'error.not_found' : 'error.bad_json';
      const http = fastifyError.statusCode === 404 ? 404 : 400;
      return send(reply, http, http, translate(language, key));
    }
    request.log.error(
      {
        err: error,
        url: request.url,
        method: request.method,
        route: request.routeOptions.url,
        playerId: request.playerId?.toString(),
        operatorId: request.operatorId?.toString(),
      },
      'unexpected fault',
    );
    return send(reply, 500, 500, translate(language, 'error.internal'));
  });
}

export function translateFor(request: FastifyRequest, key: string, params?: MessageParams): string {
  return translate(resolveLanguage(request.headers.lang), key, params);
}
