import { defineConfig } from 'vitest/config';

// Browser journeys: a real server (built web app, embedded database) driven in Debian's Chromium on a phone
// viewport. One file at a time: each starts its own server and browser, and the machine has two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
