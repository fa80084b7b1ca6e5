import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { preparePgliteTemplate } from './cli/prepare-pglite.ts';
import { runPrimary } from './cluster/primary.ts';
import { serveFromPrimary } from './cluster/worker.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openPglite, openPostgres } from './db/connection.ts';
import { listenForMetrics } from './platform/metrics.ts';

/** Boot only: config, database, listen, graceful close. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  // One process per core: this one only owns the port and hands connections to its workers (cluster/).
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.database.poolSize, config.database)
    : await openPglite(config.dataDir);
  const { app, startBackground } = await buildApp({ config, database, deferBackground: true });
  app.addHook('onClose', async () => database.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (cluster.isWorker) {
    // A worker takes its connections from the primary; its background loops share the work with the other
    // workers as separate servers do (leases, SKIP LOCKED jobs, advisory locks).
    await app.ready();
    serveFromPrimary(app.server);
    app.log.info(
      { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
      'worker ready',
    );
    startBackground();
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  listenForMetrics(config.ops);
  // Listening is not answering: on a fresh data directory the first background ticks (hash chains, the sports
  // schedule) keep the process busy for a while. Ready is said once the first page and the database answer.
  await untilAnswering(app.log, ownUrl(app.server.address()), ['/api/health', '/']);
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `ready on http://localhost:${config.port}`,
  );
  // Only now the round games' hash chains, the sports feed and the jobs: they never hold up the first page.
  startBackground();
  // An embedded database started without a template: one is prepared (from a clean, migrated database, never
  // this one with its data) for the next fresh start.
  if (database.saveTemplate) {
    preparePgliteTemplate().then(
      (file) => app.log.info({ file }, 'PGlite template written for the next fresh start'),
      (error: unknown) => app.log.warn({ err: error }, 'could not write the PGlite template'),
    );
  }
}

/** Where this process can reach itself: the address it listens on, loopback when it listens on all of them. */
function ownUrl(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') throw new Error('the server listens on no TCP port');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Asks this server, over real HTTP, for each path once, waiting as long as it takes (2 minutes at most); a path that never does is logged. */
async function untilAnswering(log: FastifyBaseLogger, baseUrl: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    try {
      const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(120_000) });
      await response.arrayBuffer();
    } catch (error) {
      log.warn({ err: error, path }, 'the server did not answer its own first request');
    }
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
