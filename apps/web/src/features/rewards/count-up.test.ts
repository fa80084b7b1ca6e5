import { describe, expect, it } from 'vitest';
import { countUpValue, increasePercent, increaseReward } from './count-up';

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

describe('increaseReward', () => {
  it('is what the server credits: stake × (bouns − 1), rounded down to the centavo', () => {
    expect(increaseReward(220, 1.05)).toBe(11);
    expect(increaseReward(200.01, 1.05)).toBe(10);
    expect(increaseReward(333.33, 1.0333)).toBe(11.09);
    expect(increaseReward(100, 1)).toBe(0);
    expect(increasePercent(1.05)).toBe(5);
    expect(increasePercent(1.0333)).toBe(3.33);
  });
});
