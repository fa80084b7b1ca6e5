import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { Histogram, type Registry } from 'prom-client';

/**
 * How long our calls to partners take (the PSP over node:https, slot providers and identity over fetch), per
 * partner host and outcome: the PSP latency an operator watches next to deposits. Read from Node's diagnostics
 * channels like the client spans (tracing-clients.ts), so no client is changed. The label is the host name only:
 * partners are a handful, and a port or a path would multiply the series.
 */
export function measurePartnerCalls(registry: Registry): void {
  const duration = new Histogram({
    name: 'aposta_partner_request_duration_seconds',
    help: 'Outgoing HTTP calls to partners (PSP, slot providers, identity), until the answer headers, by host and outcome.',
    labelNames: ['partner', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const started = new WeakMap<object, { partner: string; at: bigint }>();
  const begin = (key: object, partner: string) => started.set(key, { partner, at: process.hrtime.bigint() });
  const end = (key: object, outcome: string) => {
    const call = started.get(key);
    if (!call) return;
    started.delete(key);
    duration.observe({ partner: call.partner, outcome }, Number(process.hrtime.bigint() - call.at) / 1e9);
  };
  const outcomeOf = (status: number) => (status >= 500 ? '5xx' : status >= 400 ? '4xx' : 'ok');

  diagnostics.subscribe('http.client.request.created', (message) => {
    const { request } = message as { request: ClientRequest };
    begin(request, request.host);
  });
  diagnostics.subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    end(request, outcomeOf(response.statusCode ?? 0));
  });
  diagnostics.subscribe('http.client.request.error', (message) => {
    end((message as { request: ClientRequest }).request, 'error');
  });
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { origin: string | URL } };
    begin(request, new URL(request.origin).hostname);
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    end(request, outcomeOf(response.statusCode));
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    end((message as { request: object }).request, 'error');
  });
}
