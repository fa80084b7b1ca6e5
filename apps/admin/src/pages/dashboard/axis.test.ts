import { describe, expect, it } from 'vitest';
import { niceTicks } from './axis.ts';

describe('dashboard y-axis ticks', () => {
  it('steps evenly by 1, 2 or 5 times a power of ten and keeps zero on the axis', () => {
    expect(niceTicks([-2.3, -0.4])).toEqual([-3, -2, -1, 0]);
    expect(niceTicks([-0.8, 0.3])).toEqual([-1, -0.5, 0, 0.5]);
    expect(niceTicks([0, 1480, 3920])).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(niceTicks([-150, 820])).toEqual([-500, 0, 500, 1000]);
  });

  it('every tick is a multiple of the step (no -0,8 / -1,5 / -2,3)', () => {
    const ticks = niceTicks([-2.3, 0.7]);
    const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
    for (const tick of ticks) expect(Math.abs(Math.round(tick / step) - tick / step)).toBeLessThan(1e-9);
    expect(ticks[0]).toBeLessThanOrEqual(-2.3);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(0.7);
  });

  it('counts of players get whole-number ticks', () => {
    expect(niceTicks([0, 1, 3], true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks([], true)).toEqual([0, 1]);
  });
});
