import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit, property and API tests. Browser journeys have their own config in e2e/.
// API tests run on PGlite (the embedded database of `npm start`). With DATABASE_URL they run whole on PostgreSQL
// (the production database) too, and PGlite then runs the smoke set below plus every file that runs only on
// PGlite: running everything twice doubled the suite's time for little (docs/decisions/0041-ci-split.md).
// PGLITE_ALL=1 runs the whole suite on both.
const apiTests = 'apps/api/test/**/*.test.ts';
const pgliteSmoke = [
  'apps/api/test/wallet/**/*.test.ts',
  'apps/api/test/games/money.test.ts',
  'apps/api/test/games/first-bets-keyed.test.ts',
  'apps/api/test/sportsbook/placement.test.ts',
  'apps/api/test/slots/pg.test.ts',
  'apps/api/test/register.test.ts',
  'apps/api/test/login.test.ts',
  'apps/api/test/health.test.ts',
  'apps/api/test/idempotency-crash.test.ts',
  'apps/api/test/transaction-trips.test.ts',
  'apps/api/test/after-commit.test.ts',
];
/** API test files that skip themselves unless on PGlite: they must run where PGlite does. */
function pgliteOnlyFiles(dir = 'apps/api/test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pgliteOnlyFiles(path);
    if (!entry.name.endsWith('.test.ts')) return [];
    return readFileSync(path, 'utf8').includes("TEST_DATABASE !== 'pglite'") ? [path] : [];
  });
}
const pgliteTests =
  process.env.DATABASE_URL && process.env.PGLITE_ALL !== '1'
    ? [...pgliteSmoke, ...pgliteOnlyFiles()]
    : [apiTests];
// One fast-check seed per file (FC_SEED replays it): scripts/test-support/fast-check-setup.ts.
const fastCheckSeed = 'scripts/test-support/fast-check-setup.ts';

// CI (REQUIRE_SERVICES=1, set by .ci/run) never lets the PostgreSQL suites pass by not running.
if (process.env.REQUIRE_SERVICES === '1' && !process.env.DATABASE_URL)
  throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL is not set: the PostgreSQL suites would not run');

export default defineConfig({
  test: {
    // Both cores: the API files wait on PostgreSQL much of the time, so two run side by side (decision 0041).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          testTimeout: 120_000,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/admin/src/**/*.test.{ts,tsx}',
            'apps/studio/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          setupFiles: [fastCheckSeed, 'apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: pgliteTests,
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: [fastCheckSeed],
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: [apiTests],
                env: { TEST_DATABASE: 'postgres' },
                setupFiles: [fastCheckSeed],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
