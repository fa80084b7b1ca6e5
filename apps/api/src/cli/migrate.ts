import { ConfigError, loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/connection.ts';
import { listMigrations, migrate } from '../db/migrate.ts';

/**
 * `npm run migrate`: applies this code's pending migrations to the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR) and names each one applied. A deploy runs it once, before the new servers start:
 * on PostgreSQL they refuse a database behind them unless MIGRATE_ON_START=1 (decision 0045). Safe to run twice
 * and from several machines at once (an advisory lock; each migration in its own transaction). The embedded
 * database belongs to one process: stop its server first.
 */
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
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
// Set at the end, after close: closing PGlite resets process.exitCode.
let exitCode = 0;
const database = config.databaseUrl
  ? openPostgres(config.databaseUrl, 2, config.database)
  : await openPglite(config.dataDir);
try {
  const applied = await migrate(database);
  for (const name of applied) console.log(`applied ${name}`);
  console.log(`${where} is up to date: ${listMigrations().length} migrations, ${applied.length} applied now`);
} catch (error) {
  console.error(`migration failed on ${where}:`, error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
