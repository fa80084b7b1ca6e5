// The closed-form RTP (rtp.ts) against spin() itself over every stop combination, for the games small enough
// to enumerate (3 and 4 reels): the averages agree to rounding error, so the formula and the engine agree.
import { describe, expect, it } from 'vitest';
import type { FreeSpinState, SlotGame } from './index.ts';
import { defineGame, LINES_5X3, rtpBreakdown, SLOT_GAMES, spin } from './index.ts';

/** A "random" source that makes every reel stop where we say. */
function stopsSource(game: SlotGame, stops: readonly number[]): () => number {
  let reel = 0;
  return () => {
    const stop = stops[reel]!;
    const length = game.strips[reel]!.length;
    reel = (reel + 1) % game.reels;
    return (stop + 0.5) / length;
  };
}

/** Average win per unit bet of a base spin and of a free spin, and the share of stops that trigger. */
function enumerate(game: SlotGame) {
  // A bet of 100 coins' worth keeps every amount whole, so no flooring blurs the comparison.
  const bet = BigInt(game.betCoins * 100);
  const freeState: FreeSpinState = {
    remaining: 1,
    awarded: 1,
    multiplier: game.freeSpins.multiplier,
    bet: bet.toString(),
    win: '0',
  };
  const stops = new Array<number>(game.reels).fill(0);
  let total = 0n;
  let freeTotal = 0n;
  let triggers = 0;
  let combinations = 0;
  const visit = (reel: number): void => {
    if (reel === game.reels) {
      const outcome = spin(game, bet, stopsSource(game, stops));
      total += outcome.win;
      if (outcome.freeSpinsAwarded > 0) triggers++;
      freeTotal += spin(game, 0n, stopsSource(game, stops), freeState).win;
      combinations++;
      return;
    }
    for (let stop = 0; stop < game.strips[reel]!.length; stop++) {
      stops[reel] = stop;
      visit(reel + 1);
    }
  };
  visit(0);
  const perBet = (sum: bigint) => Number(sum) / combinations / Number(bet);
  return { base: perBet(total), free: perBet(freeTotal), triggerShare: triggers / combinations };
}

/**
 * Small games on short strips, so the five-reel lines and ways formulas are also checked exhaustively in well
 * under a second (the real five-reel games have 10⁸ combinations; their simulation checks them).
 */
function miniature(code: string, kind: 'lines' | 'ways', reels: number): SlotGame {
  const source = SLOT_GAMES.find((game) => game.kind === kind && game.reels === 5 && game.rows === 3)!;
  const [wild, scatter, high, middle, low] = source.symbols;
  const counts = { [wild!.code]: 1, [scatter!.code]: 1, [high!.code]: 2, [middle!.code]: 2, [low!.code]: 2 };
  return defineGame({
    ...source,
    code,
    reels,
    lines: kind === 'lines' ? LINES_5X3.slice(0, 20).map((line) => line.slice(0, reels)) : undefined,
    symbols: [wild!, scatter!, high!, middle!, low!].map((symbol) => ({
      ...symbol,
      pays: [...symbol.pays.slice(0, reels), symbol.pays[5]!],
    })),
    reelCounts: Array.from({ length: reels }, () => counts),
  });
}

const MINIATURES = [miniature('mini-lines', 'lines', 5), miniature('mini-ways', 'ways', 5)];

describe('theoretical RTP equals the average over every stop combination', () => {
  const small = [...SLOT_GAMES.filter((game) => game.reels === 3), ...MINIATURES];
  // The four-reel game takes ~15 s: enumerated when SLOTS_EXACT_ALL is set.
  const all = process.env.SLOTS_EXACT_ALL ? SLOT_GAMES.filter((game) => game.reels === 4) : [];
  for (const game of [...small, ...all]) {
    it(`${game.code}: base game, free spins and trigger chance`, { timeout: 120_000 }, () => {
      const exact = enumerate(game);
      const breakdown = rtpBreakdown(game);
      expect(exact.base).toBeCloseTo(breakdown.baseRtp, 10);
      expect(exact.free).toBeCloseTo(breakdown.baseRtp * game.freeSpins.multiplier, 10);
      expect(exact.triggerShare).toBeCloseTo(breakdown.triggerProbability, 12);
      const rtp = exact.base * (1 + exact.triggerShare * game.freeSpins.spins * game.freeSpins.multiplier);
      expect(rtp).toBeCloseTo(breakdown.rtp, 10);
      expect(exact.base).toBeGreaterThan(0);
    });
  }
});
