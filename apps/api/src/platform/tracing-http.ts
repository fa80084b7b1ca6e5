import { type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseTraceparent } from './traceparent.ts';
import { requestContext, startTracing, stopTracing, tracer, useAsyncContext } from './tracing.ts';

interface Traced {
  context: Context;
  span?: Span;
}

const requests = new WeakMap<FastifyRequest, Traced>();

/**
 * Every request runs in its own async context: its id for the log lines of the services it calls (tracing.ts,
 * `logContext`) and, with tracing on, its server span, named by the route's pattern, continuing the caller's W3C
 * `traceparent`. With OTEL_EXPORTER_OTLP_ENDPOINT set, spans are exported there (the app that started the exporter
 * flushes it when it closes).
 *
 * The context is entered in onRequest and entered again in preHandler: reading the body happens on the socket's
 * events, outside it, and the handler runs synchronously after the last preHandler.
 */
export async function installTracing(
  app: FastifyInstance,
  ops: { otlpEndpoint: string | undefined; serviceName: string },
): Promise<void> {
  useAsyncContext();
  if (ops.otlpEndpoint && !tracer()) {
    await startTracing({ serviceName: ops.serviceName, endpoint: ops.otlpEndpoint });
    app.addHook('onClose', async () => stopTracing());
  }
  app.addHook('onRequest', (request, _reply, done) => {
    // A request the app makes to itself (inject) continues the caller's context; one from a socket has none.
    const parent = context.active();
    const remote = parseTraceparent(request.headers.traceparent);
    const current = tracer();
    const span = current?.startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? '',
          'request.id': request.id,
        },
      },
      remote ? trace.setSpanContext(parent, remote) : parent,
    );
    const entered = requestContext(parent, { id: request.id, log: request.log }, span);
    requests.set(request, { context: entered, span });
    context.with(entered, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const traced = requests.get(request);
    if (traced) context.with(traced.context, done);
    else done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    const span = requests.get(request)?.span;
    span?.recordException(error);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    requests.get(request)?.span?.end();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = requests.get(request)?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
