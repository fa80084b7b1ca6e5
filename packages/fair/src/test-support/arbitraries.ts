// Shared fast-check generators for the tests.
import fc from 'fast-check';
import type { BetSeeds } from '../index.ts';

/** Floats exactly as the derivation makes them: u32 / 2^32. */
export const derivedFloatArbitrary = fc.nat({ max: 2 ** 32 - 1 }).map((uint32) => uint32 / 2 ** 32);

export const betSeedsArbitrary: fc.Arbitrary<BetSeeds> = fc.record({
  serverSeedHex: fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .map((bytes) => Buffer.from(bytes).toString('hex')),
  clientSeed: fc.string({ maxLength: 40 }),
  nonce: fc.nat(),
});

export const sha256HexArbitrary = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Buffer.from(bytes).toString('hex'));
