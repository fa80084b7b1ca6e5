import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betRoundBytes,
  diceRoll,
  hashServerSeed,
  limboResult,
  minesLayout,
  SERVER_SEED_BYTE_COUNT,
  serverSeedFromBytes,
} from './index.ts';

// Published results of the industry-standard scheme that third-party verifiers reproduce.
describe('known answers', () => {
  it.each([
    {
      serverSeedHex: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
      clientSeed: 'bb62964774',
      nonce: 1,
      dice: 77.18,
      limbo: 1.28,
    },
    {
      serverSeedHex: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6',
      clientSeed: '3c83fc7e07',
      nonce: 3,
      dice: 19.59,
      limbo: 5.05,
    },
  ])('dice $dice and limbo $limbo for nonce $nonce', ({ dice, limbo, ...seeds }) => {
    expect(diceRoll(seeds)).toBe(dice);
    expect(limboResult(seeds)).toBe(limbo);
  });

  it.each([
    { nonce: 0, mineCount: 1, mineTiles: [6], drawOrder: [6] },
    { nonce: 1, mineCount: 2, mineTiles: [1, 21], drawOrder: [1, 21] },
    { nonce: 2, mineCount: 3, mineTiles: [13, 16, 22], drawOrder: [22, 16, 13] },
  ])('mines $mineTiles for nonce $nonce', ({ nonce, mineCount, mineTiles, drawOrder }) => {
    const seeds = {
      serverSeedHex: '5ff5c610e633b2a91c46d1be1f74286b',
      clientSeed: '854581b6f52eaa86503f1dc6433655f9',
      nonce,
    };
    expect(minesLayout(seeds, mineCount)).toEqual({ mineTiles, drawOrder });
  });
});

const serverSeedHexArbitrary = fc
  .uint8Array({ minLength: SERVER_SEED_BYTE_COUNT, maxLength: SERVER_SEED_BYTE_COUNT })
  .map(serverSeedFromBytes);

describe('hashing agrees with node:crypto', () => {
  it('HMAC bytes: key and message are utf-8 TEXT', () => {
    fc.assert(
      fc.property(
        serverSeedHexArbitrary,
        fc.string({ unit: 'grapheme' }),
        fc.nat(),
        fc.nat({ max: 5 }),
        (serverSeedHex, clientSeed, nonce, round) => {
          const expected = createHmac('sha256', Buffer.from(serverSeedHex, 'utf8'))
            .update(Buffer.from(`${clientSeed}:${nonce}:${round}`, 'utf8'))
            .digest();
          expect(Buffer.from(betRoundBytes({ serverSeedHex, clientSeed, nonce }, round))).toEqual(expected);
        },
      ),
    );
  });

  it('the server seed commitment is sha256 of the hex text', () => {
    fc.assert(
      fc.property(serverSeedHexArbitrary, (serverSeedHex) => {
        expect(hashServerSeed(serverSeedHex)).toBe(createHash('sha256').update(serverSeedHex).digest('hex'));
      }),
    );
  });

  it('alternating seeds does not leak the cached key into the next bet', () => {
    const seedA = { serverSeedHex: 'aa'.repeat(32), clientSeed: 'c', nonce: 7 };
    const seedB = { ...seedA, serverSeedHex: 'bb'.repeat(32) };
    const first = [betRoundBytes(seedA, 0), betRoundBytes(seedB, 0)];
    const second = [betRoundBytes(seedA, 0), betRoundBytes(seedB, 0)];
    expect(second).toEqual(first);
    expect(first[0]).not.toEqual(first[1]);
  });
});

describe('server seeds', () => {
  it('are 64 lowercase hex characters from 32 bytes', () => {
    fc.assert(
      fc.property(serverSeedHexArbitrary, (serverSeedHex) => {
        expect(serverSeedHex).toMatch(/^[0-9a-f]{64}$/);
      }),
    );
    expect(serverSeedFromBytes(new Uint8Array(32).fill(0xab))).toBe('ab'.repeat(32));
  });

  it('reject the wrong byte count and non-canonical hex', () => {
    expect(() => serverSeedFromBytes(new Uint8Array(31))).toThrow(RangeError);
    expect(() => hashServerSeed('AB'.repeat(32))).toThrow(RangeError);
    expect(() => hashServerSeed('')).toThrow(RangeError);
    expect(() => diceRoll({ serverSeedHex: 'ab', clientSeed: 'c', nonce: -1 })).toThrow(RangeError);
    expect(() => diceRoll({ serverSeedHex: 'ab', clientSeed: 'c', nonce: 1.5 })).toThrow(RangeError);
  });
});
