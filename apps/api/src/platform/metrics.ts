import { tryParseAmountToCents } from '@aposta/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connection.ts';
import { poolFigures } from '../db/pooled-client.ts';
import { afterCommit } from './after-commit.ts';
import { databaseRegistry, useDatabase } from './metrics-database.ts';
import { measurePartnerCalls } from './metrics-partners.ts';
import {
  METRICS_ANSWER,
  METRICS_ASK,
  type MetricsAnswer,
  type MetricsAsk,
  serveMetrics,
} from './metrics-server.ts';

/**
 * What this process counts for Prometheus (docs/decisions/0044-metrics.md). Per process: the HTTP figures, the
 * business events seen on their routes (counted in onResponse, once the handler committed), the pool, the sockets
 * and the ledger check. The figures of the database (queues, open orders, house balances) are in
 * metrics-database.ts: read at scrape time, by one process of a cluster only.
 *
 * Cardinality rule: every label takes its values from a closed set known to the code (route patterns, products,
 * providers of the route table, status classes); nothing a client sends becomes a label value.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
measurePartnerCalls(processRegistry);

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = new Counter({
  name: 'aposta_http_requests_total',
  help: 'HTTP requests answered, per route pattern, method and status class.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});
const httpDuration = new Histogram({
  name: 'aposta_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, per route pattern and method.',
  labelNames: ['method', 'route'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [processRegistry],
});
const bets = new Counter({
  name: 'aposta_bets_total',
  help: 'Bets accepted (answered 2xx), per product.',
  labelNames: ['product'] as const,
  registers: [processRegistry],
});
const stakes = new Counter({
  name: 'aposta_bet_stakes_cents_total',
  help: 'Stakes of the accepted bets in centavos, per product.',
  labelNames: ['product'] as const,
  registers: [processRegistry],
});
const webhooks = new Counter({
  name: 'aposta_psp_webhooks_total',
  help: 'PSP webhook deliveries, per provider and result (accepted, refused: 4xx, failed: 5xx).',
  labelNames: ['provider', 'result'] as const,
  registers: [processRegistry],
});
const slotCallbacks = new Counter({
  name: 'aposta_slot_callbacks_total',
  help: "Slot providers' wallet callbacks, per provider and result (ok, refused: an error answer, failed: 5xx).",
  labelNames: ['provider', 'result'] as const,
  registers: [processRegistry],
});

new Gauge({
  name: 'aposta_db_pool_connections',
  help: 'PostgreSQL pool connections of this process, per state (busy, idle, max).',
  labelNames: ['state'] as const,
  registers: [processRegistry],
  collect() {
    let total = 0;
    let idle = 0;
    let max = 0;
    for (const pool of poolFigures.pools) {
      total += pool.totalCount ?? 0;
      idle += pool.idleCount ?? 0;
      max += pool.options?.max ?? 0;
    }
    this.set({ state: 'busy' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'max' }, max);
  },
});
new Gauge({
  name: 'aposta_db_pool_waiting',
  help: 'Queries of this process waiting for a free pooled connection now.',
  registers: [processRegistry],
  collect() {
    let waiting = 0;
    for (const pool of poolFigures.pools) waiting += pool.waitingCount ?? 0;
    this.set(waiting);
  },
});
// Counters kept by the pool itself (db/pooled-client.ts): mirrored at scrape time, never decreasing.
new Counter({
  name: 'aposta_db_pool_waits_total',
  help: 'Connection checkouts that found the pool full and had to queue.',
  registers: [processRegistry],
  collect() {
    this.reset();
    this.inc(poolFigures.waits);
  },
});
new Counter({
  name: 'aposta_db_pool_timeouts_total',
  help: 'Waits for a pooled connection that ran out (answered 503).',
  registers: [processRegistry],
  collect() {
    this.reset();
    this.inc(poolFigures.timeouts);
  },
});

let countSockets: () => number | undefined = () => undefined;
new Gauge({
  name: 'aposta_realtime_connections',
  help: 'Socket.IO connections open on this process.',
  registers: [processRegistry],
  collect() {
    this.set(countSockets() ?? 0);
  },
});

// A cluster's primary keeps the worst of its workers' figures: any worker's mismatch is the ledger's.
const ledgerProblems = new Gauge({
  name: 'aposta_ledger_check_problems',
  help: 'Differences the last periodic ledger check found (0: clean).',
  registers: [processRegistry],
  aggregator: 'max',
});
const ledgerCheckedAt = new Gauge({
  name: 'aposta_ledger_check_last_run_timestamp_seconds',
  help: 'When the periodic ledger check last finished (Unix seconds).',
  registers: [processRegistry],
  aggregator: 'max',
});

/** The ledger module reports each periodic check here. */
export function recordLedgerCheck(problems: number): void {
  ledgerProblems.set(problems);
  ledgerCheckedAt.set(Date.now() / 1000);
}

/**
 * The bet routes and what they count as, by route pattern (a table, not imports: platform knows no module).
 * Mines counts at its start, where the stake is taken.
 */
