import { centsToDecimalString, parseAmountToCents } from '@aposta/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.parse.ts';
import { parseSportsbook } from './sportsbook.config.ts';

/** Issue 28: the sportsbook's amounts in reais become centavos through @aposta/money, exactly. */
describe('sportsbook settings in reais', () => {
  it('agree with @aposta/money for every 2-decimal amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 100_000_000n }), (cents) => {
        const text = centsToDecimalString(cents);
        expect(parseSportsbook({ SPORTSBOOK_STAKE_MIN: text }).stakeCentsMin).toBe(parseAmountToCents(text));
        if (cents >= 100n) {
          const config = parseSportsbook({ SPORTSBOOK_MARKET_MAX_LIABILITY: text });
          expect(config.marketMaxLiabilityCents).toBe(parseAmountToCents(text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuse an amount that is not whole centavos instead of rounding it', () => {
    expect(() => parseSportsbook({ SPORTSBOOK_STAKE_MIN: '0.125' })).toThrow(ConfigError);
    expect(() => parseSportsbook({ SPORTSBOOK_PAYOUT_MAX: '1000.001' })).toThrow(ConfigError);
  });
});
