import { SLIP_CODE_ALPHABET } from '@aposta/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newSlipCode, readSlipCode } from './slips.code.ts';

describe('shared slip codes', () => {
  it('has no ambiguous characters in its alphabet', () => {
    for (const char of '01OILoil') expect(SLIP_CODE_ALPHABET).not.toContain(char);
    expect(new Set(SLIP_CODE_ALPHABET).size).toBe(SLIP_CODE_ALPHABET.length);
    expect(SLIP_CODE_ALPHABET.length).toBe(31);
  });

  it('draws 8 characters from the alphabet, every character reachable', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30), { minLength: 8, maxLength: 8 }), (draws) => {
        let i = 0;
        const code = newSlipCode(() => draws[i++]!);
        expect(code).toHaveLength(8);
        expect(code).toBe(draws.map((n) => SLIP_CODE_ALPHABET[n]).join(''));
        expect(readSlipCode(code)).toBe(code);
      }),
    );
    const seen = new Set<string>();
    for (let n = 0; n < 400; n++) for (const char of newSlipCode()) seen.add(char);
    expect(seen.size).toBe(SLIP_CODE_ALPHABET.length);
  });

  it('reads a code back as typed (lower case, spaces, dashes) and refuses what cannot be one', () => {
    expect(readSlipCode('ab3d-ef 7h')).toBe('AB3DEF7H');
    expect(readSlipCode('AB3DEF7')).toBeUndefined();
    expect(readSlipCode('AB3DEF7O')).toBeUndefined();
    expect(readSlipCode('AB3DEF71')).toBeUndefined();
    expect(readSlipCode('../../x1')).toBeUndefined();
  });
});
