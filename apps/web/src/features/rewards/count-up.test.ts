import { describe, expect, it } from 'vitest';
import { countUpValue } from './count-up';

describe('countUpValue', () => {
  it('starts at the amount and ends exactly at amount × bouns', () => {
    expect(countUpValue(10, 15, 0)).toBe(10);
    expect(countUpValue(10, 15, 2000)).toBe(15);
    expect(countUpValue(10, 15, 9000)).toBe(15);
  });

  it('rises monotonically with centavo precision', () => {
    let previous = 0;
    for (let elapsed = 0; elapsed <= 2000; elapsed += 100) {
      const value = countUpValue(0, 33.33, elapsed);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(Math.abs(value * 100 - Math.round(value * 100))).toBeLessThan(1e-9);
      previous = value;
    }
  });
});
