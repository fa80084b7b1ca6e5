import { describe, expect, it } from 'vitest';
import {
  type MinesAutoPort,
  minesBetSteps,
  minesStepKey,
  patternFits,
  playMinesBet,
  togglePick,
} from './mines-autobet';

/** A fake server: mines on the given tiles, answers replayed by Idempotency-Key as the real one does. */
function fakeServer(mineTiles: number[], mines = mineTiles.length) {
  const calls: string[] = [];
  const answers = new Map<string, unknown>();
  let games = 0;
  const revealed = new Map<number, number[]>();
  const once = async <T>(key: string, run: () => T): Promise<T> => {
    if (!answers.has(key)) answers.set(key, run());
    return answers.get(key) as T;
  };
  const port: MinesAutoPort = {
    start: (_stake, _mines, key) =>
      once(key, () => {
        calls.push(`start ${key}`);
        games += 1;
        revealed.set(games, []);
        return { gameId: games };
      }),
    reveal: (gameId, tile, key) =>
      once(key, () => {
        calls.push(`reveal ${tile} ${key}`);
        const safe = !mineTiles.includes(tile);
        const open = [...(revealed.get(gameId) ?? []), tile];
        revealed.set(gameId, open);
        return { safe, finished: !safe || open.length === 25 - mines, payout: safe ? 0 : 0 };
      }),
    cashOut: (_gameId, key) =>
      once(key, () => {
        calls.push(`cashout ${key}`);
        return { payout: 2.5 };
      }),
  };
  return { port, calls, games: () => games };
}

describe('mines auto-bet steps', () => {
  it('starts, reveals the picked tiles in the order picked, then cashes out, each with its own key', () => {
    const steps = minesBetSteps([7, 3]);
    expect(steps.map((step) => minesStepKey('k1', step))).toEqual([
      'k1-start',
      'k1-reveal-0',
      'k1-reveal-1',
      'k1-cashout',
    ]);
    expect(steps.map((step) => (step.kind === 'reveal' ? step.tile : step.kind))).toEqual([
      'start',
      7,
      3,
      'cashout',
    ]);
  });

  it('keys are ones the server accepts and differ between bets', () => {
    const keys = ['a', 'b'].flatMap((bet) => minesBetSteps([1, 2]).map((step) => minesStepKey(bet, step)));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9-]{1,100}$/);
  });

  it('a pattern fits 1 to 25 - mines distinct tiles; picking again un-picks', () => {
    expect(patternFits([], 3)).toBe(false);
    expect(patternFits([0, 24], 3)).toBe(true);
    expect(patternFits([1, 1], 3)).toBe(false);
    expect(patternFits([25], 3)).toBe(false);
    expect(patternFits([0, 1], 24)).toBe(false);
    expect(togglePick([4, 9], 4, 3)).toEqual([9]);
    expect(togglePick([4], 9, 3)).toEqual([4, 9]);
    expect(togglePick([4], 9, 24)).toEqual([4]);
  });
});

describe('playing one mines bet', () => {
  it('cashes out when every picked tile is safe', async () => {
    const server = fakeServer([0, 1, 2]);
    const outcome = await playMinesBet(server.port, { stakeCents: 100, mines: 3, pattern: [10, 11] }, 'b1');
    expect(outcome).toEqual({ stakeCents: 100, payoutCents: 250 });
    expect(server.calls).toEqual([
      'start b1-start',
      'reveal 10 b1-reveal-0',
      'reveal 11 b1-reveal-1',
      'cashout b1-cashout',
    ]);
  });

  it('stops at a mine: no more reveals, no cash-out, the stake lost', async () => {
    const server = fakeServer([11, 1, 2]);
    const outcome = await playMinesBet(
      server.port,
      { stakeCents: 100, mines: 3, pattern: [10, 11, 12] },
      'b1',
    );
    expect(outcome).toEqual({ stakeCents: 100, payoutCents: 0 });
    expect(server.calls).toEqual(['start b1-start', 'reveal 10 b1-reveal-0', 'reveal 11 b1-reveal-1']);
  });

  it('a bet resent after a lost answer (same key) starts no second game and cashes out once', async () => {
    const server = fakeServer([0, 1, 2]);
    let dropped = false;
    const flaky: MinesAutoPort = {
      ...server.port,
      async cashOut(gameId, key) {
        const answer = await server.port.cashOut(gameId, key);
        if (!dropped) {
          dropped = true;
          throw new Error('answer lost');
        }
        return answer;
      },
    };
    const bet = { stakeCents: 100, mines: 3, pattern: [10] };
    await expect(playMinesBet(flaky, bet, 'b1')).rejects.toThrow('answer lost');
    expect(await playMinesBet(flaky, bet, 'b1')).toEqual({ stakeCents: 100, payoutCents: 250 });
    expect(server.games()).toBe(1);
    expect(server.calls.filter((call) => call.startsWith('cashout'))).toHaveLength(1);
  });
});
