import { MONEY_ERROR_KEYS, MoneyError, type MoneyErrorKey } from './errors.ts';

const CENTS_PER_REAL = 100n;

/**
 * The largest amount accepted from outside: R$ 1.000.000.000.000,00 (1e12 reais), inclusive.
 * Far above any real stake or balance, and low enough (1e14 centavos, 15 significant digits)
 * that every accepted amount survives the trip through a JSON number exactly.
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000n * CENTS_PER_REAL;

/** Digits of the integer part of MAX_AMOUNT_CENTS in reais; longer integer parts are too large. */
const MAX_INTEGER_DIGITS = 13;

export type AmountParseResult =
  | { readonly ok: true; readonly amountCents: bigint }
  | { readonly ok: false; readonly errorKey: MoneyErrorKey };

const DECIMAL_SHAPE = /^([0-9]+)(?:\.([0-9]*))?$/;
const RADIX_PREFIX = /^0[xXoObB]/;

function refuse(errorKey: MoneyErrorKey): AmountParseResult {
  return { ok: false, errorKey };
}

/**
 * Reads an amount in reais, as the HTTP API sends it, into integer centavos.
 *
 * Accepts a JS number or a plain decimal string with at most 2 decimals (`10`, `10.5`, `10.50`).
 * Never rounds: anything that is not exactly a whole number of centavos is refused with the
 * reason as a message key. Never throws.
 */
export function tryParseAmountToCents(input: unknown): AmountParseResult {
  if (typeof input === 'number') return parseNumber(input);
  if (typeof input === 'string') return parseDecimalText(input);
  // bigint is refused too: it would be ambiguous whether it counts reais or centavos.
  return refuse(MONEY_ERROR_KEYS.invalidType);
}

/** Like tryParseAmountToCents, but throws a MoneyError carrying the reason. */
export function parseAmountToCents(input: unknown): bigint {
  const result = tryParseAmountToCents(input);
  if (result.ok) return result.amountCents;
  throw new MoneyError(result.errorKey, `cannot read ${describeInput(input)} as an amount in reais`);
}

/**
 * A figure in reais that the API answered or a setting holds (a JS number with at most 2 decimals; negative too,
 * for a balance or a delta) as exact centavos: the one conversion from reais to centavos. Never rounds: a number
 * that is not a whole number of centavos (0.125, 0.1 + 0.2), or not finite, throws a MoneyError. Sum centavos,
 * not reais: convert each figure, then add.
 */
export function reaisToCents(reais: number): bigint {
  if (typeof reais === 'number' && (reais < 0 || Object.is(reais, -0))) return -parseAmountToCents(-reais);
  return parseAmountToCents(reais);
}

function parseNumber(value: number): AmountParseResult {
  if (!Number.isFinite(value)) return refuse(MONEY_ERROR_KEYS.notFinite);
  // -0 is refused with the negatives: the sender wrote a minus sign, which is never meant here.
  if (value < 0 || Object.is(value, -0)) return refuse(MONEY_ERROR_KEYS.negative);
  // String(n) is the shortest text that reads back as the same double, so 10.5 gives "10.5" and
  // 0.1 + 0.2 gives "0.30000000000000004". Parsing that text, instead of doing arithmetic on the
  // double, means a float that is not exactly the decimal the sender meant is refused, not rounded.
  const shortestText = String(value);
  if (shortestText.includes('e')) return refuse(MONEY_ERROR_KEYS.exponent);
  return parseDecimalText(shortestText);
}

function parseDecimalText(text: string): AmountParseResult {
  const shapeError = findShapeError(text);
  if (shapeError !== undefined) return refuse(shapeError);
  const match = DECIMAL_SHAPE.exec(text);
  if (match === null) return refuse(MONEY_ERROR_KEYS.malformed);
  const integerDigits = match[1]!;
  const fractionDigits = match[2];
  if (fractionDigits === '') return refuse(MONEY_ERROR_KEYS.malformed);
  if (fractionDigits !== undefined && fractionDigits.length > 2) {
    return refuse(MONEY_ERROR_KEYS.tooManyDecimals);
  }
  if (integerDigits.length > 1 && integerDigits.startsWith('0')) return refuse(MONEY_ERROR_KEYS.leadingZero);
  // Checked before BigInt so that a megabyte of digits costs nothing.
  if (integerDigits.length > MAX_INTEGER_DIGITS) return refuse(MONEY_ERROR_KEYS.tooLarge);
  const amountCents = BigInt(integerDigits) * CENTS_PER_REAL + BigInt((fractionDigits ?? '').padEnd(2, '0'));
  if (amountCents > MAX_AMOUNT_CENTS) return refuse(MONEY_ERROR_KEYS.tooLarge);
  return { ok: true, amountCents };
}

/** The specific reasons worth telling apart from a generic "malformed". */
function findShapeError(text: string): MoneyErrorKey | undefined {
  if (text === '') return MONEY_ERROR_KEYS.empty;
  if (/\s/.test(text)) return MONEY_ERROR_KEYS.whitespace;
  if (text.startsWith('-')) return MONEY_ERROR_KEYS.negative;
  if (text.startsWith('+')) return MONEY_ERROR_KEYS.plusSign;
  if (text === 'NaN' || text === 'Infinity') return MONEY_ERROR_KEYS.notFinite;
  if (RADIX_PREFIX.test(text)) return MONEY_ERROR_KEYS.radixPrefix;
  if (text.includes(',')) return MONEY_ERROR_KEYS.comma;
  if (/[eE]/.test(text)) return MONEY_ERROR_KEYS.exponent;
  return undefined;
}

function describeInput(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  if (typeof input === 'number') return String(input);
  return typeof input;
}
