/**
 * Preloaded into the server by batch-crash.test.ts (`node --import`): arms the bet engine's crash point named by
 * BATCH_CRASH_AT (modules/games/batch/crash-point.ts), in this test's server only.
 */
(globalThis as Record<symbol, unknown>)[Symbol.for('aposta.test.betBatchCrashAt')] =
  process.env.BATCH_CRASH_AT;
