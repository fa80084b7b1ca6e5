import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { invalid, type ValidationResult, valid } from './validation.ts';

export const TRON_ERROR_KEYS = {
  invalidType: 'brazil.tron.invalid_type',
  empty: 'brazil.tron.empty',
  wrongLength: 'brazil.tron.wrong_length',
  wrongPrefix: 'brazil.tron.wrong_prefix',
  invalidCharacters: 'brazil.tron.invalid_characters',
  wrongVersionByte: 'brazil.tron.wrong_version_byte',
  checksum: 'brazil.tron.checksum',
} as const;

export type TronErrorKey = (typeof TRON_ERROR_KEYS)[keyof typeof TRON_ERROR_KEYS];

const ADDRESS_LENGTH = 34;
const DECODED_LENGTH = 25;
const CHECKSUM_LENGTH = 4;
// 0x41 is the mainnet version byte; in base58 it makes every address start with 'T'.
const MAINNET_VERSION_BYTE = 0x41;

/**
 * Checks a TRON mainnet address (where TRC-20 tokens such as USDT live) in its base58check form:
 * 34 characters starting with 'T', decoding to 25 bytes = 0x41, 20-byte account, 4-byte checksum,
 * the checksum being the first 4 bytes of sha256(sha256(first 21 bytes)).
 *
 * Unlike the CPF/CNPJ validators it does not trim: an address is passed on to a transfer as is,
 * so it must already be exactly the address. A valid checksum only proves there is no typo, not
 * that the account exists or can receive the token.
 */
export function validateTronAddress(input: unknown): ValidationResult<TronErrorKey> {
  if (typeof input !== 'string') return invalid(TRON_ERROR_KEYS.invalidType);
  if (input === '') return invalid(TRON_ERROR_KEYS.empty);
  if (input.length !== ADDRESS_LENGTH) return invalid(TRON_ERROR_KEYS.wrongLength);
  if (!input.startsWith('T')) return invalid(TRON_ERROR_KEYS.wrongPrefix);
  const decoded = decodeBase58(input);
  if (decoded === null) return invalid(TRON_ERROR_KEYS.invalidCharacters);
  // A 34-character string starting with 'T' can still decode to 24 or 26 bytes or to another
  // leading byte (0x40, 0x42): check both rather than trusting the prefix.
  if (decoded.length !== DECODED_LENGTH || decoded[0] !== MAINNET_VERSION_BYTE) {
    return invalid(TRON_ERROR_KEYS.wrongVersionByte);
  }
  if (!hasValidChecksum(decoded)) return invalid(TRON_ERROR_KEYS.checksum);
  return valid(input);
}

function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    // Characters outside the base58 alphabet (0, O, I, l, punctuation, non-ASCII).
    return null;
  }
}

function hasValidChecksum(decoded: Uint8Array): boolean {
  const payload = decoded.subarray(0, DECODED_LENGTH - CHECKSUM_LENGTH);
  const expected = sha256(sha256(payload)).subarray(0, CHECKSUM_LENGTH);
  const actual = decoded.subarray(DECODED_LENGTH - CHECKSUM_LENGTH);
  return expected.every((byte, index) => byte === actual[index]);
}

export function isValidTronAddress(input: unknown): boolean {
  return validateTronAddress(input).ok;
}
