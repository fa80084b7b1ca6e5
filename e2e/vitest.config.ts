import { defineConfig } from 'vitest/config';

// Browser journeys: a real server (built web app, embedded database) driven in Debian's Chromium on a phone
// viewport. One file at a time: each starts its own server and browser, and on two cores two journeys at once
// pushed round timings, live counters and page loads past what a player would wait (decision 0041). Each server
// still takes a port from the system, so a journey that starts a second server never collides with the first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // In CI a journey that fails is run once more (each registers its own players): a loaded two-core machine
    // has pushed a page load past 30 s. A journey that fails twice is a real failure; the report names both runs.
    retry: process.env.CI ? 1 : 0,
    // What a player waits for (a reload, a socket push) can take seconds on a loaded two-core machine; vitest's
    // one-second default for expect.poll made the journeys flaky there.
    expect: { poll: { timeout: 10_000 } },
  },
});
