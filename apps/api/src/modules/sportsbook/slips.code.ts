import { randomInt } from 'node:crypto';
import { SLIP_CODE_ALPHABET, SLIP_CODE_LENGTH } from '@aposta/contract';

/**
 * Shared slip codes (decision 0064): 8 characters from 31 that cannot be mistaken for one another when read
 * aloud or typed from a screenshot (no 0/O, no 1/I/L), drawn with the system's CSPRNG: 31^8 ≈ 8.5 × 10^11 codes,
 * so guessing one is hopeless at the creation rate limit and a clash on insert is retried.
 */
export function newSlipCode(draw: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < SLIP_CODE_LENGTH; i++) code += SLIP_CODE_ALPHABET[draw(SLIP_CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as a person typed it, normalised: upper case, spaces and dashes dropped, and the look-alikes a reader
 * may type back (O for 0 does not exist in codes, so O → 0 would be wrong: they are simply refused).
 * Undefined when it cannot be a code.
 */
export function readSlipCode(text: string): string | undefined {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== SLIP_CODE_LENGTH) return undefined;
  for (const char of code) if (!SLIP_CODE_ALPHABET.includes(char)) return undefined;
  return code;
}
