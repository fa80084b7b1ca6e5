/**
 * Round games (everyone sees the same result) use a hash chain played backwards. From a secret seed
 * s₀ the server computes s₁ = sha256(s₀ hex text), s₂ = sha256(s₁), …, s_{L−1}. Before the first
 * round it publishes the terminating hash s_{L−1} and a salt. Round 0 is played with s_{L−2}, round 1
 * with s_{L−3}, …, round L−2 with s₀: L links give L − 1 rounds. Revealing a round's seed lets anyone
 * hash it forward to every earlier round's seed and finally to the published terminating hash, while
 * later rounds stay unpredictable (that would need inverting SHA-256).
 */
import { bytesToHex, hmacSha256Text, sha256HexOfText } from './hashing.ts';
import { assertSha256Hex } from './seeds.ts';

const CHAIN_LENGTH_MIN = 2;

function assertChainLength(length: number): void {
  if (!Number.isSafeInteger(length) || length < CHAIN_LENGTH_MIN) {
    throw new RangeError('a chain needs at least 2 links (one round plus the terminating hash)');
  }
}

function assertRoundInChain(length: number, round: number): void {
  if (!Number.isSafeInteger(round) || round < 0 || round > length - 2) {
    throw new RangeError(`round must be from 0 to ${length - 2} for a chain of ${length} links`);
  }
}

/** The link after `hashHex`: SHA-256 of its hex text. */
export function nextChainHash(hashHex: string): string {
  return sha256HexOfText(hashHex);
}

/**
 * All links in generation order: [s₀ = seedHex, s₁, …, s_{L−1} = terminating hash]. About 3–4 µs
 * and ~120 bytes per link (a million links: a few seconds, ~120 MB); buildChainCheckpoints keeps less.
 */
export function buildChain(seedHex: string, length: number): string[] {
  assertSha256Hex(seedHex, 'chain seed');
  assertChainLength(length);
  const chain = [seedHex];
  for (let index = 1; index < length; index++) chain.push(nextChainHash(chain[index - 1]!));
  return chain;
}

/** Rounds a chain of `length` links can play (its last link is only the commitment). */
export function chainRoundCount(length: number): number {
  assertChainLength(length);
  return length - 1;
}

/** Position in generation order of the seed played in `round`. */
export function chainIndexForRound(length: number, round: number): number {
  assertChainLength(length);
  assertRoundInChain(length, round);
  return length - 2 - round;
}

/** The seed of `round` taken from a full chain built by buildChain. */
export function roundSeedFromChain(chain: readonly string[], round: number): string {
  return chain[chainIndexForRound(chain.length, round)]!;
}

/** The terminating hash to publish, computed without keeping the chain. */
export function chainTerminatingHash(seedHex: string, length: number): string {
  assertSha256Hex(seedHex, 'chain seed');
  assertChainLength(length);
  let hashHex = seedHex;
  for (let index = 1; index < length; index++) hashHex = nextChainHash(hashHex);
  return hashHex;
}

/**
 * Memory-friendly chain: every `interval`-th link (s₀, s_interval, s_2·interval, …) plus the
 * terminating hash. A round's seed is then at most interval − 1 hashes away; a million links with
 * interval 1000 keep 1000 strings and cost ≤ 3 ms per look-up. The checkpoints are as secret as s₀.
 */
export type ChainCheckpoints = {
  readonly length: number;
  readonly interval: number;
  readonly checkpointHashes: readonly string[];
  readonly terminatingHashHex: string;
};

export function buildChainCheckpoints(seedHex: string, length: number, interval: number): ChainCheckpoints {
  assertSha256Hex(seedHex, 'chain seed');
  assertChainLength(length);
  if (!Number.isSafeInteger(interval) || interval < 1) throw new RangeError('interval must be ≥ 1');
  const checkpointHashes: string[] = [];
  let hashHex = seedHex;
  for (let index = 0; index < length; index++) {
    if (index > 0) hashHex = nextChainHash(hashHex);
    if (index % interval === 0) checkpointHashes.push(hashHex);
  }
  return { length, interval, checkpointHashes, terminatingHashHex: hashHex };
}

/** The seed of `round`, rebuilt from the nearest checkpoint at or before it. */
export function chainSeedForRound(checkpoints: ChainCheckpoints, round: number): string {
  const index = chainIndexForRound(checkpoints.length, round);
  const checkpointNumber = Math.floor(index / checkpoints.interval);
  let hashHex = checkpoints.checkpointHashes[checkpointNumber]!;
  for (let step = checkpointNumber * checkpoints.interval; step < index; step++)
    hashHex = nextChainHash(hashHex);
  return hashHex;
}

/**
 * True when sha256(seedHex) is laterHashHex, the link generated right after it: for a round's seed
 * that is the previous round's seed, or for round 0 the published terminating hash.
 */
export function verifyChainLink(seedHex: string, laterHashHex: string): boolean {
  return /^[0-9a-f]{64}$/.test(seedHex) && nextChainHash(seedHex) === laterHashHex;
}

/** True when `roundSeedHex` is round `round` of the chain committed to by `terminatingHashHex`. */
export function isRoundSeedInChain(roundSeedHex: string, round: number, terminatingHashHex: string): boolean {
  if (!Number.isSafeInteger(round) || round < 0) throw new RangeError('round must be a non-negative integer');
  if (!/^[0-9a-f]{64}$/.test(roundSeedHex)) return false;
  let hashHex = roundSeedHex;
  for (let step = 0; step <= round; step++) hashHex = nextChainHash(hashHex);
  return hashHex === terminatingHashHex;
}

/** Seeds of the `count` rounds before the revealed one, most recent first. */
export function previousRoundSeeds(roundSeedHex: string, count: number): string[] {
  assertSha256Hex(roundSeedHex, 'round seed');
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const seeds: string[] = [];
  let hashHex = roundSeedHex;
  for (let step = 0; step < count; step++) {
    hashHex = nextChainHash(hashHex);
    seeds.push(hashHex);
  }
  return seeds;
}

export type RoundRecord<Result> = { readonly seedHex: string; readonly result: Result };

/**
 * The `count` rounds before the revealed one, most recent first, with each result, e.g.
 * `previousRounds(seed, 100, (s) => doubleRoundRoll(s, salt))`.
 */
export function previousRounds<Result>(
  roundSeedHex: string,
  count: number,
  resultOf: (seedHex: string) => Result,
): RoundRecord<Result>[] {
  return previousRoundSeeds(roundSeedHex, count).map((seedHex) => ({ seedHex, result: resultOf(seedHex) }));
}

/** H = HMAC-SHA256(key = round seed hex text, message = salt) read as a 256-bit big-endian integer. */
export function roundHmacInteger(roundSeedHex: string, salt: string): bigint {
  assertSha256Hex(roundSeedHex, 'round seed');
  return BigInt(`0x${bytesToHex(hmacSha256Text(roundSeedHex, salt))}`);
}

/** floor(H · outcomeCount / 2^256): each outcome has probability 1/outcomeCount to within 2^-256. */
export function roundOutcomeFromInteger(roundInteger: bigint, outcomeCount: number): number {
  return Number((roundInteger * BigInt(outcomeCount)) >> 256n);
}
