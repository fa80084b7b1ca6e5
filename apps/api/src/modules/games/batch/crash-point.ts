/**
 * The kill -9 test's crash points (test/games/batch-crash.test.ts): the process kills itself with SIGKILL at a step
 * of the first batch of two bets or more, as a power cut would. The test arms it from a module it preloads into the
 * server (`node --import test/games/batch-crash-hook.ts`), which names the step on `globalThis`; the server reads
 * no variable for it, and never looks outside NODE_ENV=test.
 */
export type CrashPoint = 'before-lock' | 'after-judge' | 'mid-write' | 'after-commit';

/** Where the preloaded test module names the step. */
export const CRASH_AT = Symbol.for('aposta.test.betBatchCrashAt');

const testing = process.env.NODE_ENV === 'test';

export function crashPoint(point: CrashPoint, bets: number): void {
  if (!testing || bets < 2) return;
  if ((globalThis as Record<symbol, unknown>)[CRASH_AT] === point) process.kill(process.pid, 'SIGKILL');
}

/**
 * The crash point checked on the event loop's next turn: the statements issued now (a trip) have been written to
 * the database's socket, their answer not yet read.
 */
export function crashSoon(point: CrashPoint, bets: number): void {
  if (!testing || bets < 2) return;
  setImmediate(() => crashPoint(point, bets));
}
