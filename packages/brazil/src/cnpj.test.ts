import { isValidCnpj as referenceIsValidCnpj } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CNPJ_ERROR_KEYS,
  type CnpjErrorKey,
  formatCnpj,
  isValidCnpj,
  normalizeCnpj,
  validateCnpj,
} from './cnpj.ts';
import {
  CNPJ_BASE_ALPHABET,
  cnpjCharacterValue,
  DIGITS,
  formatCnpjForTest,
  hasMirroredCnpjCheckDigits,
  isOneRepeatedCharacter,
  singleSubstitution,
  validAlphanumericCnpj,
  validNumericCnpj,
} from './test-generators.ts';

/** The reference reads numeric CNPJs by default and alphanumeric ones with version 2. */
function referenceAccepts(cnpj: string): boolean {
  return referenceIsValidCnpj(cnpj, { version: 2 });
}

function errorKeyOf(input: unknown): CnpjErrorKey | undefined {
  const result = validateCnpj(input);
  return result.ok ? undefined : result.errorKey;
}

// The Receita Federal's own example of the alphanumeric CNPJ (Nota Técnica / manual DV CNPJ).
const RECEITA_ALPHANUMERIC_EXAMPLE = '12.ABC.345/01DE-35';

describe('isValidCnpj, known cases', () => {
  it.each([
    '11.222.333/0001-81',
    '11222333000181',
    '12.345.678/0001-95',
    '00.000.000/0001-91',
    RECEITA_ALPHANUMERIC_EXAMPLE,
    '12ABC34501DE35',
    '12abc34501de35',
    '12.abc.345/01de-35',
    'Q0.SLF.MBD/7VX4-39',
  ])('accepts %s, as the reference library does', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
    expect(referenceAccepts(cnpj)).toBe(true);
  });

  it('checks the Receita example digit by digit: values are ASCII − 48, weights 5…2,9…2', () => {
    // 1 2 A B C 3 4 5 0 1 D E → 1 2 17 18 19 3 4 5 0 1 20 21
    const values = Array.from('12ABC34501DE', cnpjCharacterValue);
    expect(values).toEqual([1, 2, 17, 18, 19, 3, 4, 5, 0, 1, 20, 21]);
    const firstSum = values.reduce(
      (sum, value, index) => sum + value * [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2][index]!,
      0,
    );
    expect(firstSum).toBe(459);
    expect(11 - (firstSum % 11)).toBe(3);
    const secondSum = [...values, 3].reduce(
      (sum, value, index) => sum + value * [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2][index]!,
      0,
    );
    expect(secondSum).toBe(424);
    expect(11 - (secondSum % 11)).toBe(5);
  });

  it.each<[unknown, CnpjErrorKey]>([
    ['11.222.333/0001-80', CNPJ_ERROR_KEYS.checkDigits],
    ['11222333000191', CNPJ_ERROR_KEYS.checkDigits],
    ['12.ABC.345/01DE-36', CNPJ_ERROR_KEYS.checkDigits],
    ['12.ABC.345/01DF-35', CNPJ_ERROR_KEYS.checkDigits],
    ['1122233300018', CNPJ_ERROR_KEYS.wrongLength],
    ['112223330001810', CNPJ_ERROR_KEYS.wrongLength],
    ['11.222.333/0001-8', CNPJ_ERROR_KEYS.wrongLength],
    ['12.ABC.345/01DE-3A', CNPJ_ERROR_KEYS.malformed],
    ['12ABC34501DEAB', CNPJ_ERROR_KEYS.malformed],
    ['11222333/0001-81', CNPJ_ERROR_KEYS.malformed],
    ['11.222.333.0001-81', CNPJ_ERROR_KEYS.malformed],
    ['11-222-333/0001.81', CNPJ_ERROR_KEYS.malformed],
    ['11 222 333 0001 81', CNPJ_ERROR_KEYS.invalidCharacters],
    ['11.222.333/0001_81', CNPJ_ERROR_KEYS.invalidCharacters],
    ['12.ÁBC.345/01DE-35', CNPJ_ERROR_KEYS.invalidCharacters],
    // 'ı'.toUpperCase() is 'I': must not sneak in as a letter.
    ['12ıBC34501DE35', CNPJ_ERROR_KEYS.invalidCharacters],
    ['', CNPJ_ERROR_KEYS.empty],
    [' ', CNPJ_ERROR_KEYS.empty],
    [11222333000181, CNPJ_ERROR_KEYS.invalidType],
    [null, CNPJ_ERROR_KEYS.invalidType],
  ])('refuses %j: %s', (input, expectedKey) => {
    expect(errorKeyOf(input)).toBe(expectedKey);
    if (expectedKey !== CNPJ_ERROR_KEYS.malformed && expectedKey !== CNPJ_ERROR_KEYS.invalidCharacters) {
      expect(referenceAccepts(input as string)).toBe(false);
    }
  });

  it('refuses one repeated character, although 00000000000000 passes the check digits', () => {
    expect(hasMirroredCnpjCheckDigits('00000000000000')).toBe(true);
    for (const digit of DIGITS) {
      expect(errorKeyOf(digit.repeat(14))).toBe(CNPJ_ERROR_KEYS.repeatedCharacters);
      expect(referenceAccepts(digit.repeat(14))).toBe(false);
    }
    expect(errorKeyOf('00.000.000/0000-00')).toBe(CNPJ_ERROR_KEYS.repeatedCharacters);
  });

  it('is stricter than the reference about punctuation, by design', () => {
    expect(isValidCnpj('11 222 333 0001 81')).toBe(false);
    expect(referenceAccepts('11 222 333 0001 81')).toBe(true);
  });
});

