import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { subscribeClientSpans } from './tracing-clients.ts';

/**
 * OpenTelemetry traces, instrumented by hand (decision 0048): the project runs its TypeScript directly, without the
 * require/loader hooks OTel's auto-instrumentation patches modules through. Spans come from the Fastify hooks
 * (tracing-http.ts), the database driver (tracing-sql.ts), outgoing HTTP (tracing-clients.ts) and `traced` around
 * a few service entry points. Off (no OTEL_EXPORTER_OTLP_ENDPOINT, no test exporter), none is made: each place
 * checks `tracer()` first, so a request pays for one branch per statement and no span objects.
 */

let active: { provider: BasicTracerProvider; tracer: Tracer; stopClients: () => void } | undefined;
let contextManagerSet = false;

/** Context follows async calls (AsyncLocalStorage), for spans and for the request's log fields alike. */
export function useAsyncContext(): void {
  if (contextManagerSet) return;
  contextManagerSet = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP base URL (`/v1/traces` is appended), batched. */
  endpoint?: string;
  /** Tests: every span handed over as it ends (e.g. an InMemorySpanExporter). */
  exporter?: SpanExporter;
}

/** Starts recording spans (one provider per process). */
export async function startTracing(options: TracingOptions): Promise<void> {
  if (active) throw new Error('tracing already started');
  useAsyncContext();
  const processors = [];
  let exportUrl: string | undefined;
  if (options.exporter) processors.push(new SimpleSpanProcessor(options.exporter));
  if (options.endpoint) {
    exportUrl = `${options.endpoint.replace(/\/+$/, '')}/v1/traces`;
    // Loaded only when configured: its protobuf/JSON transformer is not small.
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: exportUrl })));
  }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: processors,
  });
  const tracer = provider.getTracer('aposta-api');
  active = { provider, tracer, stopClients: subscribeClientSpans(tracer, exportUrl) };
}

/** Sends what is pending and stops recording. */
export async function stopTracing(): Promise<void> {
  const stopping = active;
  if (!stopping) return;
  active = undefined;
  stopping.stopClients();
  await stopping.provider.shutdown();
}

/** The tracer while tracing is on; undefined when off (callers then skip their span entirely). */
export const tracer = (): Tracer | undefined => active?.tracer;

const finish = (span: Span, error?: unknown) => {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
};

/**
 * Runs `fn` in a span named `name` (a child of the active one), ended when `fn` returns or its promise settles.
 * Synchronous functions stay synchronous. Off, `fn` runs as it is.
 */
export function inSpan<T>(name: string, fn: () => T, attributes?: Attributes, kind = SpanKind.INTERNAL): T {
  const current = active?.tracer;
  if (!current) return fn();
  const span = current.startSpan(name, { kind, ...(attributes ? { attributes } : {}) });
  return context.with(trace.setSpan(context.active(), span), () => {
    let result: T;
    try {
      result = fn();
    } catch (error) {
      finish(span, error);
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => {
          finish(span);
          return value;
        },
        (error: unknown) => {
          finish(span, error);
          throw error;
        },
      ) as T;
    }
    finish(span);
    return result;
  });
}

/**
 * {@link inSpan} only inside a trace (a request's, a traced job's): a statement or a push of the background loops
 * (round ticks, polls) would otherwise each be a trace of one span, many per second.
 */
export function childSpan<T>(
  name: string,
  fn: () => T,
  attributes?: Attributes,
  kind = SpanKind.INTERNAL,
): T {
  if (!active || trace.getSpan(context.active()) === undefined) return fn();
  return inSpan(name, fn, attributes, kind);
}

/** `fn` wrapped so that each call runs in a span named `name`: a service entry point, in one line. */
export function traced<F extends (...args: never[]) => unknown>(name: string, fn: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    return inSpan(name, () => fn.apply(this, args));
  } as F;
}

/** What a request puts in its async context: its id, and its own logger (which already prints that id). */
export interface RequestNote {
  id: string;
  log: unknown;
}

export const REQUEST_KEY = createContextKey('aposta request');

/** The context of a request: its note, and its span when there is one. */
export function requestContext(parent: Context, note: RequestNote, span?: Span): Context {
  const withNote = parent.setValue(REQUEST_KEY, note);
  return span ? trace.setSpan(withNote, span) : withNote;
}

/**
 * pino's `mixin`: every log line written inside a request carries its `reqId` (the request's own logger prints it
 * already; the services' `ctx.log` does not) and, when traced, the `trace_id` and `span_id` to find it by.
 */
export function logContext(_merge: object, _level: number, logger?: unknown): Record<string, string> {
  const current = context.active();
  const note = current.getValue(REQUEST_KEY) as RequestNote | undefined;
  const span = trace.getSpan(current);
  if (!note && !span) return {};
  const fields: Record<string, string> = {};
  if (note && logger !== note.log) fields.reqId = note.id;
  const ids = span?.spanContext();
  if (ids && trace.isSpanContextValid(ids)) {
    fields.trace_id = ids.traceId;
    fields.span_id = ids.spanId;
  }
  return fields;
}

export { SpanKind, SpanStatusCode };
