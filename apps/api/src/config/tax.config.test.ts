import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.parse.ts';
import { parseTax } from './tax.config.ts';

describe('parseTax (decision 0057)', () => {
  it('withholds 15 % above R$ 2.259,20 per year by default under br-licensed', () => {
    expect(parseTax({}, { licensed: true })).toEqual({
      mode: 'withhold',
      rateBasisPoints: 1500,
      exemptCents: 225_920n,
      period: 'year',
      basis: 'event',
    });
  });
  it('is off in the open profile whatever WINNINGS_TAX says', () => {
    expect(parseTax({ WINNINGS_TAX: 'withhold' }, { licensed: false }).mode).toBe('off');
  });
  it('reads the rate and the band exactly', () => {
    const tax = parseTax(
      {
        WINNINGS_TAX: 'statement-only',
        WINNINGS_TAX_RATE: '7.5',
        WINNINGS_TAX_EXEMPT: '2428.8',
        WINNINGS_TAX_PERIOD: 'month',
        WINNINGS_TAX_BASIS: 'period-net',
      },
      { licensed: true },
    );
    expect(tax).toEqual({
      mode: 'statement-only',
      rateBasisPoints: 750,
      exemptCents: 242_880n,
      period: 'month',
      basis: 'period-net',
    });
  });
  it.each([
    { WINNINGS_TAX: 'yes' },
    { WINNINGS_TAX_RATE: '100.01' },
    { WINNINGS_TAX_RATE: '15,00' },
    { WINNINGS_TAX_EXEMPT: '2259.205' },
    { WINNINGS_TAX_PERIOD: 'week' },
    { WINNINGS_TAX_BASIS: 'per-bet' },
  ])('refuses %o', (env) => {
    expect(() => parseTax(env, { licensed: true })).toThrow(ConfigError);
  });
});
