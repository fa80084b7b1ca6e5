import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openPglite, openPostgres } from './db/connection.ts';

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
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.database.poolSize, config.database)
    : await openPglite(config.dataDir);
  const { app } = await buildApp({ config, database });
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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `ready on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
