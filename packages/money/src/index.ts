// Money is integer centavos as bigint, never floats. Reais appear only at the edges: parsed from
// the HTTP API, turned back into a JSON number, or formatted for people.
export {
  centsToDecimalString,
  centsToReais,
  formatCents,
  mulCentsByRatio,
  subtractCentsNonNegative,
  sumCents,
} from './cents.ts';
export { currencySymbol, LEDGER_CURRENCY } from './currency.ts';
export { MONEY_ERROR_KEYS, MoneyError, type MoneyErrorKey } from './errors.ts';
export {
  type AmountParseResult,
  MAX_AMOUNT_CENTS,
  parseAmountToCents,
  reaisToCents,
  tryParseAmountToCents,
} from './parse.ts';
