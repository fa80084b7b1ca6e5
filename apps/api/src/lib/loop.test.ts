import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, stoppableLoop } from './loop.ts';

/** A tick's own work: time that passes on the test's fake clock. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLog() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    log: { error: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) },
  };
}

describe('stoppableLoop', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks again and again, one at a time, until stopped', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let ticks = 0;
    const { log } = recordingLog();
    const loop = stoppableLoop({
      name: 'test',
      intervalMs: 1,
      log,
      tick: async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(2);
        ticks += 1;
        running -= 1;
      },
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(60);
    // The tick in flight ends on the clock; stop waits for it.
    const stopping = loop.stop();
    await vi.advanceTimersByTimeAsync(2);
    await stopping;
    const afterStop = ticks;
    await vi.advanceTimersByTimeAsync(30);
    expect(afterStop).toBeGreaterThan(3);
    expect(ticks).toBe(afterStop);
    expect(most).toBe(1);
  });

  it('stop waits for the tick in flight to finish', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let finished = false;
    const { log } = recordingLog();
    const loop = stoppableLoop({
      name: 'slow',
      intervalMs: 1000,
      log,
      tick: () =>
        new Promise<void>((resolve) => {
          release = () => {
            finished = true;
            resolve();
          };
        }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
  });

  it('logs a failed tick with its context and waits longer after each failure', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    const { lines, log } = recordingLog();
    const loop = stoppableLoop({
      name: 'feed',
      intervalMs: 100,
      maxBackoffMs: 1000,
      context: { feed: 'simulated' },
      log,
      tick: async () => {
        started.push(Date.now());
        throw new Error('database down');
      },
    });
    const t0 = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(3500);
    await loop.stop();
    const gaps = started.slice(1).map((at, index) => at - (started[index] as number));
    expect(started[0]).toBe(t0);
    expect(gaps.slice(0, 4)).toEqual([200, 400, 800, 1000]);
    expect(lines[0]).toMatchObject({
      message: 'loop tick failed',
      fields: { loop: 'feed', feed: 'simulated', failures: 1 },
    });
    expect((lines[0]!.fields.err as Error).message).toBe('database down');
  });
  it('restarted while a stopped tick still runs, keeps one chain of ticks', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    const { log } = recordingLog();
    const loop = stoppableLoop({
      name: 'restart',
      intervalMs: 1,
      log,
      tick: async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(15);
        running -= 1;
      },
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(5);
    const stopping = loop.stop();
    loop.start();
    await vi.advanceTimersByTimeAsync(15);
    await stopping;
    await vi.advanceTimersByTimeAsync(80);
    const stopped = loop.stop();
    await vi.advanceTimersByTimeAsync(15);
    await stopped;
    expect(most).toBe(1);
  });

  it('catches a tick that throws before returning a promise', async () => {
    vi.useFakeTimers();
    const { lines, log } = recordingLog();
    const loop = stoppableLoop({
      name: 'sync',
      intervalMs: 100,
      log,
      tick: () => {
        throw new Error('not even a promise');
      },
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(50);
    await loop.stop();
    expect(lines.map((line) => line.fields.loop)).toEqual(['sync']);
  });
});

describe('backoffDelay', () => {
  it('is the interval while ticks succeed, doubles per failure, and stops at the cap', () => {
    expect(backoffDelay(500, 0, 60_000)).toBe(500);
    expect(backoffDelay(500, 3, 60_000)).toBe(4000);
    expect(backoffDelay(500, 50, 60_000)).toBe(60_000);
    // An interval longer than the cap is never shortened by a failure.
    expect(backoffDelay(600_000, 2, 60_000)).toBe(600_000);
  });
});
