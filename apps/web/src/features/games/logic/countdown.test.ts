import { describe, expect, it } from 'vitest';
import {
  bettingProgress,
  doubleBettingOpen,
  formatTenths,
  isRoundStale,
  luckyClock,
  remainingMs,
} from './countdown';

describe('round clocks', () => {
  it('counts down to a deadline and never below zero', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
    expect(remainingMs(10_000, 12_000)).toBe(0);
    expect(formatTenths(12_340)).toBe('12.4');
    expect(formatTenths(-5)).toBe('0.0');
  });

  it('double takes bets only in the betting phase before its deadline', () => {
    expect(doubleBettingOpen('betting', 10_000, 9_999)).toBe(true);
    expect(doubleBettingOpen('betting', 10_000, 10_000)).toBe(false);
    expect(doubleBettingOpen('rolling', 10_000, 5_000)).toBe(false);
    expect(bettingProgress(10_000, 2_500, 15_000)).toBe(0.5);
    expect(bettingProgress(10_000, 20_000, 15_000)).toBe(0);
  });

  it('lucky color: betting closes 5 s before the draw; endsAt is the close while betting', () => {
    const betting = luckyClock('betting', 100_000, 90_000);
    expect(betting).toEqual({ drawAt: 105_000, closesAt: 100_000, bettingOpen: true, remainingMs: 15_000 });
    expect(luckyClock('betting', 100_000, 100_000).bettingOpen).toBe(false);
    const rolling = luckyClock('rolling', 105_000, 101_000);
    expect(rolling).toEqual({ drawAt: 105_000, closesAt: 100_000, bettingOpen: false, remainingMs: 4_000 });
  });

  it('a deadline long past without news makes the state stale', () => {
    expect(isRoundStale(10_000, 11_000)).toBe(false);
    expect(isRoundStale(10_000, 13_000)).toBe(true);
  });
});
