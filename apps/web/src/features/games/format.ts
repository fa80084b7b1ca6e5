import { formatAmount, formatMoney } from '../../lib/format';
import { type LocaleCode, localeInfo } from '../../lib/locales';

// Numbers of the games in the player's language: "1,98×" and "77,18" in pt_BR, "1.98×" in en_US.

const separators = new Map<string, string>();

export function decimalSeparator(locale: LocaleCode): string {
  const tag = localeInfo(locale).intlTag;
  let separator = separators.get(tag);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    separator = separator ?? '.';
    separators.set(tag, separator);
  }
  return separator;
}

/** "1.98" (formatMultiplier's text) as "1,98×" in pt_BR. */
export function multiplierLabel(multiplierText: string, locale: LocaleCode): string {
  return `${multiplierText.replace('.', decimalSeparator(locale))}×`;
}

/** A multiplier the API sent as a number (display only), with 2 decimals and ×. */
export function multiplierNumberLabel(value: number, locale: LocaleCode): string {
  return `${formatAmount(value, locale)}×`;
}

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
