import { centsToDecimalString, tryParseAmountToCents } from '@aposta/money';

// The stake as the player types it, in the language's way: only the language's decimal separator starts
// decimals (pt_BR: a comma) and the other mark is dropped as a thousands separator, so "1.000" in pt_BR is
// a thousand reais, never one. At most two decimals, never rounded.

export const quickStakes = [5, 10, 20, 50, 100] as const;
/** The longest stake text kept in the field (R$ 9.999.999.999,99). */
export const stakeTextLengthMax = 13;

const separators = new Map<string, string>();

/** The decimal separator of a language ("," for pt-BR, "." for en-US). */
export function decimalSeparatorOf(intlTag: string): string {
  let separator = separators.get(intlTag);
  if (!separator) {
    separator =
      new Intl.NumberFormat(intlTag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    separators.set(intlTag, separator);
  }
  return separator;
}

/** Keeps what can become a stake while typing: digits and one decimal separator with at most 2 decimals. */
export function cleanStakeInput(text: string, decimalSeparator: string): string {
  let whole = '';
  let fraction: string | undefined;
  for (const character of text) {
    if (character >= '0' && character <= '9') {
      if (fraction === undefined) whole += character;
      else if (fraction.length < 2) fraction += character;
    } else if (character === decimalSeparator && fraction === undefined) {
      fraction = '';
    }
  }
  const cleaned = fraction === undefined ? whole : `${whole}${decimalSeparator}${fraction}`;
  return cleaned.slice(0, stakeTextLengthMax);
}

/** The stake in centavos, or undefined when the text is not a positive amount. */
export function parseStakeCents(text: string, decimalSeparator: string): bigint | undefined {
  const cleaned = cleanStakeInput(text, decimalSeparator);
  if (cleaned !== text.trim()) return undefined;
  const [whole = '', fraction] = cleaned.split(decimalSeparator);
  const normalised = `${whole === '' ? '0' : whole.replace(/^0+(?=\d)/, '')}${fraction ? `.${fraction}` : ''}`;
  const parsed = tryParseAmountToCents(normalised);
  return parsed.ok && parsed.amountCents > 0n ? parsed.amountCents : undefined;
}

/** The amount as the API reads it: reais with two decimals as text ("10.50"). */
export function stakeAmountText(cents: bigint): string {
  return centsToDecimalString(cents);
}
