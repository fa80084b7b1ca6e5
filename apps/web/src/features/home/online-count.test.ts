import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOnline, onlineCount, skipsAwardCheck } from './online-count';

describe('the online count (spec.md section 9)', () => {
  it('is 101 times the base plus a random amount below 101', () => {
    expect(onlineCount(100, 0)).toBe(10_100);
    expect(onlineCount(100, 0.999_999_9)).toBe(10_200);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (base, random) => {
          const count = onlineCount(base, random);
          expect(count).toBeGreaterThanOrEqual(base * 101);
          expect(count).toBeLessThanOrEqual(base * 101 + 100);
        },
      ),
    );
  });

  it('shows nothing for a missing or zero base', () => {
    expect(onlineCount(0, 0.5)).toBe(0);
    expect(onlineCount(Number.NaN, 0.5)).toBe(0);
  });

  it('is shown with K or M, truncated, in the language digits', () => {
    expect(formatOnline(950, 'pt-BR')).toBe('950');
    expect(formatOnline(12_399, 'pt-BR')).toBe('12,3K');
    expect(formatOnline(12_399, 'en-US')).toBe('12.3K');
    expect(formatOnline(1_299_999, 'pt-BR')).toBe('1,2M');
    expect(formatOnline(10_100, 'pt-BR')).toBe('10,1K');
  });

  it('the award check is skipped for a telegram value naming a manager', () => {
    expect(skipsAwardCheck('https://t.me/aposta_manager')).toBe(true);
    expect(skipsAwardCheck('https://t.me/aposta')).toBe(false);
    expect(skipsAwardCheck(undefined)).toBe(false);
  });
});
