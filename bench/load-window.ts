import { performance } from 'node:perf_hooks';

/**
 * The measured part of a load generator: tells the parent the window starts (`{ started: true }`, which
 * runLoadProcess passes to its `onStarted`), runs `work` with the window's deadline, and answers how long the
 * window really lasted and this process's CPU in it.
 */
export async function measuredWindow(
  seconds: number,
  work: (deadline: number) => Promise<unknown>,
): Promise<{ seconds: number; cpuMs: number }> {
  process.send?.({ started: true });
  const cpuAtStart = process.cpuUsage();
  const startedAt = performance.now();
  await work(startedAt + seconds * 1000);
  const cpu = process.cpuUsage(cpuAtStart);
  return { seconds: (performance.now() - startedAt) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}
