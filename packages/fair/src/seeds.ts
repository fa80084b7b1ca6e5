import { bytesToHex, sha256HexOfText } from './hashing.ts';

/** Bytes of entropy in a server seed; its hex text is twice as long. */
export const SERVER_SEED_BYTE_COUNT = 32;

const LOWERCASE_HEX = /^(?:[0-9a-f]{2})+$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The key is the hex TEXT, so "AB" and "ab" give different games: reject anything but lowercase
 * hex to stop a verifier user (or a bug) from silently checking a different seed.
 */
export function assertServerSeedHex(serverSeedHex: string): void {
  if (!LOWERCASE_HEX.test(serverSeedHex)) {
    throw new RangeError('server seed must be non-empty lowercase hex text');
  }
}

/** Chain links are SHA-256 outputs, so exactly 64 lowercase hex characters. */
export function assertSha256Hex(hashHex: string, label: string): void {
  if (!SHA256_HEX.test(hashHex)) throw new RangeError(`${label} must be 64 lowercase hex characters`);
}

/** The commitment shown before use: SHA-256 of the seed's hex text (not of its bytes). */
export function hashServerSeed(serverSeedHex: string): string {
  assertServerSeedHex(serverSeedHex);
  return sha256HexOfText(serverSeedHex);
}

/** Turns 32 CSPRNG bytes (drawn by the server) into the seed's canonical 64-character hex text. */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== SERVER_SEED_BYTE_COUNT) {
    throw new RangeError(`server seed needs exactly ${SERVER_SEED_BYTE_COUNT} bytes`);
  }
  return bytesToHex(bytes);
}

/**
 * A client seed the player may choose: 1 to 64 printable characters (letters of any script, digits, spaces and
 * symbols; no control or invisible formatting characters), counted as code points. It enters the HMAC as UTF-8.
 */
export function isValidClientSeed(seed: string): boolean {
  const length = [...seed].length;
  return length >= 1 && length <= 64 && !/\p{C}/u.test(seed);
}
