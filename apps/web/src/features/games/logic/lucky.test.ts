import { describe, expect, it } from 'vitest';
import { isBigNumber, isLuckyPeriod, luckyColorsOf, luckyPickWins, readLuckyPick } from './lucky';

describe('lucky color picks', () => {
  it('knows the periods, sizes and colours of numbers', () => {
    expect(isLuckyPeriod(180)).toBe(true);
    expect(isLuckyPeriod(120)).toBe(false);
    expect(isBigNumber(5)).toBe(true);
    expect(isBigNumber(4)).toBe(false);
    expect(luckyColorsOf(0)).toEqual(['red', 'violet']);
    expect(luckyColorsOf(5)).toEqual(['green', 'violet']);
    expect(luckyColorsOf(7)).toEqual(['green']);
  });

  it('reads stored picks and tells which win', () => {
    expect(readLuckyPick('7')).toBe(7);
    expect(readLuckyPick(3)).toBe(3);
    expect(readLuckyPick('violet')).toBe('violet');
    expect(readLuckyPick('purple')).toBeUndefined();
    expect(readLuckyPick(10)).toBeUndefined();
    expect(luckyPickWins('violet', 5)).toBe(true);
    expect(luckyPickWins('green', 0)).toBe(false);
    expect(luckyPickWins('small', 4)).toBe(true);
  });
});
