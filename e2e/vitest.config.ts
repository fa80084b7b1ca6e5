import { defineConfig } from 'vitest/config';

// Browser journeys: a real server (built web app, embedded database) driven in Debian's Chromium on a phone
// viewport. Two files at a time, one per core: each starts its own server (on a port the system hands out) and
// browser, and registers its own players (decision 0041: 27 files in 7.3 min, against 15.5 min one at a time).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // In CI a journey that fails is run once more (each registers its own players): a loaded two-core machine
    // has pushed a page load past 30 s. A journey that fails twice is a real failure; the report names both runs.
    retry: process.env.CI ? 1 : 0,
    // What a player waits for (a reload, a socket push) can take seconds on a loaded two-core machine; vitest's
    // one-second default for expect.poll made the journeys flaky there.
    expect: { poll: { timeout: 10_000 } },
  },
});
