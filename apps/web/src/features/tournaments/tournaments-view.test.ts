import { describe, expect, it } from 'vitest';
import { multiplierText, progressPercent, timeLeft } from './tournaments-view';

describe('tournaments view', () => {
  it('counts the time left in days, hours and minutes, never below zero', () => {
    expect(timeLeft(1_000 + (26 * 60 + 5) * 60_000, 1_000)).toEqual({ d: 1, h: 2, m: 5 });
    expect(timeLeft(0, 60_000)).toEqual({ d: 0, h: 0, m: 0 });
  });
  it('writes a multiplier in the player language', () => {
    expect(multiplierText(250, 'pt-BR')).toBe('2,50×');
    expect(multiplierText(1234, 'en-US')).toBe('12.34×');
  });
  it('fills a mission bar to 100 at most', () => {
    expect(progressPercent(3, 10)).toBe(30);
    expect(progressPercent(12, 10)).toBe(100);
  });
});
