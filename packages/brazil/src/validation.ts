/**
 * What every validator returns: the canonical value when valid, otherwise a message key (not a
 * text) saying why, so the server and the web app can show it in the player's language.
 */
export type ValidationResult<ErrorKey extends string> =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly errorKey: ErrorKey };

export function valid<ErrorKey extends string>(value: string): ValidationResult<ErrorKey> {
  return { ok: true, value };
}

export function invalid<ErrorKey extends string>(errorKey: ErrorKey): ValidationResult<ErrorKey> {
  return { ok: false, errorKey };
}

/**
 * The modulo-11 check digit shared by CPF and CNPJ: weighted sum, remainder by 11, and 0 when
 * the remainder is 0 or 1 (so the digit always fits in one decimal place), otherwise 11 − remainder.
 */
export function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  let weightedSum = 0;
  for (let index = 0; index < weights.length; index++) {
    weightedSum += values[index]! * weights[index]!;
  }
  const remainder = weightedSum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export function isOneRepeatedCharacter(text: string): boolean {
  return text.split('').every((character) => character === text[0]);
}
