import { hmacSha256SameKey } from './hashing.ts';
import { assertServerSeedHex } from './seeds.ts';

/** Everything that determines one single-player bet. */
export type BetSeeds = {
  readonly serverSeedHex: string;
  readonly clientSeed: string;
  /** Counts bets on this server/client seed pair, from 0; a whole mines game is one nonce. */
  readonly nonce: number;
};

const FLOAT_BYTE_COUNT = 4;
const UINT32_RANGE = 2 ** 32;
/** Each HMAC-SHA256 round gives 32 bytes, i.e. this many floats. */
export const FLOATS_PER_ROUND = 8;

function assertCounter(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative safe integer`);
  }
}

/** The 32 bytes of one HMAC round: key = server seed hex text, message = `client:nonce:round`. */
export function betRoundBytes(seeds: BetSeeds, round: number): Uint8Array {
  assertServerSeedHex(seeds.serverSeedHex);
  assertCounter(seeds.nonce, 'nonce');
  assertCounter(round, 'round');
  return hmacSha256SameKey(seeds.serverSeedHex, `${seeds.clientSeed}:${seeds.nonce}:${round}`);
}

/** Each 4 bytes, big-endian, as u32 / 2^32: floats in [0, 1) on a 2^-32 grid, exact in doubles. */
export function floatsFromBytes(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const floats: number[] = [];
  for (let offset = 0; offset + FLOAT_BYTE_COUNT <= bytes.length; offset += FLOAT_BYTE_COUNT) {
    floats.push(view.getUint32(offset, false) / UINT32_RANGE);
  }
  return floats;
}

/** Endless stream of the bet's floats; HMAC rounds 0, 1, … are computed only when needed. */
export function* betFloats(seeds: BetSeeds): Generator<number, never, undefined> {
  for (let round = 0; ; round++) {
    yield* floatsFromBytes(betRoundBytes(seeds, round));
  }
}

/** The bet's first `count` floats. */
export function takeBetFloats(seeds: BetSeeds, count: number): number[] {
  assertCounter(count, 'count');
  const floats: number[] = [];
  if (count === 0) return floats;
  for (const float of betFloats(seeds)) {
    floats.push(float);
    if (floats.length === count) break;
  }
  return floats;
}
