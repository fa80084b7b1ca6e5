// Properties of spin() for every game and any random source: wins are never negative nor above the game's
// max win, every amount is floored to the centavo, the same source gives the same spin, and free spins
// stake nothing, pay at the trigger's bet and multiplier, and count down to the end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FreeSpinState, SlotGame } from './index.ts';
import { SLOT_GAMES, spin, spinOutcomeToJson } from './index.ts';
import { seededRandom } from './test-support/random.ts';

const gameArbitrary = fc.constantFrom(...SLOT_GAMES);
const floatsArbitrary = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
  minLength: 5,
  maxLength: 5,
});
const betArbitrary = (game: SlotGame) => fc.bigInt({ min: BigInt(game.minBet), max: BigInt(game.maxBet) });

function sourceOf(floats: readonly number[]): () => number {
  let i = 0;
  return () => floats[i++ % floats.length]!;
}

/** The amount a paytable row pays at a bet and multiplier, floored: what every win must equal. */
function expectedAmount(
  game: SlotGame,
  symbol: string,
  count: number,
  ways: number,
  bet: bigint,
  multiplier: number,
) {
  const row = game.paytable.find((candidate) => candidate.symbol === symbol && candidate.count === count)!;
  return (bet * BigInt(row.coins * ways * multiplier)) / BigInt(game.betCoins);
}

describe('spin()', () => {
  it('pays each win as its paytable row at the bet, floored, never below 0 nor above the max win', () => {
    fc.assert(
      fc.property(
        gameArbitrary.chain((game) => fc.tuple(fc.constant(game), betArbitrary(game), floatsArbitrary)),
        ([game, bet, floats]) => {
          const outcome = spin(game, bet, sourceOf(floats));
          expect(outcome.win).toBeGreaterThanOrEqual(0n);
          expect(outcome.win * 1_000_000n).toBeLessThanOrEqual(
            bet * BigInt(Math.round(game.maxWinTimesBet * 1_000_000)),
          );
          expect(outcome.win).toBe(outcome.wins.reduce((sum, win) => sum + win.amount, 0n));
          for (const win of outcome.wins) {
            expect(win.amount).toBe(expectedAmount(game, win.symbol, win.count, win.ways ?? 1, bet, 1));
          }
          expect(outcome.grid).toHaveLength(game.reels);
          for (const column of outcome.grid) expect(column).toHaveLength(game.rows);
          expect(outcome.freeSpin).toBe(false);
          expect(outcome.stake).toBe(bet);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never floors at the bets the page offers: each is a whole number of centavos per coin', () => {
    fc.assert(
      fc.property(
        gameArbitrary.chain((game) =>
          fc.tuple(fc.constant(game), fc.constantFrom(...game.betSteps), floatsArbitrary),
        ),
        ([game, step, floats]) => {
          expect(step % game.betCoins).toBe(0);
          const bet = BigInt(step);
          const outcome = spin(game, bet, sourceOf(floats));
          for (const win of outcome.wins) {
            const row = game.paytable.find(
              (candidate) => candidate.symbol === win.symbol && candidate.count === win.count,
            )!;
            expect(win.amount * BigInt(game.betCoins)).toBe(bet * BigInt(row.coins * (win.ways ?? 1)));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives the same outcome for the same random source', () => {
    fc.assert(
      fc.property(gameArbitrary, fc.integer(), (game, seed) => {
        const first = spin(game, BigInt(game.minBet), seededRandom(seed));
        const second = spin(game, BigInt(game.minBet), seededRandom(seed));
        expect(spinOutcomeToJson(second)).toEqual(spinOutcomeToJson(first));
      }),
      { numRuns: 300 },
    );
  });

  it('plays free spins at the trigger bet and multiplier, awards none, and counts them down to null', () => {
    fc.assert(
      fc.property(gameArbitrary, fc.integer(), fc.integer({ min: 1, max: 20 }), (game, seed, remaining) => {
        const triggerBet = BigInt(game.betSteps[3]!);
        let state: FreeSpinState | null = {
          remaining,
          awarded: remaining,
          multiplier: game.freeSpins.multiplier,
          bet: triggerBet.toString(),
          win: '0',
        };
        const random = seededRandom(seed);
        let total = 0n;
        for (let played = 0; played < remaining; played++) {
          expect(state).not.toBeNull();
          // The caller stakes 0 on a free spin; the bet argument is not used.
          const outcome = spin(game, 0n, random, state);
          expect(outcome.freeSpin).toBe(true);
          expect(outcome.stake).toBe(0n);
          expect(outcome.bet).toBe(triggerBet);
          expect(outcome.multiplier).toBe(game.freeSpins.multiplier);
          expect(outcome.freeSpinsAwarded).toBe(0);
          for (const win of outcome.wins) {
            const multiplier = game.freeSpins.multiplier;
            expect(win.amount).toBe(
              expectedAmount(game, win.symbol, win.count, win.ways ?? 1, triggerBet, multiplier),
            );
          }
          total += outcome.win;
          state = outcome.state;
          if (state) {
            expect(state.remaining).toBe(remaining - played - 1);
            expect(BigInt(state.win)).toBe(total);
          }
        }
        expect(state).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('starts free spins when enough reels show the scatter', () => {
    for (const game of SLOT_GAMES) {
      const scatter = game.symbols.find((symbol) => symbol.kind === 'scatter')!.code;
      // Stop every reel on its first scatter, so it shows in the top row of every reel.
      const stops = game.strips.map((strip) => strip.indexOf(scatter));
      let reel = 0;
      const random = () => (stops[reel]! + 0.5) / game.strips[reel++]!.length;
      const outcome = spin(game, BigInt(game.minBet), random);
      expect(outcome.scatter).toBe(true);
      expect(outcome.freeSpinsAwarded).toBe(game.freeSpins.spins);
      expect(outcome.state).toEqual({
        remaining: game.freeSpins.spins,
        awarded: game.freeSpins.spins,
        multiplier: game.freeSpins.multiplier,
        bet: String(game.minBet),
        win: '0',
      });
      expect(outcome.wins.some((win) => win.symbol === scatter && win.count === game.reels)).toBe(true);
    }
  });

  it('refuses a bet outside min..max and a random source outside [0, 1)', () => {
    const game = SLOT_GAMES[0]!;
    expect(() => spin(game, BigInt(game.minBet - 1), Math.random)).toThrow(RangeError);
    expect(() => spin(game, BigInt(game.maxBet + 1), Math.random)).toThrow(RangeError);
    expect(() => spin(game, BigInt(game.minBet), () => 1)).toThrow(RangeError);
    expect(() => spin(game, BigInt(game.minBet), () => Number.NaN)).toThrow(RangeError);
  });

  it('floors odd amounts down to the centavo', () => {
    // 5 lines at R$ 0,21: a 3-coin line pays 3 · 21 / 5 = 12,6 centavos, paid as 12.
    const game = SLOT_GAMES.find((candidate) => candidate.code === 'pg-boi-dourado')!;
    const bamboo = game.strips.map((strip) => strip.indexOf('bamboo'));
    let reel = 0;
    const outcome = spin(game, 21n, () => (bamboo[reel]! + 0.5) / game.strips[reel++]!.length);
    const line = outcome.wins.find((win) => win.line !== undefined && win.symbol === 'bamboo');
    expect(line?.amount).toBe(12n);
  });
});
