import {
  invalid,
  isOneRepeatedCharacter,
  mod11CheckDigit,
  type ValidationResult,
  valid,
} from './validation.ts';

export const CPF_ERROR_KEYS = {
  invalidType: 'brazil.cpf.invalid_type',
  empty: 'brazil.cpf.empty',
  invalidCharacters: 'brazil.cpf.invalid_characters',
  wrongLength: 'brazil.cpf.wrong_length',
  malformed: 'brazil.cpf.malformed',
  repeatedDigits: 'brazil.cpf.repeated_digits',
  checkDigits: 'brazil.cpf.check_digits',
} as const;

export type CpfErrorKey = (typeof CPF_ERROR_KEYS)[keyof typeof CPF_ERROR_KEYS];

const CPF_LENGTH = 11;
const FIRST_CHECK_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_CHECK_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const DIGITS_ONLY = /^[0-9]{11}$/;
const FORMATTED = /^[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}$/;

/**
 * Checks a CPF given as 11 digits or as `000.000.000-00` (surrounding whitespace ignored; no
 * other punctuation or spacing). On success `value` is the 11 digits.
 *
 * The 10 sequences of one repeated digit (000.000.000-00 … 999.999.999-99) are refused although
 * their check digits add up: the Receita Federal never issues them and they are what people type
 * to get past a form.
 */
export function validateCpf(input: unknown): ValidationResult<CpfErrorKey> {
  if (typeof input !== 'string') return invalid(CPF_ERROR_KEYS.invalidType);
  const text = input.trim();
  if (text === '') return invalid(CPF_ERROR_KEYS.empty);
  if (!/^[0-9.-]+$/.test(text)) return invalid(CPF_ERROR_KEYS.invalidCharacters);
  const digits = text.replace(/[.-]/g, '');
  if (digits.length !== CPF_LENGTH) return invalid(CPF_ERROR_KEYS.wrongLength);
  if (!DIGITS_ONLY.test(text) && !FORMATTED.test(text)) return invalid(CPF_ERROR_KEYS.malformed);
  if (isOneRepeatedCharacter(digits)) return invalid(CPF_ERROR_KEYS.repeatedDigits);
  if (!hasValidCheckDigits(digits)) return invalid(CPF_ERROR_KEYS.checkDigits);
  return valid(digits);
}

function hasValidCheckDigits(digits: string): boolean {
  const values = Array.from(digits, Number);
  const firstCheckDigit = mod11CheckDigit(values, FIRST_CHECK_WEIGHTS);
  const secondCheckDigit = mod11CheckDigit(values, SECOND_CHECK_WEIGHTS);
  return values[9] === firstCheckDigit && values[10] === secondCheckDigit;
}

export function isValidCpf(input: unknown): boolean {
  return validateCpf(input).ok;
}

/** The 11 digits of a valid CPF, or null when it is not one. */
export function normalizeCpf(input: unknown): string | null {
  const result = validateCpf(input);
  return result.ok ? result.value : null;
}

/** A valid CPF as `000.000.000-00`, or null when it is not one. */
export function formatCpf(input: unknown): string | null {
  const digits = normalizeCpf(input);
  if (digits === null) return null;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}
