import { describe, expect, it } from 'vitest';
import { BetEngine, type Verdict } from './bet-engine.ts';

interface Bet {
  player: bigint;
  n: number;
  fail?: 'refuse' | 'statement' | 'busy-once' | 'no-pair';
}

/** An engine over a fake database: records each batch, answers `n * 10`, refuses or fails as the bet says. */
function engineFor(
  limits: {
    maxBatch?: number;
    maxInFlight?: number;
    windowMs?: number;
    expectMs?: number;
    batchMs?: number;
  } = {},
) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const inFlightPlayers = new Set<bigint>();
  let overlap = false;
  const busyOnce = new Set<number>();
  const engine = new BetEngine<Bet, number>({
    maxBatch: limits.maxBatch ?? 8,
    windowMs: limits.windowMs ?? 1,
    expectMs: limits.expectMs ?? 0,
    holdMs: 1000,
    maxInFlight: limits.maxInFlight ?? 2,
    busyTries: 5,
    runBatch: async (bets) => {
      for (const bet of bets) {
        if (inFlightPlayers.has(bet.player)) overlap = true;
        inFlightPlayers.add(bet.player);
      }
      await new Promise((resolve) =>
        limits.batchMs ? setTimeout(resolve, limits.batchMs) : setImmediate(resolve),
      );
      for (const bet of bets) inFlightPlayers.delete(bet.player);
      if (bets.some((bet) => bet.fail === 'statement')) throw new Error('statement failed');
      batches.push(bets.map((bet) => bet.n));
      return bets.map((bet): Verdict<number> => {
        if (bet.fail === 'refuse') return { kind: 'refused', error: new Error(`refused ${bet.n}`) };
        if (bet.fail === 'no-pair') return { kind: 'alone' };
        if (bet.fail === 'busy-once' && !busyOnce.has(bet.n)) {
          busyOnce.add(bet.n);
          return { kind: 'busy' };
        }
        return { kind: 'done', result: bet.n * 10 };
      });
    },
    runOne: async (bet) => {
      alone.push(bet.n);
      if (bet.fail === 'statement' || bet.fail === 'refuse') throw new Error(`alone ${bet.n} failed`);
      return bet.n * 10;
    },
  });
  return { engine, batches, alone, overlap: () => overlap };
}

describe('the bet engine', () => {
  it('answers each bet its own result, gathering concurrent bets of many players into batches', async () => {
    const { engine, batches } = engineFor();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => engine.submit(BigInt(n), { player: BigInt(n), n })),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, n) => n * 10));
    expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(8);
  });

  it('keeps at most one bet per player in flight, in the order they arrived', async () => {
    const { engine, batches, overlap } = engineFor();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => engine.submit(BigInt(n % 3), { player: BigInt(n % 3), n })),
    );
    expect(answers).toEqual(Array.from({ length: 30 }, (_, n) => n * 10));
    expect(overlap()).toBe(false);
    for (const batch of batches) expect(new Set(batch.map((n) => n % 3)).size).toBe(batch.length);
    const order = batches.flat().filter((n) => n % 3 === 1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('a refused bet is refused alone: the others of its batch are answered', async () => {
    const { engine } = engineFor();
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        engine.submit(BigInt(n), { player: BigInt(n), n, ...(n === 4 ? { fail: 'refuse' as const } : {}) }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'rejected')).toHaveLength(1);
    expect((answers[4] as PromiseRejectedResult).reason.message).toBe('refused 4');
  });

  it('a batch whose statement fails is split down to the bad bet, which alone fails; the others go through', async () => {
    const { engine, alone } = engineFor();
    const answers = await Promise.allSettled(
      Array.from({ length: 16 }, (_, n) =>
        engine.submit(BigInt(n), {
          player: BigInt(n),
          n,
          ...(n === 9 ? { fail: 'statement' as const } : {}),
        }),
      ),
    );
    const rejected = answers.flatMap((answer, n) => (answer.status === 'rejected' ? [n] : []));
    expect(rejected).toEqual([9]);
    expect(alone).toContain(9);
    expect(engine.stats.splits).toBeGreaterThan(0);
  });

  it('a busy player is tried again later, and answered', async () => {
    const { engine, batches, alone } = engineFor();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        engine.submit(BigInt(n), {
          player: BigInt(n),
          n,
          ...(n === 2 ? { fail: 'busy-once' as const } : {}),
        }),
      ),
    );
    expect(answers).toEqual([0, 10, 20, 30, 40, 50]);
    expect(batches.flat().filter((n) => n === 2).length + alone.filter((n) => n === 2).length).toBe(2);
    expect(engine.stats.busy).toBe(1);
  });

  it('bets arriving in the same turn while nothing is in flight leave together, not the first one alone', async () => {
    const { engine, batches, alone } = engineFor();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => engine.submit(BigInt(n), { player: BigInt(n), n })),
    );
    expect(answers).toEqual([0, 10, 20, 30, 40]);
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
    expect(alone).toEqual([]);
  });

  it('a bet its batch cannot place (no seed pair yet) is placed alone at once, never retried as busy', async () => {
    const { engine, alone } = engineFor();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        engine.submit(BigInt(n), { player: BigInt(n), n, ...(n === 3 ? { fail: 'no-pair' as const } : {}) }),
      ),
    );
    expect(answers).toEqual([0, 10, 20, 30, 40, 50]);
    expect(alone).toEqual([3]);
    expect(engine.stats.busy).toBe(0);
  });

  it('waits for the players it has just answered: a table betting one after another stays one batch per wave', async () => {
    // Each player's next bet comes back 0 to 3 ms after its answer, as HTTP clients do: without waiting for them,
    // the first to come back would leave alone and the table would split into groups that never merge again.
    const { engine, batches, alone } = engineFor({
      maxBatch: 32,
      maxInFlight: 3,
      windowMs: 200,
      expectMs: 1000,
    });
    const players = Array.from({ length: 4 }, (_, n) => BigInt(n));
    await Promise.all(
      players.map(async (player) => {
        for (let round = 0; round < 5; round++) {
          await engine.submit(player, { player, n: round * 10 + Number(player) });
          await new Promise((resolve) => setTimeout(resolve, Number(player)));
        }
      }),
    );
    expect(alone).toEqual([]);
    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 4, 4, 4]);
  });

  it('a straggler waits for the batch in flight and joins the next wave, instead of leaving alone', async () => {
    // Player 3 always comes back 10 ms after its answer, past the 2 ms window: the others leave without it, and it
    // arrives while their batch (20 ms) is being written.
    const { engine, batches, alone } = engineFor({
      maxInFlight: 3,
      windowMs: 2,
      expectMs: 1000,
      batchMs: 20,
    });
    let stragglerDone = false;
    const straggler = async () => {
      for (let round = 0; round < 4; round++) {
        await engine.submit(3n, { player: 3n, n: round * 10 + 3 });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      stragglerDone = true;
    };
    const quick = async (player: bigint) => {
      for (let round = 0; !stragglerDone; round++)
        await engine.submit(player, { player, n: round * 10 + Number(player) });
    };
    await Promise.all([straggler(), quick(0n), quick(1n), quick(2n)]);
    expect(alone).toEqual([]);
    expect(Math.min(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
  });
});
