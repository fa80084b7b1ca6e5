/** Every balance, price and stake is in reais: the ledger keeps one currency. */
export const LEDGER_CURRENCY = 'BRL';

const symbols = new Map<string, string>();

/**
 * The symbol written before an amount of `currency`. The price lists' pay units (BRL, INSBRL, BTBRL, FCBRL,
 * EXTPAY, EXPPAY and the empty one) are all paid in reais, so they are R$. Other ISO codes take Intl's narrow
 * symbol ($ for USD); a code Intl does not know is written as it is.
 */
export function currencySymbol(currency: string): string {
  if (currency === '' || currency.endsWith('BRL') || currency.endsWith('PAY')) return 'R$';
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
      }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}
