import { randomBytes } from 'node:crypto';
import { buildChainCheckpoints, chainSeedForRound, isRoundSeedInChain } from '@aposta/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashChainCheckpoints } from '../../src/modules/games/chain.hashing.ts';
import { RoundEngine } from '../../src/modules/games/rounds.engine.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';

/** Event-loop turns (a zero-delay interval's runs) taken while `work` is pending. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  const spin = setInterval(() => turns++, 0);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    clearInterval(spin);
  }
}

// A production chain has 200,000 links per table: hashed on the event loop it held every request and socket event
// for 6-10 s at start on a busy two-core machine. Long chains are hashed in a worker thread.
describe('round chains hashed off the event loop', () => {
  it('a long chain: the same checkpoints as in place, while the event loop keeps turning', async () => {
    const secret = randomBytes(32).toString('hex');
    const { result, turns } = await turnsDuring(() => hashChainCheckpoints(secret, 50_000));
    expect(turns).toBeGreaterThan(3);
    expect(result).toEqual(buildChainCheckpoints(secret, 50_000, 1000));
  });

  it('a short chain (tests, 2,000 links) is hashed in place: cheaper than a worker', async () => {
    const secret = randomBytes(32).toString('hex');
    const { result, turns } = await turnsDuring(() => hashChainCheckpoints(secret, 2000));
    expect(turns).toBe(0);
    expect(result).toEqual(buildChainCheckpoints(secret, 2000, 1000));
    await expect(hashChainCheckpoints('not hex', 20_000)).rejects.toThrow();
  });
});

describe(`the round engine on a long chain (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('publishes and plays a 20,000-link chain hashed in a worker: the round seed proves against it', async () => {
    const engine = new RoundEngine(test.ctx, 20_000);
    const start = Math.ceil(Date.now() / 900_000) * 900_000 + 900_000;
    // The app's own engine (2,000 links) has not published yet: this one publishes the 20,000-link chain.
    const { turns } = await turnsDuring(() => engine.tick(new Date(start)));
    expect(turns).toBeGreaterThan(3);
    const chain = await test.ctx.db
      .selectFrom('round_chains')
      .selectAll()
      .where('game', '=', 'double')
      .executeTakeFirstOrThrow();
    expect(chain.chain_length).toBe(20_000);
    expect(chain.terminating_hash).toBe(
      buildChainCheckpoints(chain.chain_secret, 20_000, 1000).terminatingHashHex,
    );
    // Through betting and rolling to the end of the round: its revealed seed is round 0 of the published chain.
    await engine.tick(new Date(start + 15_000));
    await engine.tick(new Date(start + 30_000));
    const round = await test.ctx.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('game', '=', 'double')
      .where('chain_index', '=', 0)
      .executeTakeFirstOrThrow();
    expect(round.phase).toBe('complete');
    expect(round.seed).toBe(chainSeedForRound(buildChainCheckpoints(chain.chain_secret, 20_000, 1000), 0));
    expect(isRoundSeedInChain(round.seed!, 0, chain.terminating_hash)).toBe(true);
  });
});
