import { type Env, parseFlag, parseInteger } from '../config.parse.ts';

/** How the server is operated: metrics, traces, migrations and shutdown (issue 31, docs/operations.md). */
export interface OpsConfig {
  /**
   * METRICS_PORT: the Prometheus scrape port, separate from the public one so that no balancer or player ever
   * reaches it; unset, no metrics listener is opened. Under WORKERS>1 the primary process serves it for all workers.
   */
  metricsPort: number | null;
  /** METRICS_HOST: the address the metrics listener binds (loopback unless a scraper on another host needs it). */
  metricsHost: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where traces go over OTLP/HTTP (e.g. http://collector:4318); unset, none leave. */
  otlpEndpoint: string | undefined;
  /** OTEL_SERVICE_NAME: the service name on every span. */
  serviceName: string;
  /**
   * MIGRATE_ON_START: apply pending migrations at start. Default on for the embedded database (the app's own);
   * off for PostgreSQL, where start refuses a database whose migrations are behind (`npm run migrate` first).
   */
  migrateOnStart: boolean;
  /** SHUTDOWN_DRAIN_SECONDS: after SIGTERM, how long /health/ready answers 503 before the listener closes. */
  shutdownDrainSeconds: number;
  /** SHUTDOWN_TIMEOUT_SECONDS: open requests get this long to finish before the process exits anyway. */
  shutdownTimeoutSeconds: number;
}

export function parseOps(env: Env, databaseUrl: string | undefined): OpsConfig {
  const metricsPort = env.METRICS_PORT ? parseInteger('METRICS_PORT', env.METRICS_PORT, 0, 1, 65_535) : null;
  return {
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    serviceName: env.OTEL_SERVICE_NAME || 'aposta-api',
    migrateOnStart: parseFlag('MIGRATE_ON_START', env.MIGRATE_ON_START, !databaseUrl),
    shutdownDrainSeconds: parseInteger('SHUTDOWN_DRAIN_SECONDS', env.SHUTDOWN_DRAIN_SECONDS, 5, 0, 120),
    shutdownTimeoutSeconds: parseInteger(
      'SHUTDOWN_TIMEOUT_SECONDS',
      env.SHUTDOWN_TIMEOUT_SECONDS,
      25,
      1,
      600,
    ),
  };
}
