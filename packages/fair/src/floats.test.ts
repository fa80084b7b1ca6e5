import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betFloats, betRoundBytes, FLOATS_PER_ROUND, floatsFromBytes, takeBetFloats } from './index.ts';

const seedsArbitrary = fc.record({
  serverSeedHex: fc
    .uint8Array({ minLength: 1, maxLength: 32 })
    .map((bytes) => Buffer.from(bytes).toString('hex')),
  clientSeed: fc.string(),
  nonce: fc.nat(),
});

describe('floats', () => {
  it('are each 4 big-endian bytes as u32 / 2^32', () => {
    const bytes = Uint8Array.from([
      0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x80, 0, 0, 0, 0x12, 0x34, 0x56, 0x78,
    ]);
    expect(floatsFromBytes(bytes)).toEqual([0, 1 - 2 ** -32, 0.5, 0x12345678 / 2 ** 32]);
  });

  it('lie in [0, 1) on the 2^-32 grid, eight per HMAC round', () => {
    fc.assert(
      fc.property(seedsArbitrary, (seeds) => {
        const floats = floatsFromBytes(betRoundBytes(seeds, 0));
        expect(floats).toHaveLength(FLOATS_PER_ROUND);
        for (const float of floats) {
          expect(float).toBeGreaterThanOrEqual(0);
          expect(float).toBeLessThan(1);
          expect(Number.isInteger(float * 2 ** 32)).toBe(true);
        }
      }),
    );
  });

  it('continue into later rounds in order, as many as needed', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 0, max: 30 }), (seeds, count) => {
        const expected = [0, 1, 2, 3].flatMap((round) => floatsFromBytes(betRoundBytes(seeds, round)));
        expect(takeBetFloats(seeds, count)).toEqual(expected.slice(0, count));
      }),
    );
  });

  it('are deterministic', () => {
    fc.assert(
      fc.property(seedsArbitrary, (seeds) => {
        const stream = betFloats(seeds);
        const first = Array.from({ length: 10 }, () => stream.next().value);
        expect(takeBetFloats({ ...seeds }, 10)).toEqual(first);
      }),
    );
  });
});
