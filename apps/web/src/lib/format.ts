import { currencySymbol, LEDGER_CURRENCY } from '@aposta/money';
import { type LocaleCode, localeInfo } from './locales';

const numberFormats = new Map<string, Intl.NumberFormat>();

function twoDecimals(intlTag: string): Intl.NumberFormat {
  let format = numberFormats.get(intlTag);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormats.set(intlTag, format);
  }
  return format;
}

/** A finite number from an API amount (number or numeric string), or undefined. */
export function toAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** An amount with 2 decimals in the locale's digits, without a symbol; '-' when it is not a number. */
export function formatAmount(value: unknown, locale: LocaleCode): string {
  const amount = toAmount(value);
  if (amount === undefined) return '-';
  return twoDecimals(localeInfo(locale).intlTag).format(amount);
}

/**
 * Money as the app shows it: the symbol of the money's currency (reais unless told otherwise),
 * a plain space, then the amount in the language's digits (pt_BR: `R$ 1.234,56`, en_US:
 * `R$ 1,234.56`). The language never changes the symbol: a balance in reais is R$ in every
 * language. The symbol always leads, as in the original app, whatever Intl's own currency
 * layout for the language would be.
 */
export function formatMoney(value: unknown, locale: LocaleCode, currency: string = LEDGER_CURRENCY): string {
  const amount = formatAmount(value, locale);
  if (amount === '-') return amount;
  return `${currencySymbol(currency)} ${amount}`;
}

const countSuffixes = [
  { threshold: 1e9, suffix: 'B+' },
  { threshold: 1e6, suffix: 'M+' },
  { threshold: 1e3, suffix: 'K+' },
] as const;

/** Large counters shortened for count-up displays: 12 345 becomes `12K+` (floored, hence the plus). */
export function formatCount(value: unknown): string {
  const amount = toAmount(value);
  if (amount === undefined) return '-';
  for (const { threshold, suffix } of countSuffixes) {
    if (Math.abs(amount) >= threshold) return `${Math.trunc(amount / threshold)}${suffix}`;
  }
  return String(Math.trunc(amount));
}

/** mm:ss for countdowns such as the 3-minute resend timer. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

const oddsFormats = new Map<string, Intl.NumberFormat>();

function oddsFormat(intlTag: string, fractionDigitsMax: number): Intl.NumberFormat {
  const cacheKey = `${intlTag}|${fractionDigitsMax}`;
  let format = oddsFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, {
      minimumFractionDigits: 2,
      maximumFractionDigits: fractionDigitsMax,
    });
    oddsFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * Odds as the sportsbook shows them, in the language's digits: two decimals, a third only when it carries
 * ("1,80" and "1,333" in pt_BR, "1.80" in en_US).
 */
export function formatOdds(odds: number, locale: LocaleCode): string {
  if (!Number.isFinite(odds)) return '-';
  return oddsFormat(localeInfo(locale).intlTag, 3).format(Math.round(odds * 1000) / 1000);
}

/**
 * A game's multiplier with its ×: "1,98×" in pt_BR. Takes the exact decimal text of @aposta/fair's
 * formatMultiplier (already rounded down, so it is shown digit for digit, never rounded up) or a number
 * the API sent (shown with 2 decimals).
 */
export function formatMultiplier(value: string | number, locale: LocaleCode): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(amount)) return '-';
  const decimals = typeof value === 'string' ? (value.split('.')[1]?.length ?? 0) : 2;
  return `${multiplierFormat(localeInfo(locale).intlTag, decimals).format(amount)}×`;
}

const multiplierFormats = new Map<string, Intl.NumberFormat>();

/** Cached: Limbo's count-up formats a multiplier every frame. */
function multiplierFormat(intlTag: string, decimals: number): Intl.NumberFormat {
  const cacheKey = `${intlTag}|${decimals}`;
  let format = multiplierFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
    });
    multiplierFormats.set(cacheKey, format);
  }
  return format;
}
