import { centsToDecimalString } from '@aposta/money';
import { type LocaleCode, localeInfo } from './locales';

// The one reader of amounts the player types, for every amount field of the app (stakes, withdraw,
// transfer). Money stays integer centavos (bigint, as @aposta/money counts it) from the keyboard to the API.
//
// The language decides which mark is the decimal one: pt_BR writes "1.234,56", en_US "1,234.56". The
// other mark (the "foreign" one) is a thousands mark, with one exception, because players paste and type
// habits from other sites:
// - a text with the language's decimal mark: that mark starts the decimals, foreign marks before it are
//   grouping ("1.234,56" = R$ 1.234,56 in pt_BR);
// - no decimal mark and ONE foreign mark followed by 1 or 2 digits: the player meant decimals
//   ("1.50" = R$ 1,50 in pt_BR, "1,5" = $1.50 in en_US);
// - no decimal mark and one foreign mark followed by exactly 3 digits, or several foreign marks: grouping
//   ("1.500" = R$ 1.500,00 and "1.000.000" = a million in pt_BR);
// - anything else (a foreign mark with 4+ digits after it, a foreign mark after the decimal mark, a third
//   decimal) is not an amount.
// Spaces (the grouping of fr_FR and ru_RU, and what a paste brings) and a currency symbol are ignored.

/** Whole reais digits kept while typing (R$ 999.999.999): far above any limit. */
export const wholeDigitsMax = 9;

const decimalMarks = new Map<string, string>();

/** The decimal separator of a language ("," for pt_BR, "." for en_US). */
export function decimalSeparator(locale: LocaleCode): string {
  const tag = localeInfo(locale).intlTag;
  let mark = decimalMarks.get(tag);
  if (mark === undefined) {
    mark =
      new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalMarks.set(tag, mark);
  }
  return mark;
}

function foreignMark(decimal: string): string {
  return decimal === ',' ? '.' : ',';
}

/** Only digits and the two marks: spaces, symbols and letters go. */
function keepAmountCharacters(text: string): string {
  return text.replace(/[^0-9.,]/g, '');
}

/**
 * The amount in centavos, or undefined when the text is empty or is not an amount (see the rules above).
 * Zero is an amount; the caller decides whether it may be staked.
 */
export function parseAmountInput(text: string, decimal: string): bigint | undefined {
  // Letters or a sign mean the text is not an amount; only spaces and currency symbols are forgiven.
  if (/[\p{L}+-]/u.test(text.replace(/R\$|US\$|Rp/g, ''))) return undefined;
  const kept = keepAmountCharacters(text);
  if (!/\d/.test(kept)) return undefined;
  const foreign = foreignMark(decimal);
  const decimalAt = kept.indexOf(decimal);
  let groups: string[];
  let fraction = '';
  if (decimalAt >= 0) {
    groups = kept.slice(0, decimalAt).split(foreign);
    fraction = kept.slice(decimalAt + 1);
  } else {
    groups = kept.split(foreign);
    const last = groups.at(-1) ?? '';
    // One foreign mark with 1 or 2 digits after it: the decimals the player meant ("1.50" in pt_BR).
    if (groups.length === 2 && last.length <= 2) {
      fraction = last;
      groups = groups.slice(0, 1);
    }
  }
  if (!/^\d{0,2}$/.test(fraction) || !isGrouping(groups)) return undefined;
  const wholeDigits = groups.join('').replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > wholeDigitsMax) return undefined;
  return BigInt(wholeDigits === '' ? '0' : wholeDigits) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * Digit groups split at thousands marks: the last one has 3 digits and the middle ones 2 or 3 (hi_IN
 * groups lakhs by two: "1,23,456"). A single group is any run of digits.
 */
function isGrouping(groups: readonly string[]): boolean {
  if (!groups.every((group) => /^\d*$/.test(group))) return false;
  if (groups.length === 1) return true;
  const [first = '', ...rest] = groups;
  const last = rest.at(-1) ?? '';
  return (
    first.length > 0 && last.length === 3 && rest.every((group) => group.length === 2 || group.length === 3)
  );
}

/**
 * What stays in the field while the player types or pastes: digits and the two marks, the language's
 * decimal mark once, at most 2 decimals (a third decimal is not taken) and at most `wholeDigitsMax` whole
 * digits. Foreign marks before the decimals are kept (never two in a row), so "1.500" can be typed in
 * pt_BR; whether they make an amount is parseAmountInput's call.
 */
export function cleanAmountInput(text: string, decimal: string): string {
  const foreign = foreignMark(decimal);
  let whole = '';
  let wholeDigits = 0;
  let fraction: string | undefined;
  // A pasted "R$ 1.234,56" keeps its number; typed letters are simply not taken.
  for (const character of keepAmountCharacters(text)) {
    if (character >= '0' && character <= '9') {
      if (fraction !== undefined) {
        if (fraction.length < 2) fraction += character;
      } else if (wholeDigits < wholeDigitsMax) {
        whole += character;
        wholeDigits += 1;
      }
    } else if (character === decimal) {
      if (fraction === undefined && whole.endsWith(foreign)) whole = whole.slice(0, -1);
      fraction ??= '';
    } else if (character === foreign && fraction === undefined && !whole.endsWith(foreign)) {
      whole += character;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (fraction === undefined) return whole;
  return `${whole === '' ? '0' : whole}${decimal}${fraction}`;
}

/** The field's text for an amount: "12,50" in pt_BR, "12.50" in en_US, no grouping. */
export function formatAmountInput(cents: bigint, decimal: string): string {
  return centsToDecimalString(cents).replace('.', decimal);
}

/** The amount as the API reads it: reais with two decimals as text ("12.50"). */
export function amountForApi(cents: bigint): string {
  return centsToDecimalString(cents);
}
