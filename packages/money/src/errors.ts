/**
 * Message keys, not texts: the server and the web app translate them, so a key is part of the
 * public contract and must not be renamed lightly.
 */
export const MONEY_ERROR_KEYS = {
  invalidType: 'money.amount.invalid_type',
  empty: 'money.amount.empty',
  whitespace: 'money.amount.whitespace',
  notFinite: 'money.amount.not_finite',
  negative: 'money.amount.negative',
  plusSign: 'money.amount.plus_sign',
  radixPrefix: 'money.amount.radix_prefix',
  comma: 'money.amount.comma',
  exponent: 'money.amount.exponent',
  malformed: 'money.amount.malformed',
  leadingZero: 'money.amount.leading_zero',
  tooManyDecimals: 'money.amount.too_many_decimals',
  tooLarge: 'money.amount.too_large',
  notExactAsNumber: 'money.cents.not_exact_as_number',
  negativeOperand: 'money.cents.negative_operand',
  insufficientBalance: 'money.cents.insufficient_balance',
  invalidRatio: 'money.cents.invalid_ratio',
} as const;

export type MoneyErrorKey = (typeof MONEY_ERROR_KEYS)[keyof typeof MONEY_ERROR_KEYS];

/** Thrown by every checked operation of this package; `key` says why, for translation. */
export class MoneyError extends Error {
  readonly key: MoneyErrorKey;

  constructor(key: MoneyErrorKey, detail: string) {
    super(`${key}: ${detail}`);
    this.name = 'MoneyError';
    this.key = key;
  }
}
