import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatCountdown,
  formatMoney,
  formatMultiplier,
  formatOdds,
} from './format';

describe('formatMoney', () => {
  it('shows pt_BR money as R$ with dot thousands and comma decimals', () => {
    expect(formatMoney(1234.56, 'pt_BR')).toBe('R$ 1.234,56');
    expect(formatMoney('1234.5', 'pt_BR')).toBe('R$ 1.234,50');
    expect(formatMoney(0, 'pt_BR')).toBe('R$ 0,00');
  });

  it('always shows exactly 2 decimals', () => {
    expect(formatAmount(10, 'en_US')).toBe('10.00');
    expect(formatAmount(0.126, 'en_US')).toBe('0.13');
  });

  it("shows reais as R$ in every language, with the language's digits", () => {
    expect(formatMoney(1000, 'en_US')).toBe('R$ 1,000.00');
    expect(formatMoney(5, 'nr_NR')).toBe('R$ 5.00');
    expect(formatMoney(1234.5, 'de_DE')).toBe('R$ 1.234,50');
    expect(formatMoney(1234.5, 'ja_JP', 'BRL')).toBe('R$ 1,234.50');
  });

  it('takes the symbol from the currency, not from the language', () => {
    expect(formatMoney(1000, 'pt_BR', 'USD')).toBe('$ 1.000,00');
    expect(formatMoney(5, 'en_US', 'NGN')).toBe('₦ 5.00');
    expect(formatMoney(5, 'en_US', 'INSBRL')).toBe('R$ 5.00');
  });

  it('shows - for anything that is not a number', () => {
    for (const value of [undefined, null, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(formatMoney(value, 'pt_BR')).toBe('-');
    }
  });
});

describe('formatCount', () => {
  it('adds K+, M+ and B+ at 10^3, 10^6 and 10^9', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K+');
    expect(formatCount(12_345)).toBe('12K+');
    expect(formatCount(1_000_000)).toBe('1M+');
    expect(formatCount(2_500_000_000)).toBe('2B+');
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(180_000)).toBe('03:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(500)).toBe('00:01');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('formatOdds and formatMultiplier', () => {
  it("show odds with the language's decimal mark: two decimals, three when needed", () => {
    expect(formatOdds(1.8, 'en_US')).toBe('1.80');
    expect(formatOdds(1.333, 'en_US')).toBe('1.333');
    expect(formatOdds(14.94, 'en_US')).toBe('14.94');
    expect(formatOdds(2, 'en_US')).toBe('2.00');
    expect(formatOdds(2.78, 'pt_BR')).toBe('2,78');
    expect(formatOdds(1.333, 'pt_BR')).toBe('1,333');
  });

  it("show a game's multiplier digit for digit, never rounded up", () => {
    expect(formatMultiplier('1.98', 'pt_BR')).toBe('1,98×');
    expect(formatMultiplier('1.98', 'en_US')).toBe('1.98×');
    expect(formatMultiplier('1000.00', 'pt_BR')).toBe('1.000,00×');
    expect(formatMultiplier(1.999, 'pt_BR')).toBe('1,99×');
    expect(formatMultiplier(0, 'de_DE')).toBe('0,00×');
  });
});
