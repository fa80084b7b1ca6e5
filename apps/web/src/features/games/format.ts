import { formatAmount, formatMoney } from '../../lib/format';
import { type LocaleCode, localeInfo } from '../../lib/locales';

export { decimalSeparator } from '../../lib/money-input';

// Numbers of the games in the player's language: "77,18" in pt_BR. Multipliers go through lib/format's
// formatMultiplier, the app's one formatter of odds and multipliers.

/** Two decimals in the language's digits: rolls (77,18), targets. */
export function twoDecimals(value: number, locale: LocaleCode): string {
  return formatAmount(value, locale);
}

export function money(value: number, locale: LocaleCode): string {
  return formatMoney(value, locale);
}

export function percentLabel(value: number, locale: LocaleCode, fractionDigitsMax = 2): string {
  return `${new Intl.NumberFormat(localeInfo(locale).intlTag, {
    minimumFractionDigits: Math.min(2, fractionDigitsMax),
    maximumFractionDigits: fractionDigitsMax,
  }).format(value)} %`;
}

export function timeLabel(epochMs: number, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(localeInfo(locale).intlTag, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(epochMs);
}
