import fs from 'node:fs';
import { openPglite } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { templatePath } from '../db/pglite-template.ts';

/**
 * Prepares the PGlite template of the current migrations (db/pglite-template.ts) unless it exists: `npm start`
 * and the API tests' global setup run it, so a fresh data directory, or a test's in-memory database, starts from
 * a copy instead of initdb and every migration.
 */
export async function preparePgliteTemplate(): Promise<string> {
  const file = templatePath();
  if (fs.existsSync(file)) return file;
  const database = await openPglite(undefined);
  try {
    await migrate(database);
    if (!database.saveTemplate) return file;
    return await database.saveTemplate();
  } finally {
    await database.close();
  }
}

if (import.meta.main) console.log(`PGlite template: ${await preparePgliteTemplate()}`);
