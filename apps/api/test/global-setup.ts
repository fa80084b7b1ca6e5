import { preparePgliteTemplate } from '../src/cli/prepare-pglite.ts';

/** Once per test run: the PGlite template, so every test's in-memory database starts migrated (no initdb each). */
export default async function setup(): Promise<void> {
  await preparePgliteTemplate();
}
