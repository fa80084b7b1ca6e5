// Centavo amounts arrive as decimal strings; they are shown as reais without passing through a float.
import type { Language } from './i18n.ts';

const formatters = new Map<Language, Intl.NumberFormat>();

export function formatCentavos(centavos: string | bigint, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'pt_BR' ? 'pt-BR' : 'en-US', {
      style: 'currency',
      currency: 'BRL',
    });
    formatters.set(language, formatter);
  }
  const value = BigInt(centavos);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const decimal = `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
  return formatter.format(decimal as Intl.StringNumericLiteral);
}

/** What a paytable row pays at a bet, floored to the centavo like the engine does. */
export function payAtBet(coins: number, bet: bigint, betCoins: number): bigint {
  return (bet * BigInt(coins)) / BigInt(betCoins);
}
