import { isValidCpf as referenceIsValidCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CPF_ERROR_KEYS, type CpfErrorKey, formatCpf, isValidCpf, normalizeCpf, validateCpf } from './cpf.ts';
import {
  DIGITS,
  formatCpfForTest,
  hasMirroredCpfCheckDigits,
  isOneRepeatedCharacter,
  singleSubstitution,
  validCpf,
} from './test-generators.ts';

function errorKeyOf(input: unknown): CpfErrorKey | undefined {
  const result = validateCpf(input);
  return result.ok ? undefined : result.errorKey;
}

// Widely published valid CPFs (documentation examples, including the Receita's worked example).
const KNOWN_VALID = [
  '529.982.247-25',
  '52998224725',
  '123.456.789-09',
  '111.444.777-35',
  '280.012.389-38',
  '935.411.347-80',
];

describe('isValidCpf, known cases', () => {
  it.each(KNOWN_VALID)('accepts %s, as the reference library does', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
    expect(referenceIsValidCpf(cpf)).toBe(true);
  });

  it.each<[unknown, CpfErrorKey]>([
    ['529.982.247-26', CPF_ERROR_KEYS.checkDigits],
    ['529.982.247-35', CPF_ERROR_KEYS.checkDigits],
    ['12345678900', CPF_ERROR_KEYS.checkDigits],
    ['123.456.789-10', CPF_ERROR_KEYS.checkDigits],
    ['5299822472', CPF_ERROR_KEYS.wrongLength],
    ['529982247250', CPF_ERROR_KEYS.wrongLength],
    ['529.982.247-2', CPF_ERROR_KEYS.wrongLength],
    ['529-982-247.25', CPF_ERROR_KEYS.malformed],
    ['529982.247-25', CPF_ERROR_KEYS.malformed],
    ['529..982247-25', CPF_ERROR_KEYS.malformed],
    ['529 982 247 25', CPF_ERROR_KEYS.invalidCharacters],
    ['529.982.247/25', CPF_ERROR_KEYS.invalidCharacters],
    ['52998224725a', CPF_ERROR_KEYS.invalidCharacters],
    ['５２９９８２２４７２５', CPF_ERROR_KEYS.invalidCharacters],
    ['', CPF_ERROR_KEYS.empty],
    ['   ', CPF_ERROR_KEYS.empty],
    [52998224725, CPF_ERROR_KEYS.invalidType],
    [null, CPF_ERROR_KEYS.invalidType],
    [undefined, CPF_ERROR_KEYS.invalidType],
  ])('refuses %j: %s', (input, expectedKey) => {
    expect(errorKeyOf(input)).toBe(expectedKey);
    if (expectedKey !== CPF_ERROR_KEYS.malformed && expectedKey !== CPF_ERROR_KEYS.invalidCharacters) {
      expect(referenceIsValidCpf(input as string)).toBe(false);
    }
  });

  // Deliberate: the web form masks input as 000.000.000-00, so any other punctuation is a typo or
  // a different document; the reference library reads any mix of . - / and spaces.
  it.each(['529-982-247.25', '529982.247-25', '529 982 247 25'])(
    'is stricter than the reference about %j',
    (input) => {
      expect(isValidCpf(input)).toBe(false);
      expect(referenceIsValidCpf(input)).toBe(true);
    },
  );

  it('refuses the 10 repeated-digit sequences, whose check digits do add up', () => {
    for (const digit of DIGITS) {
      const repeated = digit.repeat(11);
      expect(hasMirroredCpfCheckDigits(repeated)).toBe(true);
      expect(errorKeyOf(repeated)).toBe(CPF_ERROR_KEYS.repeatedDigits);
      expect(errorKeyOf(formatCpfForTest(repeated))).toBe(CPF_ERROR_KEYS.repeatedDigits);
      expect(referenceIsValidCpf(repeated)).toBe(false);
    }
  });

  it('ignores surrounding whitespace only', () => {
    expect(isValidCpf(' 529.982.247-25\n')).toBe(true);
    expect(normalizeCpf('\t52998224725 ')).toBe('52998224725');
  });
});

describe('normalizeCpf and formatCpf', () => {
  it('give the 11 digits and the dotted form of a valid CPF', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpf('52998224725')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
  });

  it('give null for anything invalid', () => {
    expect(normalizeCpf('529.982.247-26')).toBeNull();
    expect(formatCpf('11111111111')).toBeNull();
    expect(formatCpf(42)).toBeNull();
  });
});

describe('isValidCpf, random cases against the reference library', () => {
  it('accepts every CPF from our own generator, plain and formatted', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(validateCpf(cpf)).toEqual({ ok: true, value: cpf });
        expect(isValidCpf(formatCpfForTest(cpf))).toBe(true);
        expect(referenceIsValidCpf(cpf)).toBe(true);
        expect(formatCpf(cpf)).toBe(formatCpfForTest(cpf));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the reference on any 11 digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 11, maxLength: 11 }), (digits) => {
        expect(isValidCpf(digits)).toBe(referenceIsValidCpf(digits));
        expect(isValidCpf(digits)).toBe(hasMirroredCpfCheckDigits(digits) && !isOneRepeatedCharacter(digits));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the reference on CPFs of the reference generator', async () => {
    const { generateCpf } = await import('@brazilian-utils/brazilian-utils');
    for (let run = 0; run < 500; run++) {
      const cpf = generateCpf();
      expect(isValidCpf(cpf)).toBe(true);
    }
  });

  it('refuses a CPF with one digit changed, wherever the check digits can catch it', () => {
    const mutatedCpf = validCpf.chain((cpf) => singleSubstitution(cpf, () => DIGITS));
    fc.assert(
      fc.property(mutatedCpf, ({ mutated, position }) => {
        expect(isValidCpf(mutated)).toBe(referenceIsValidCpf(mutated));
        expect(isValidCpf(mutated)).toBe(
          hasMirroredCpfCheckDigits(mutated) && !isOneRepeatedCharacter(mutated),
        );
        // Only positions 1 and 6 can slip through; see the next test.
        if (position !== 0 && position !== 5) expect(isValidCpf(mutated)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  // The check digit collapses remainders 0 and 1 to the digit 0, and the second digit gives the
  // first position the weight 11 ≡ 0. So a few single-digit changes in positions 1 and 6
  // (0.2% of all single-digit changes) yield another valid CPF. No validator can catch them.
  it('documents the single-digit changes the CPF rule itself cannot catch', () => {
    expect(isValidCpf('68685772303')).toBe(true);
    expect(isValidCpf('58685772303')).toBe(true);
    expect(referenceIsValidCpf('58685772303')).toBe(true);
  });
});
