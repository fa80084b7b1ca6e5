import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { preparePgliteTemplate } from './cli/prepare-pglite.ts';
import { runPrimary } from './cluster/primary.ts';
import { serveFromPrimary } from './cluster/worker.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openPglite, openPostgres } from './db/connection.ts';
import { MigrationsBehindError, migrateOrRefuse } from './db/migrate.ts';
import { listenForMetrics } from './platform/metrics.ts';

const CLOSE_TIMEOUT_MS = 10_000;

/** Boot only: config, database (migrated, or refused when behind), listen, graceful close. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = configOrExit();
  // One process per core: this one only owns the port and hands connections to its workers (cluster/).
  if (config.workers > 1 && cluster.isPrimary) {
    // Once here, not in every worker: a database behind stops the whole server before any process is forked.
    await migrateBeforeWorkers(config);
    return runPrimary(config);
  }
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.database.poolSize, config.database)
    : await openPglite(config.dataDir);
  const built = await buildApp({
    config,
    database,
    deferBackground: true,
    migrateOnStart: config.ops.migrateOnStart,
  }).catch(async (error: unknown) => {
    await database.close().catch(() => undefined);
    throw error;
  });
  const { app, startBackground } = built;
  app.addHook('onClose', async () => database.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    await stopGracefully(built, config.ops, signal);
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

/** The configuration, or exit 78 (EX_CONFIG) with the reason: a bad setting is said once, plainly. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
}

/**
 * The graceful stop of decision 0045, in this order: (1) /health/ready answers 503 while everything else is still
 * served, for SHUTDOWN_DRAIN_SECONDS, so the balancer takes the node out; (2) the sockets are told to reconnect (now
 * through the balancer, to another node) and the listener stops accepting; (3) the open requests finish, within
 * SHUTDOWN_TIMEOUT_SECONDS; (4) the background loops stop and the database closes (app.close). Exits the process.
 */
async function stopGracefully(
  { app, drain, handOff }: Awaited<ReturnType<typeof buildApp>>,
  ops: Config['ops'],
  signal: string,
): Promise<never> {
  drain.begin();
  app.log.info({ signal, drainSeconds: ops.shutdownDrainSeconds }, 'draining: /health/ready answers 503');
  await delay(ops.shutdownDrainSeconds * 1000);
  const sockets = handOff();
  // A worker has no listener of its own: the primary stopped handing it connections.
  if (app.server.listening) app.server.close();
  app.server.closeIdleConnections();
  app.log.info({ sockets, openRequests: drain.openRequests }, 'listener closed: finishing open requests');
  const finished = await drain.settled(ops.shutdownTimeoutSeconds * 1000);
  if (!finished) {
    app.log.error({ openRequests: drain.openRequests }, 'shutdown timeout: cutting the requests still open');
    app.server.closeAllConnections();
  }
  // Closing itself (loops, pool) is bounded too: a hung close must not keep a stopped node around.
  setTimeout(() => process.exit(1), CLOSE_TIMEOUT_MS).unref();
  await app.close();
  app.log.info({ signal }, 'shut down');
  process.exit(finished ? 0 : 1);
}

/** The primary of a cluster applies the pending migrations (MIGRATE_ON_START), or refuses to start, for all workers. */
async function migrateBeforeWorkers(config: Config): Promise<void> {
  if (!config.databaseUrl) return;
  // Two: migrate() holds the advisory lock on one connection and runs each script on another.
  const database = openPostgres(config.databaseUrl, 2, config.database);
  try {
    await migrateOrRefuse(database, config.ops.migrateOnStart);
  } finally {
    await database.close();
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
  // Like a configuration error (EX_CONFIG): restarting cannot help until someone runs `npm run migrate`.
  if (error instanceof MigrationsBehindError) {
    console.error(`The server refuses to start: ${error.message}`);
    process.exit(78);
  }
  console.error('The server could not start:', error);
  process.exit(1);
});
