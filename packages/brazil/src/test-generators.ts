// Test-only: valid-document generators that do NOT reuse the production check-digit code. They
// use the "mirrored" form of the modulo-11 rule as the Receita Federal manuals state it
// (weights counted from the other end, remainder 10 read as 0), which is algebraically the same
// digit, so an agreement between the two is a real cross-check. Not exported from index.ts.
import fc from 'fast-check';

export const DIGITS = '0123456789';
export const CNPJ_BASE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function mirroredCheckDigit(values: readonly number[], weights: readonly number[]): number {
  const weightedSum = values.reduce((sum, value, index) => sum + value * weights[index]!, 0);
  return (weightedSum % 11) % 10;
}

export function completeCpf(baseDigits: string): string {
  const values = Array.from(baseDigits, Number);
  const firstCheckDigit = mirroredCheckDigit(values, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const secondCheckDigit = mirroredCheckDigit([...values, firstCheckDigit], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return `${baseDigits}${firstCheckDigit}${secondCheckDigit}`;
}

export function cnpjCharacterValue(character: string): number {
  return character.charCodeAt(0) - 48;
}

export function completeCnpj(base: string): string {
  const values = Array.from(base, cnpjCharacterValue);
  const firstCheckDigit = mirroredCheckDigit(values, [6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8, 9]);
  const secondCheckDigit = mirroredCheckDigit(
    [...values, firstCheckDigit],
    [5, 6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8, 9],
  );
  return `${base}${firstCheckDigit}${secondCheckDigit}`;
}

/** Whether the last two digits are what the mirrored rule expects for the first ones. */
export function hasMirroredCpfCheckDigits(cpf: string): boolean {
  return completeCpf(cpf.slice(0, 9)) === cpf;
}

export function hasMirroredCnpjCheckDigits(cnpj: string): boolean {
  return completeCnpj(cnpj.slice(0, 12)) === cnpj;
}

export function isOneRepeatedCharacter(text: string): boolean {
  return new Set(text).size === 1;
}

function charactersFrom(alphabet: string, length: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
}

export const validCpf: fc.Arbitrary<string> = charactersFrom(DIGITS, 9)
  .map(completeCpf)
  .filter((cpf) => !isOneRepeatedCharacter(cpf));

export const validNumericCnpj: fc.Arbitrary<string> = charactersFrom(DIGITS, 12)
  .map(completeCnpj)
  .filter((cnpj) => !isOneRepeatedCharacter(cnpj));

/** Uniform over [0-9A-Z]{12}: all-digit bases have probability (10/36)^12, so nearly all contain letters. */
export const validAlphanumericCnpj: fc.Arbitrary<string> = charactersFrom(CNPJ_BASE_ALPHABET, 12).map(
  completeCnpj,
);

export function formatCpfForTest(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

export function formatCnpjForTest(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

export type Mutation = {
  readonly mutated: string;
  readonly position: number;
  readonly from: string;
  readonly to: string;
};

/** One character of `text` replaced by a different one from the alphabet allowed at that position. */
export function singleSubstitution(
  text: string,
  alphabetAt: (position: number) => string,
): fc.Arbitrary<Mutation> {
  return fc.integer({ min: 0, max: text.length - 1 }).chain((position) =>
    fc.constantFrom(...alphabetAt(position).replace(text[position]!, '')).map((to) => ({
      mutated: text.slice(0, position) + to + text.slice(position + 1),
      position,
      from: text[position]!,
      to,
    })),
  );
}
