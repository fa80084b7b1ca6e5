import { describe, expect, it } from 'vitest';
import { describeCpu, perBet, processCpuMs } from './cpu-meter.ts';

describe('the bench CPU meter', () => {
  it.runIf(process.platform === 'linux')('reads a process CPU time from /proc as it grows', () => {
    const before = processCpuMs(process.pid)!;
    const until = performance.now() + 80;
    while (performance.now() < until) Math.sqrt(Math.random());
    // /proc counts in clock ticks (10 ms), so the spin of 80 ms shows as at least 60.
    expect(processCpuMs(process.pid)! - before).toBeGreaterThanOrEqual(60);
    expect(processCpuMs(2 ** 22 + 1)).toBeUndefined();
  });

  it('divides the window CPU by the accepted bets, and says when PostgreSQL was not measured', () => {
    const cpu = perBet({ serverMs: 100, postgresMs: 250 }, { accepted: 50, cpuMs: 25 });
    expect(cpu).toEqual({ serverMs: 2, postgresMs: 5, loadMs: 0.5 });
    expect(describeCpu(cpu)).toBe('PostgreSQL 5.00 ms, server 2.00 ms, load generator 0.50 ms');
    const unread = perBet({ serverMs: 10, postgresMs: undefined }, { accepted: 0, cpuMs: 0 });
    expect(describeCpu(unread)).toBe('PostgreSQL not measured, server 10.00 ms, load generator 0.00 ms');
  });
});

describe('percentile (the benches latency figures)', () => {
  it('reads the p-th value of the sorted latencies, whatever their order, and 0 for none', async () => {
    const { percentile } = await import('./bench-server.ts');
    const latencies = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(latencies, 50)).toBe(51);
    expect(percentile(latencies, 99)).toBe(100);
    expect(latencies[0]).toBe(100); // the caller's array is left as it was
    expect(percentile([], 99)).toBe(0);
  });
});
