import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import {
  context,
  createContextKey,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
} from '@opentelemetry/api';
import { traceparentOf } from './traceparent.ts';

/**
 * Client spans for outgoing HTTP (the PSP over node:https, slot providers and identity over fetch), with a
 * `traceparent` header so the partner's spans, if it traces, join ours. Read from Node's diagnostics channels
 * (node:http's and undici's, which carries fetch), so the clients themselves are unchanged and nothing is patched.
 * The span ends when the answer's headers arrive (or the call fails): a body nobody reads never leaves it open.
 */

/** The OTel SDK marks its own export calls so that they are not traced (the same key as @opentelemetry/core's). */
const SUPPRESS_TRACING = createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING');

/** undici's request object, as its diagnostics channels hand it over (the parts read here). */
interface UndiciRequest {
  method: string;
  origin: string | URL;
  path: string;
  headers: string[] | string;
  addHeader(name: string, value: string): void;
}

const withoutQuery = (path: string) => path.split('?')[0] ?? '';

/** The open client spans, by the request object the channels hand over. */
class ClientSpans {
  readonly #spans = new WeakMap<object, Span>();
  readonly #tracer: Tracer;
  readonly #exportTarget: URL | undefined;

  constructor(tracer: Tracer, exportUrl: string | undefined) {
    this.#tracer = tracer;
    this.#exportTarget = exportUrl ? new URL(exportUrl) : undefined;
  }

  start(key: object, method: string, url: URL): Span | undefined {
    if (context.active().getValue(SUPPRESS_TRACING) === true) return undefined;
    const target = this.#exportTarget;
    if (target && url.host === target.host && url.pathname === target.pathname) return undefined;
    const span = this.#tracer.startSpan(`${method} ${url.host}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': method,
        'server.address': url.hostname,
        // The path without its query: a query may carry a token or a player's data.
        'url.full': `${url.origin}${withoutQuery(url.pathname)}`,
      },
    });
    this.#spans.set(key, span);
    return span;
  }

  answered(key: object, status: number): void {
    const span = this.#take(key);
    if (!span) return;
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }

  failed(key: object, error: unknown): void {
    const span = this.#take(key);
    if (!span) return;
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }

  #take(key: object): Span | undefined {
    const span = this.#spans.get(key);
    this.#spans.delete(key);
    return span;
  }
}

type Handlers = [string, (message: unknown) => void][];

/** node:http(s): `created` comes before the headers leave, so the header can still be set. */
const nodeHttp = (spans: ClientSpans): Handlers => [
  [
    'http.client.request.created',
    (message) => {
      const { request } = message as { request: ClientRequest };
      // The Host header carries the port; `host` is the name alone.
      const host = String(request.getHeader('host') ?? request.host);
      const url = new URL(`${request.protocol}//${host}${request.path}`);
      const span = spans.start(request, request.method, url);
      if (span && !request.headersSent && !request.hasHeader('traceparent')) {
        request.setHeader('traceparent', traceparentOf(span));
      }
    },
  ],
  [
    'http.client.response.finish',
    (message) => {
      const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
      spans.answered(request, response.statusCode ?? 0);
    },
  ],
  [
    'http.client.request.error',
    (message) => {
      const { request, error } = message as { request: ClientRequest; error: unknown };
      spans.failed(request, error);
    },
  ],
];

/** undici, which carries fetch. */
const undici = (spans: ClientSpans): Handlers => [
  [
    'undici:request:create',
    (message) => {
      const { request } = message as { request: UndiciRequest };
      const span = spans.start(request, request.method, new URL(request.path, request.origin));
      const headers = Array.isArray(request.headers) ? request.headers : [request.headers];
      const given = headers.some((header) => /(^|\n)traceparent\s*(:|$)/im.test(String(header)));
      if (span && !given) request.addHeader('traceparent', traceparentOf(span));
    },
  ],
  [
    'undici:request:headers',
    (message) => {
      const { request, response } = message as { request: object; response: { statusCode: number } };
      spans.answered(request, response.statusCode);
    },
  ],
  [
    'undici:request:error',
    (message) => {
      const { request, error } = message as { request: object; error: unknown };
      spans.failed(request, error);
    },
  ],
];

/** Subscribes to the channels; answers the unsubscription. `exportUrl`: the OTLP endpoint, never traced. */
export function subscribeClientSpans(tracer: Tracer, exportUrl: string | undefined): () => void {
  const spans = new ClientSpans(tracer, exportUrl);
  const handlers = [...nodeHttp(spans), ...undici(spans)];
  for (const [name, handler] of handlers) diagnostics.subscribe(name, handler);
  return () => {
    for (const [name, handler] of handlers) diagnostics.unsubscribe(name, handler);
  };
}
