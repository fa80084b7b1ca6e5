/** The one method of a logger the loop uses; Fastify's (pino's) logger fits. */
export interface ErrorLog {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface LoopOptions {
  /** Names the loop in its log lines. */
  name: string;
  /** Pause between the end of one tick and the start of the next. */
  intervalMs: number;
  tick: () => Promise<unknown>;
  log: ErrorLog;
  /** Pause before the first tick (default 0: at once). */
  firstDelayMs?: number;
  /** The longest pause after failed ticks (default 60 s, or the interval when that is longer). */
  maxBackoffMs?: number;
  /** Extra fields of every error line (a feed's name, a game). */
  context?: Record<string, unknown>;
}

export interface Loop {
  start(): void;
  /** Ends the loop: no tick starts after it is called, and it resolves once the tick in flight has ended. */
  stop(): Promise<void>;
}

/** The pause after `failures` failed ticks in a row: doubling from the interval, capped. */
export function backoffDelay(intervalMs: number, failures: number, maxBackoffMs: number): number {
  if (failures <= 0) return intervalMs;
  return Math.min(Math.max(maxBackoffMs, intervalMs), intervalMs * 2 ** Math.min(failures, 30));
}

/**
 * Runs `tick` over and over, one at a time, until stopped. A failed tick is logged with the loop's context and
 * the next one waits longer (a database that is down is not hammered); the first success resets the pause.
 */
export function stoppableLoop(options: LoopOptions): Loop {
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  let stopped = true;
  let failures = 0;
  // Bumped by every start: a tick that outlives a stop() and a new start() must not schedule a second chain.
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const current = (mine: number) => !stopped && mine === generation;
  const schedule = (mine: number, delayMs: number) => {
    timer = setTimeout(() => run(mine), delayMs);
  };
  const run = (mine: number) => {
    if (!current(mine)) return;
    // Through a promise, so a tick that throws before returning one is caught like any other failure.
    inFlight = Promise.resolve()
      .then(() => options.tick())
      .then(
        () => {
          failures = 0;
        },
        (error: unknown) => {
          failures += 1;
          options.log.error(
            { err: error, loop: options.name, failures, ...options.context },
            'loop tick failed',
          );
        },
      );
    void inFlight.then(() => {
      if (current(mine)) schedule(mine, backoffDelay(options.intervalMs, failures, maxBackoffMs));
    });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      failures = 0;
      const mine = ++generation;
      // After the tick a stop() left running, if any: ticks never overlap.
      void inFlight.then(() => {
        if (current(mine)) schedule(mine, options.firstDelayMs ?? 0);
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
