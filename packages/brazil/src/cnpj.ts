import {
  invalid,
  isOneRepeatedCharacter,
  mod11CheckDigit,
  type ValidationResult,
  valid,
} from './validation.ts';

export const CNPJ_ERROR_KEYS = {
  invalidType: 'brazil.cnpj.invalid_type',
  empty: 'brazil.cnpj.empty',
  invalidCharacters: 'brazil.cnpj.invalid_characters',
  wrongLength: 'brazil.cnpj.wrong_length',
  malformed: 'brazil.cnpj.malformed',
  repeatedCharacters: 'brazil.cnpj.repeated_characters',
  checkDigits: 'brazil.cnpj.check_digits',
} as const;

export type CnpjErrorKey = (typeof CNPJ_ERROR_KEYS)[keyof typeof CNPJ_ERROR_KEYS];

const CNPJ_LENGTH = 14;
const FIRST_CHECK_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_CHECK_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
// From July 2026 the Receita Federal issues alphanumeric CNPJs: the 12 first positions may be
// letters, the 2 check digits stay numeric. Numeric CNPJs remain valid and are a special case.
const COMPACT = /^[0-9A-Z]{12}[0-9]{2}$/;
const FORMATTED = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-[0-9]{2}$/;
const ZERO_CHAR_CODE = 48;

/**
 * Checks a numeric or alphanumeric CNPJ given as 14 characters or as `XX.XXX.XXX/XXXX-XX`
 * (surrounding whitespace ignored, lower case accepted). On success `value` is the 14 characters
 * in upper case. Strings of one repeated character are refused although `00000000000000`
 * passes the check digits.
 */
export function validateCnpj(input: unknown): ValidationResult<CnpjErrorKey> {
  if (typeof input !== 'string') return invalid(CNPJ_ERROR_KEYS.invalidType);
  const trimmed = input.trim();
  if (trimmed === '') return invalid(CNPJ_ERROR_KEYS.empty);
  // Checked before upper-casing: 'ı'.toUpperCase() is 'I' and 'ſ'.toUpperCase() is 'S'.
  if (!/^[0-9A-Za-z./-]+$/.test(trimmed)) return invalid(CNPJ_ERROR_KEYS.invalidCharacters);
  const text = trimmed.toUpperCase();
  const characters = text.replace(/[./-]/g, '');
  if (characters.length !== CNPJ_LENGTH) return invalid(CNPJ_ERROR_KEYS.wrongLength);
  if (!COMPACT.test(text) && !FORMATTED.test(text)) return invalid(CNPJ_ERROR_KEYS.malformed);
  if (isOneRepeatedCharacter(characters)) return invalid(CNPJ_ERROR_KEYS.repeatedCharacters);
  if (!hasValidCheckDigits(characters)) return invalid(CNPJ_ERROR_KEYS.checkDigits);
  return valid(characters);
}

function hasValidCheckDigits(characters: string): boolean {
  // Each character counts as its ASCII code minus 48: '0'–'9' → 0–9, 'A' → 17 … 'Z' → 42.
  const values = Array.from(characters, (character) => character.charCodeAt(0) - ZERO_CHAR_CODE);
  const firstCheckDigit = mod11CheckDigit(values, FIRST_CHECK_WEIGHTS);
  const secondCheckDigit = mod11CheckDigit(values, SECOND_CHECK_WEIGHTS);
  return values[12] === firstCheckDigit && values[13] === secondCheckDigit;
}

export function isValidCnpj(input: unknown): boolean {
  return validateCnpj(input).ok;
}

/** The 14 upper-case characters of a valid CNPJ, or null when it is not one. */
export function normalizeCnpj(input: unknown): string | null {
  const result = validateCnpj(input);
  return result.ok ? result.value : null;
}

/** A valid CNPJ as `XX.XXX.XXX/XXXX-XX` (upper case), or null when it is not one. */
export function formatCnpj(input: unknown): string | null {
  const characters = normalizeCnpj(input);
  if (characters === null) return null;
  const root = `${characters.slice(0, 2)}.${characters.slice(2, 5)}.${characters.slice(5, 8)}`;
  return `${root}/${characters.slice(8, 12)}-${characters.slice(12)}`;
}
