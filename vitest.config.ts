import { defineConfig } from 'vitest/config';

// Unit, property and API tests. API tests run on PGlite, and again on PostgreSQL when DATABASE_URL is set.
// Browser journeys have their own config in e2e/.
const apiTests = 'apps/api/test/**/*.test.ts';
// One fast-check seed per file (FC_SEED replays it): scripts/test-support/fast-check-setup.ts.
const fastCheckSeed = 'scripts/test-support/fast-check-setup.ts';

// CI (REQUIRE_SERVICES=1, set by .ci/run) never lets the PostgreSQL suites pass by not running.
if (process.env.REQUIRE_SERVICES === '1' && !process.env.DATABASE_URL)
  throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL is not set: the PostgreSQL suites would not run');

export default defineConfig({
  test: {
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
          include: [apiTests],
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
