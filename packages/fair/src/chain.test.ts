import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildChain,
  buildChainCheckpoints,
  chainIndexForRound,
  chainRoundCount,
  chainSeedForRound,
  chainTerminatingHash,
  doubleRoundRoll,
  isRoundSeedInChain,
  luckyColorRoundNumber,
  nextChainHash,
  previousRoundSeeds,
  previousRounds,
  roundSeedFromChain,
  verifyChainLink,
} from './index.ts';
import { sha256HexArbitrary } from './test-support/arbitraries.ts';

const salt = '0000000000000000000301e2801a9a9598bfb114e574a91a887f2132f33047e6';
const lengthArbitrary = fc.integer({ min: 2, max: 300 });

describe('hash chain', () => {
  it('links are sha256 of the previous link’s hex text', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, (hashHex) => {
        expect(nextChainHash(hashHex)).toBe(createHash('sha256').update(hashHex, 'utf8').digest('hex'));
      }),
    );
  });

  it('starts at the seed, ends at the terminating hash, and every link verifies', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, lengthArbitrary, (seedHex, length) => {
        const chain = buildChain(seedHex, length);
        expect(chain).toHaveLength(length);
        expect(chain[0]).toBe(seedHex);
        expect(chain.at(-1)).toBe(chainTerminatingHash(seedHex, length));
        for (let index = 0; index + 1 < length; index++) {
          expect(verifyChainLink(chain[index]!, chain[index + 1]!)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('plays its links backwards: round 0 hashes to the terminating hash, round r to round r − 1', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, lengthArbitrary, (seedHex, length) => {
        const chain = buildChain(seedHex, length);
        const roundCount = chainRoundCount(length);
        expect(roundCount).toBe(length - 1);
        expect(verifyChainLink(roundSeedFromChain(chain, 0), chain.at(-1)!)).toBe(true);
        for (let round = 1; round < roundCount; round++) {
          expect(
            verifyChainLink(roundSeedFromChain(chain, round), roundSeedFromChain(chain, round - 1)),
          ).toBe(true);
        }
        expect(roundSeedFromChain(chain, roundCount - 1)).toBe(seedHex);
      }),
      { numRuns: 30 },
    );
  });

  it('a revealed round seed reproduces every earlier round’s seed and result', () => {
    fc.assert(
      fc.property(sha256HexArbitrary, lengthArbitrary, fc.nat(), (seedHex, length, roundPick) => {
        const chain = buildChain(seedHex, length);
        const round = roundPick % chainRoundCount(length);
        const revealed = roundSeedFromChain(chain, round);
        const earlierRounds = Array.from({ length: round }, (_, back) => round - 1 - back);
        expect(previousRoundSeeds(revealed, round)).toEqual(
          earlierRounds.map((r) => roundSeedFromChain(chain, r)),
        );
        expect(previousRounds(revealed, round, (s) => doubleRoundRoll(s, salt))).toEqual(
          earlierRounds.map((r) => ({
            seedHex: roundSeedFromChain(chain, r),
            result: doubleRoundRoll(roundSeedFromChain(chain, r), salt),
          })),
        );
        // One step past round 0 is the commitment published before round 0.
        expect(previousRoundSeeds(revealed, round + 1).at(-1)).toBe(chain.at(-1));
        expect(isRoundSeedInChain(revealed, round, chain.at(-1)!)).toBe(true);
        expect(isRoundSeedInChain(revealed, round + 1, chain.at(-1)!)).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it('checkpoints give the same round seeds as the full chain', () => {
    fc.assert(
      fc.property(
        sha256HexArbitrary,
        lengthArbitrary,
        fc.integer({ min: 1, max: 40 }),
        (seedHex, length, interval) => {
          const chain = buildChain(seedHex, length);
          const checkpoints = buildChainCheckpoints(seedHex, length, interval);
          expect(checkpoints.checkpointHashes).toHaveLength(Math.ceil(length / interval));
          expect(checkpoints.terminatingHashHex).toBe(chain.at(-1));
          for (let round = 0; round < length - 1; round++) {
            expect(chainSeedForRound(checkpoints, round)).toBe(roundSeedFromChain(chain, round));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('rejects bad links, lengths and rounds', () => {
    const seedHex = 'ab'.repeat(32);
    expect(verifyChainLink(seedHex, nextChainHash(seedHex).toUpperCase())).toBe(false);
    expect(verifyChainLink(seedHex.toUpperCase(), nextChainHash(seedHex))).toBe(false);
    expect(verifyChainLink(seedHex, seedHex)).toBe(false);
    expect(isRoundSeedInChain('nope', 0, nextChainHash(seedHex))).toBe(false);
    expect(() => buildChain(seedHex, 1)).toThrow(RangeError);
    expect(() => buildChain('ab', 10)).toThrow(RangeError);
    expect(() => chainIndexForRound(10, 9)).toThrow(RangeError);
    expect(() => chainIndexForRound(10, -1)).toThrow(RangeError);
    expect(() => buildChainCheckpoints(seedHex, 10, 0)).toThrow(RangeError);
    expect(() => luckyColorRoundNumber('AB'.repeat(32), salt)).toThrow(RangeError);
  });
});
