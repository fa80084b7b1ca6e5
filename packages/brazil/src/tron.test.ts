// Tests may use node:crypto; the runtime code uses @noble/hashes so that it runs in browsers.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTronAddress, TRON_ERROR_KEYS, type TronErrorKey, validateTronAddress } from './tron.ts';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

// An independent base58check encoder (BigInt + node:crypto), to build addresses the production
// code (@scure/base + @noble/hashes) has to accept.
function doubleSha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(createHash('sha256').update(bytes).digest()).digest();
}

function base58Encode(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

function encodeTronAddress(accountHex: string, versionByte = 0x41): string {
  const payload = Buffer.concat([Buffer.from([versionByte]), Buffer.from(accountHex, 'hex')]);
  return base58Encode(Buffer.concat([payload, doubleSha256(payload).subarray(0, 4)]));
}

function errorKeyOf(input: unknown): TronErrorKey | undefined {
  const result = validateTronAddress(input);
  return result.ok ? undefined : result.errorKey;
}

const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const accountHex = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => Buffer.from(bytes).toString('hex'));

describe('isValidTronAddress, known addresses', () => {
  it('accepts the USDT TRC-20 contract, whose hex form is 41a614f8…d13c', () => {
    expect(isValidTronAddress(USDT_CONTRACT)).toBe(true);
    expect(encodeTronAddress('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT_CONTRACT);
  });

  it('accepts the all-zero account (the well-known burn address)', () => {
    expect(encodeTronAddress('00'.repeat(20))).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(isValidTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
    expect(isValidTronAddress(encodeTronAddress('ff'.repeat(20)))).toBe(true);
  });

  it.each<[unknown, TronErrorKey]>([
    // Last character changed: the checksum no longer matches.
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', TRON_ERROR_KEYS.checksum],
    // Two characters swapped.
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjt6', TRON_ERROR_KEYS.checksum],
    ['tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', TRON_ERROR_KEYS.wrongPrefix],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', TRON_ERROR_KEYS.wrongLength],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt', TRON_ERROR_KEYS.wrongLength],
    [` ${USDT_CONTRACT}`.slice(0, 34), TRON_ERROR_KEYS.wrongPrefix],
    [`${USDT_CONTRACT} `, TRON_ERROR_KEYS.wrongLength],
    // 0, O, I and l are not in the base58 alphabet.
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', TRON_ERROR_KEYS.invalidCharacters],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjOt', TRON_ERROR_KEYS.invalidCharacters],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjIt', TRON_ERROR_KEYS.invalidCharacters],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjlt', TRON_ERROR_KEYS.invalidCharacters],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjét', TRON_ERROR_KEYS.invalidCharacters],
    // An Ethereum address and a Bitcoin one.
    ['0xdAC17F958D2ee523a2206206994597C13D831ec7', TRON_ERROR_KEYS.wrongLength],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', TRON_ERROR_KEYS.wrongPrefix],
    ['', TRON_ERROR_KEYS.empty],
    [null, TRON_ERROR_KEYS.invalidType],
    [42, TRON_ERROR_KEYS.invalidType],
  ])('refuses %j: %s', (input, expectedKey) => {
    expect(errorKeyOf(input)).toBe(expectedKey);
  });

  it('refuses a well-formed base58check string with another version byte', () => {
    // 0x41 is mainnet; 0xa0 was the old testnet prefix and does not start with 'T'.
    const testnetStyle = encodeTronAddress('a614f803b6fd780986a42c78ec9c7f77e6ded13c', 0xa0);
    expect(isValidTronAddress(testnetStyle)).toBe(false);
    // Version bytes 0x40 and 0x42 do encode to 34 characters starting with 'T'.
    for (const versionByte of [0x40, 0x42]) {
      const lookalike = encodeTronAddress('a614f803b6fd780986a42c78ec9c7f77e6ded13c', versionByte);
      expect(lookalike).toMatch(/^T.{33}$/);
      expect(errorKeyOf(lookalike)).toBe(TRON_ERROR_KEYS.wrongVersionByte);
    }
  });
});

describe('isValidTronAddress, random addresses', () => {
  it('accepts every address from an independent encoder', () => {
    fc.assert(
      fc.property(accountHex, (account) => {
        const address = encodeTronAddress(account);
        expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        expect(validateTronAddress(address)).toEqual({ ok: true, value: address });
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every address with one character changed', () => {
    const mutatedAddress = accountHex.chain((account) => {
      const address = encodeTronAddress(account);
      return fc.record({
        address: fc.constant(address),
        position: fc.integer({ min: 0, max: address.length - 1 }),
        replacement: fc.constantFrom(...BASE58_ALPHABET),
      });
    });
    fc.assert(
      fc.property(mutatedAddress, ({ address, position, replacement }) => {
        fc.pre(address[position] !== replacement);
        const mutated = address.slice(0, position) + replacement + address.slice(position + 1);
        expect(isValidTronAddress(mutated)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses every address with the checksum of another account', () => {
    fc.assert(
      fc.property(accountHex, accountHex, (first, second) => {
        fc.pre(first !== second);
        const forged = encodeTronAddress(first).slice(0, 28) + encodeTronAddress(second).slice(28);
        fc.pre(forged !== encodeTronAddress(first));
        expect(isValidTronAddress(forged)).toBe(false);
      }),
    );
  });
});
