import { type Span, type SpanContext, trace } from '@opentelemetry/api';

/** W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header, read and written. */

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** A W3C `traceparent` header as a remote parent, or undefined when absent or malformed (then a new trace). */
export function parseTraceparent(header: unknown): SpanContext | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match || match[1] === 'ff' || (match[1] === '00' && match[5])) return undefined;
  const parent = {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: Number.parseInt(match[4]!, 16) & 1,
    isRemote: true,
  };
  return trace.isSpanContextValid(parent) ? parent : undefined;
}

/** The `traceparent` header that makes `span` the parent of the callee's spans. */
export function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-0${(traceFlags & 1).toString(16)}`;
}