describe('normalizeCnpj and formatCnpj', () => {
  it('give the 14 upper-case characters and the punctuated form', () => {
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe(RECEITA_ALPHANUMERIC_EXAMPLE);
  });

  it('give null for anything invalid', () => {
    expect(normalizeCnpj('12.ABC.345/01DE-36')).toBeNull();
    expect(formatCnpj('00000000000000')).toBeNull();
    expect(formatCnpj(undefined)).toBeNull();
  });
});

describe('isValidCnpj, random cases against the reference library', () => {
  it('accepts every numeric CNPJ from our generator, plain and formatted', () => {
    fc.assert(
      fc.property(validNumericCnpj, (cnpj) => {
        expect(validateCnpj(cnpj)).toEqual({ ok: true, value: cnpj });
        expect(isValidCnpj(formatCnpjForTest(cnpj))).toBe(true);
        expect(formatCnpj(cnpj)).toBe(formatCnpjForTest(cnpj));
        expect(referenceIsValidCnpj(cnpj)).toBe(true);
        expect(referenceAccepts(cnpj)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every alphanumeric CNPJ from our generator, in upper and lower case', () => {
    fc.assert(
      fc.property(validAlphanumericCnpj, (cnpj) => {
        expect(validateCnpj(cnpj)).toEqual({ ok: true, value: cnpj });
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(true);
        expect(isValidCnpj(formatCnpjForTest(cnpj))).toBe(true);
        expect(normalizeCnpj(formatCnpjForTest(cnpj).toLowerCase())).toBe(cnpj);
        expect(referenceAccepts(cnpj)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the reference on any 12 characters plus 2 digits', () => {
    const base = fc.string({ unit: fc.constantFrom(...CNPJ_BASE_ALPHABET), minLength: 12, maxLength: 12 });
    const checkDigits = fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 2, maxLength: 2 });
    fc.assert(
      fc.property(base, checkDigits, (first12, last2) => {
        const cnpj = first12 + last2;
        expect(isValidCnpj(cnpj)).toBe(referenceAccepts(cnpj));
        expect(isValidCnpj(cnpj)).toBe(hasMirroredCnpjCheckDigits(cnpj) && !isOneRepeatedCharacter(cnpj));
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts the CNPJs of the reference generator, numeric and alphanumeric', async () => {
    const { generateCnpj } = await import('@brazilian-utils/brazilian-utils');
    for (let run = 0; run < 500; run++) {
      expect(isValidCnpj(generateCnpj(1))).toBe(true);
      expect(isValidCnpj(generateCnpj(2))).toBe(true);
    }
  });

  it('refuses a numeric CNPJ with one digit changed, wherever the check digits can catch it', () => {
    const mutatedCnpj = validNumericCnpj.chain((cnpj) => singleSubstitution(cnpj, () => DIGITS));
    fc.assert(
      fc.property(mutatedCnpj, ({ mutated, position }) => {
        expect(isValidCnpj(mutated)).toBe(referenceAccepts(mutated));
        expect(isValidCnpj(mutated)).toBe(
          hasMirroredCnpjCheckDigits(mutated) && !isOneRepeatedCharacter(mutated),
        );
        // Positions 1, 5 and 9 (weights 5+6, 9+2, 5+6 add up to 11) can slip through, rarely.
        if (![0, 4, 8].includes(position)) expect(isValidCnpj(mutated)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses an alphanumeric CNPJ with one character changed, unless the change is invisible mod 11', () => {
    const mutatedCnpj = validAlphanumericCnpj.chain((cnpj) =>
      singleSubstitution(cnpj, (position) => (position < 12 ? CNPJ_BASE_ALPHABET : DIGITS)),
    );
    fc.assert(
      fc.property(mutatedCnpj, ({ mutated, position, from, to }) => {
        expect(isValidCnpj(mutated)).toBe(referenceAccepts(mutated));
        expect(isValidCnpj(mutated)).toBe(hasMirroredCnpjCheckDigits(mutated));
        const sameValueModulo11 = (cnpjCharacterValue(to) - cnpjCharacterValue(from)) % 11 === 0;
        if (position >= 12) expect(isValidCnpj(mutated)).toBe(false);
        if (sameValueModulo11) expect(isValidCnpj(mutated)).toBe(true);
        if (!sameValueModulo11 && ![0, 4, 8].includes(position)) expect(isValidCnpj(mutated)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  // The official rule weighs 'A' as 17 and '6' as 6: they differ by 11, so the modulo-11 check
  // digits cannot tell them apart, nor 7/B/M, 8/C/N, 9/D/O, A/L/W, …; about 6.6% of single-character
  // changes in an alphanumeric CNPJ give another valid CNPJ. Nothing a validator can do about it.
  it('documents the substitutions the alphanumeric rule itself cannot catch', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.LBC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.6BC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.WBC.345/01DE-35')).toBe(true);
    expect(referenceAccepts('12.6BC.345/01DE-35')).toBe(true);
  });
});
