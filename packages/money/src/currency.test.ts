import { describe, expect, it } from 'vitest';
import { currencySymbol, LEDGER_CURRENCY } from './currency.ts';

describe('currencySymbol', () => {
  it('is R$ for reais and for every pay unit paid in reais', () => {
    for (const code of [LEDGER_CURRENCY, 'INSBRL', 'BTBRL', 'FCBRL', 'EXTPAY', 'EXPPAY', '']) {
      expect(currencySymbol(code), code).toBe('R$');
    }
  });

  it("takes Intl's narrow symbol for other currencies, and the code when Intl does not know it", () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('NGN')).toBe('₦');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('not a currency')).toBe('not a currency');
  });
});
