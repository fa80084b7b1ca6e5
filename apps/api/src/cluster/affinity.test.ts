import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClientAffinity } from './affinity.ts';

describe('ClientAffinity', () => {
  it('keeps a client on its worker and spreads new clients evenly', () => {
    const affinity = new ClientAffinity(60_000);
    const first = ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'].map((ip) => affinity.pick(ip, [1, 2], 0));
    expect(first.sort()).toEqual([1, 1, 2, 2]);
    const again = affinity.pick('10.0.0.3', [1, 2], 1_000);
    expect(affinity.pick('10.0.0.3', [1, 2], 2_000)).toBe(again);
  });

  it('moves the clients of a worker that is gone, and of none when no worker is ready', () => {
    const affinity = new ClientAffinity(60_000);
    expect(affinity.pick('a', [1], 0)).toBe(1);
    affinity.forget(1);
    expect(affinity.pick('a', [2], 10)).toBe(2);
    expect(affinity.pick('b', [], 10)).toBeUndefined();
  });

  it('forgets a client not seen for its time to live', () => {
    const affinity = new ClientAffinity(1_000);
    affinity.pick('a', [1, 2], 0);
    affinity.sweep(500);
    expect(affinity.loadOf(1) + affinity.loadOf(2)).toBe(1);
    affinity.sweep(2_000);
    expect(affinity.loadOf(1) + affinity.loadOf(2)).toBe(0);
  });

  it('never lets two workers differ by more than one client while clients only arrive', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.ipV4(), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (ips, workers) => {
          const affinity = new ClientAffinity(60_000);
          const ready = Array.from({ length: workers }, (_, index) => index + 1);
          for (const ip of ips) affinity.pick(ip, ready, 0);
          const loads = ready.map((worker) => affinity.loadOf(worker));
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
          expect(loads.reduce((sum, load) => sum + load, 0)).toBe(ips.length);
        },
      ),
    );
  });
});
