import type { Worker } from 'node:cluster';
import http from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * The scrape listener: its own port (METRICS_PORT, bound to METRICS_HOST), never the public one, so that no
 * balancer route or player can read it (docs/decisions/0044-metrics.md). Answers GET /metrics only.
 * Light on purpose: a cluster's primary loads this file and nothing of the app.
 */
export type MetricsText = { contentType: string; body: string };

export function serveMetrics(
  options: { metricsPort: number | null; metricsHost: string },
  render: () => Promise<MetricsText>,
): http.Server | undefined {
  if (options.metricsPort === null) return undefined;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    render().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  server.on('error', (error) => console.error(`The metrics listener could not listen: ${error.message}`));
  server.listen(options.metricsPort, options.metricsHost);
  // Never what keeps a process alive: it goes with the server it reports on.
  server.unref();
  return server;
}

/** The primary's question to a worker, and the worker's answer (over the cluster's IPC channel). */
export const METRICS_ASK = 'aposta:metrics?';
export const METRICS_ANSWER = 'aposta:metrics';
export interface MetricsAsk {
  type: typeof METRICS_ASK;
  id: number;
  /** Only one worker adds the database's figures: they are the same from all of them. */
  withDatabase: boolean;
}
export interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
}

const ASK_TIMEOUT_MS = 5_000;
let nextAsk = 1;

/**
 * A cluster's scrape: every ready worker is asked for its figures, which are added up metric by metric
 * (prom-client's aggregation: sums, or the metric's own aggregator — max for the ledger check, averages for the
 * event-loop lag). A worker that does not answer in 5 s is left out of that scrape.
 */
export async function aggregateWorkers(workers: Worker[]): Promise<MetricsText> {
  const answers = await Promise.all(
    workers.map((worker, index) =>
      askWorker(worker, { type: METRICS_ASK, id: nextAsk++, withDatabase: index === 0 }),
    ),
  );
  const registry = AggregatorRegistry.aggregate<'text/plain; version=0.0.4; charset=utf-8'>(
    answers.filter((answer) => answer !== undefined),
  );
  return { contentType: registry.contentType, body: await registry.metrics() };
}

function askWorker(worker: Worker, ask: MetricsAsk): Promise<MetricsAnswer['metrics'] | undefined> {
  return new Promise((resolve) => {
    const done = (answer: MetricsAnswer['metrics'] | undefined) => {
      clearTimeout(timer);
      worker.off('message', listen);
      resolve(answer);
    };
    const listen = (message: unknown) => {
      const answer = message as Partial<MetricsAnswer> | null;
      if (answer?.type === METRICS_ANSWER && answer.id === ask.id) done(answer.metrics);
    };
    const timer = setTimeout(() => done(undefined), ASK_TIMEOUT_MS);
    worker.on('message', listen);
    try {
      worker.send(ask);
    } catch {
      done(undefined);
    }
  });
}
