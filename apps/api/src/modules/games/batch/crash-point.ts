/**
 * The kill -9 test's crash points (test/games/batch-crash.test.ts): with NODE_ENV=test and BATCH_CRASH_AT set to a
 * step of a batch, the process kills itself with SIGKILL at that step of the first batch of two bets or more, as a
 * power cut would. Read once at start; never honoured outside NODE_ENV=test (production refuses no variable, it
 * simply never looks at this one).
 */
export type CrashPoint = 'before-lock' | 'after-judge' | 'mid-write' | 'after-commit';

const armed = process.env.NODE_ENV === 'test' ? process.env.BATCH_CRASH_AT : undefined;

export function crashPoint(point: CrashPoint, bets: number): void {
  if (armed === point && bets > 1) process.kill(process.pid, 'SIGKILL');
}
