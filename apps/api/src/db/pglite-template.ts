import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { listMigrations } from './migrate.ts';

/**
 * A prepared, migrated PGlite data directory (a tarball), so a fresh data directory starts from a copy instead of
 * paying for `initdb` and every migration (decision 0020: about 20 s → 4 s on the shared 2-core machine). It is
 * named by a hash of the PGlite version and the migrations, so a new migration or PGlite makes a new one; a
 * template that is missing or stale is simply not used (the server then starts the slow way and writes one).
 */

const TEMPLATE_DIR =
  process.env.PGLITE_TEMPLATE_DIR || path.join(import.meta.dirname, '../../../../node_modules/.cache/aposta');

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('@electric-sql/pglite/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function templatePath(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const migration of listMigrations()) hash.update(migration.name).update(migration.sql);
  return path.join(TEMPLATE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** True when `dataDir` holds no database yet (PGlite would run initdb there). */
export function isFreshDataDir(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The template for the current migrations, if one has been prepared. */
export function readTemplate(): Blob | undefined {
  const file = templatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Writes the template from a migrated PGlite (atomically: a half-written file is never read). */
export async function writeTemplate(pglite: PGlite): Promise<string> {
  const file = templatePath();
  const dump = await pglite.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}
