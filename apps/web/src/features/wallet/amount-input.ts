// Typing an amount in reais: digits and one decimal separator ('.' or ','), at most 2 decimals.
// Money stays in integer centavos until it is sent, so nothing is rounded by floating point.

/** Whole reais digits kept at most (R$ 999.999.999): far above any limit, far below float trouble. */
export const wholeDigitsMax = 9;
const typedLengthMax = 40;

/**
 * Keeps what may become an amount: digits, the language's decimal separator once, at most 2 decimals.
 * The other separator is the language's thousands mark and is dropped, so "1.000" in pt_BR is a
 * thousand reais, never one real.
 */
export function sanitizeAmountText(text: string, decimal: string): string {
  let whole = '';
  let fraction = '';
  let separated = false;
  for (const char of text.slice(0, typedLengthMax)) {
    if (char >= '0' && char <= '9') {
      if (separated) {
        if (fraction.length < 2) fraction += char;
      } else if (whole.length < wholeDigitsMax) whole += char;
    } else if (char === decimal && !separated) separated = true;
  }
  if (separated && whole === '') whole = '0';
  return whole.replace(/^0+(?=\d)/, '') + (separated ? decimal : '') + fraction;
}

/** Integer centavos of an amount text, or undefined when it is empty or not an amount. */
export function parseAmountCents(text: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Centavos from an API amount in reais (at most 2 decimals), rounded to the nearest centavo. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** The amount as the API takes it: a numeric string with 2 decimals ("50.00"). */
export function centsToApiAmount(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** The text of an amount in centavos for the input, with the locale's decimal separator. */
export function centsToInputText(cents: number, decimalSeparator: string): string {
  const whole = Math.trunc(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole}${decimalSeparator}${String(fraction).padStart(2, '0')}`;
}

/**
 * The amount the player typed, capped at `capCents` (spec.md section 5: the withdraw amount is capped
 * automatically). Returns the text to show.
 */
export function capAmountText(text: string, capCents: number, decimalSeparator: string): string {
  const clean = sanitizeAmountText(text, decimalSeparator);
  const cents = parseAmountCents(clean);
  if (cents === undefined || cents <= capCents) return clean;
  return centsToInputText(Math.max(0, capCents), decimalSeparator);
}