const BET_ROUTES: Record<string, string> = {
  '/api/app/game/dice/bet': 'dice',
  '/api/app/game/limbo/bet': 'limbo',
  '/api/app/game/rowDouble/bet': 'rowDouble',
  '/api/app/game/double/bet': 'double',
  '/api/app/game/luckyColor/bet': 'luckyColor',
  '/api/app/game/mines/start': 'mines',
  '/api/app/sports/bet': 'sports',
};
const SLOT_ROUTES: Record<string, string> = {
  '/api/provider/pg/*': 'PG',
  '/api/provider/bg/:call': 'BG',
  '/api/provider/evo/callback': 'EVO',
};
const WEBHOOK_ROUTES = new Set(['/api/pay/webhook/:provider', '/api/pay/webhook/:provider/pix']);
const knownProviders = new Set<string>();

const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;
const resultOf = (code: number) => (code >= 500 ? 'failed' : code >= 400 ? 'refused' : undefined);

/** The stake a bet route was asked for, in centavos (reais in the body, read by the one parser of @aposta/money). */
function stakeCents(body: unknown): number {
  const parsed = tryParseAmountToCents((body as { amount?: unknown } | undefined)?.amount);
  return parsed.ok ? Number(parsed.amountCents) : 0;
}

/**
 * A slot round's stake, counted once its transaction has committed (slots.wallet.ts): the providers' callbacks
 * carry the amount in three formats, so the wallet, which has read it, tells the figure.
 */
export function countSlotStake(provider: string, amountCents: bigint): void {
  void afterCommit(() => {
    bets.inc({ product: `slots:${provider}` });
    stakes.inc({ product: `slots:${provider}` }, Number(amountCents));
  });
}

/** Remembers whether a slot callback's answer was an error (an error body under HTTP 200 for PG and EVO). */
const slotAnswerRefused = new WeakMap<FastifyRequest, boolean>();

function onResponse(request: FastifyRequest, reply: FastifyReply): void {
  // Unmatched URLs (404s of scanners) share one label: a raw URL would be a new series per probe.
  const route = request.routeOptions.url ?? 'unmatched';
  const code = reply.statusCode;
  httpRequests.inc({ method: request.method, route, status: statusClass(code) });
  httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  const product = BET_ROUTES[route];
  if (product && code < 300) {
    bets.inc({ product });
    stakes.inc({ product }, stakeCents(request.body));
    return;
  }
  const slotProvider = SLOT_ROUTES[route];
  if (slotProvider) {
    const result = resultOf(code) ?? (slotAnswerRefused.get(request) ? 'refused' : 'ok');
    slotCallbacks.inc({ provider: slotProvider, result });
    return;
  }
  if (WEBHOOK_ROUTES.has(route)) {
    const named = (request.params as { provider?: string }).provider ?? '';
    // Only a configured provider gets past the lookup to a 2xx or a refused signature (401): those names are
    // learned; a name seen only with a 404, 400 or 429 stays `unknown` (a prober would otherwise mint labels).
    if (code < 300 || code === 401) knownProviders.add(named);
    webhooks.inc({
      provider: knownProviders.has(named) ? named : 'unknown',
      result: resultOf(code) ?? 'accepted',
    });
  }
}

/**
 * app.ts: counts this app's requests and reads its database at scrape time. `sockets`: the Socket.IO connections
 * now (undefined before the gateway is attached).
 */
export function installMetrics(
  app: FastifyInstance,
  database: { db: Db; kind: 'pglite' | 'postgres' },
  sockets?: () => number | undefined,
): void {
  useDatabase(database.db, database.kind);
  if (sockets) countSockets = sockets;
  // Callback hooks, not async ones: no promise per request on the hot path.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SLOT_ROUTES[request.routeOptions.url ?? ''] && typeof payload === 'string')
      slotAnswerRefused.set(request, /"error"\s*:\s*\{/.test(payload));
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    onResponse(request, reply);
    done();
  });
}

/** The whole text of a single process: its own figures and the database's. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processRegistry, databaseRegistry]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

/** main.ts, single process: the scrape listener on METRICS_PORT (none when unset). */
export function listenForMetrics(ops: { metricsPort: number | null; metricsHost: string }): void {
  serveMetrics(ops, metricsText);
}

/** A cluster worker answers its primary's scrape asks (platform/metrics-server.ts) with its figures as JSON. */
export function answerMetricsAsks(): void {
  process.on('message', (message: unknown) => {
    const ask = message as Partial<MetricsAsk> | null;
    if (ask?.type !== METRICS_ASK || typeof ask.id !== 'number') return;
    const registries = ask.withDatabase ? [processRegistry, databaseRegistry] : [processRegistry];
    void Registry.merge(registries)
      .getMetricsAsJSON()
      .then((metrics) => {
        const answer: MetricsAnswer = { type: METRICS_ANSWER, id: ask.id as number, metrics };
        process.send?.(answer);
      });
  });
}
