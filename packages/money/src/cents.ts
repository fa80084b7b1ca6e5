import { MONEY_ERROR_KEYS, MoneyError } from './errors.ts';

const CENTS_PER_REAL = 100n;

/**
 * Up to 15 significant decimal digits, a double reads back to the same decimal text, so
 * centsToReais is exact below this bound and refuses above it.
 */
const MAX_EXACT_NUMBER_CENTS = 999_999_999_999_999n;

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** Plain decimal text with exactly 2 decimals and no grouping: 123456n → "1234.56", -5n → "-0.05". */
export function centsToDecimalString(cents: bigint): string {
  const magnitudeCents = absolute(cents);
  const reaisPart = magnitudeCents / CENTS_PER_REAL;
  const centavosPart = String(magnitudeCents % CENTS_PER_REAL).padStart(2, '0');
  return `${cents < 0n ? '-' : ''}${reaisPart}.${centavosPart}`;
}

/**
 * The amount in reais as a JS number, for the JSON answer (123456n → 1234.56).
 * Exact: the number's shortest text is the decimal amount, so the client reads what we meant.
 * Throws beyond 15 significant digits, where that guarantee ends.
 */
export function centsToReais(cents: bigint): number {
  if (absolute(cents) > MAX_EXACT_NUMBER_CENTS) {
    throw new MoneyError(
      MONEY_ERROR_KEYS.notExactAsNumber,
      `${cents} centavos do not fit a JSON number exactly`,
    );
  }
  return Number(centsToDecimalString(cents));
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function currencyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const cacheKey = `${locale}|${currency}`;
  let formatter = formatterCache.get(cacheKey);
  if (formatter === undefined) {
    // Two fraction digits whatever the currency's usual minor unit: the value counts hundredths.
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatterCache.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * Human-readable amount, e.g. formatCents(123456n) → "R$ 1.234,56".
 *
 * The space after "R$" is U+00A0 NO-BREAK SPACE (so the symbol never wraps away from the
 * number), not an ASCII space: compare against "R$\u00a01.234,56". Negative amounts come out as
 * "-R$ 1.234,56". The exact text comes from the runtime's ICU data and may differ across
 * browsers; use it for display only, never parse it back.
 *
 * Intl receives the exact decimal string, not a double, so no amount is ever rounded.
 * POSIX-style locale names (`pt_BR`) are accepted as well as BCP 47 ones (`pt-BR`).
 */
export function formatCents(cents: bigint, locale = 'pt-BR', currency = 'BRL'): string {
  const decimalText = centsToDecimalString(cents) as `${number}`;
  return currencyFormatter(locale.replaceAll('_', '-'), currency).format(decimalText);
}

export function sumCents(amountsCents: Iterable<bigint>): bigint {
  let totalCents = 0n;
  for (const amountCents of amountsCents) totalCents += amountCents;
  return totalCents;
}

/**
 * balance - debit, for debiting a balance that must never go negative.
 * Throws (key money.cents.insufficient_balance) instead of returning a negative balance, and
 * refuses negative operands, which would turn a debit into a hidden credit.
 */
export function subtractCentsNonNegative(balanceCents: bigint, debitCents: bigint): bigint {
  if (balanceCents < 0n || debitCents < 0n) {
    throw new MoneyError(
      MONEY_ERROR_KEYS.negativeOperand,
      `balance ${balanceCents} and debit ${debitCents} must not be negative`,
    );
  }
  if (debitCents > balanceCents) {
    throw new MoneyError(
      MONEY_ERROR_KEYS.insufficientBalance,
      `debit of ${debitCents} centavos exceeds balance of ${balanceCents}`,
    );
  }
  return balanceCents - debitCents;
}

/**
 * cents × numerator / denominator, floored to the centavo (payouts are floored: the house never
 * pays a fraction of a centavo it does not owe). Odds 2.35 are the ratio 235n / 100n.
 *
 * True floor for every sign (BigInt division truncates toward zero, which would round a negative
 * result up). The denominator must be positive so that the sign of the ratio is the numerator's.
 */
export function mulCentsByRatio(cents: bigint, numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) {
    throw new MoneyError(MONEY_ERROR_KEYS.invalidRatio, `denominator must be positive, got ${denominator}`);
  }
  const product = cents * numerator;
  const truncated = product / denominator;
  const hasRemainder = product % denominator !== 0n;
  return hasRemainder && product < 0n ? truncated - 1n : truncated;
}
