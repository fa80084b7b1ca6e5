// The Monte Carlo check of a game's RTP: play many paid rounds (a paid spin plus the free spins it awards)
// and compare the mean return with the exact theoretical RTP, within a tolerance derived from the variance.
import { describe, expect, it } from 'vitest';
import { spin } from '../engine.ts';
import { SLOT_GAMES } from '../games.ts';
import { theoreticalRtp } from '../rtp.ts';
import type { SlotGame, SlotProvider } from '../types.ts';
import { seededRandom } from './random.ts';

/** Rounds per game: 10⁶ by default, more with SLOTS_SIM_SPINS. */
export const SIMULATION_ROUNDS = Number(process.env.SLOTS_SIM_SPINS ?? 1_000_000);
/** How many standard errors the mean may stray (two-sided, p ≈ 6 · 10⁻⁵ per game when the math is right). */
export const STANDARD_ERRORS = 4;

export type SimulationResult = {
  readonly rounds: number;
  readonly meanReturn: number;
  /** Sample standard deviation of one round's return, per unit bet. */
  readonly standardDeviation: number;
  readonly standardError: number;
  /** Share of paid spins that win something, and that trigger free spins. */
  readonly hitRate: number;
  readonly triggerRate: number;
};

export function simulate(game: SlotGame, rounds: number, seed: number): SimulationResult {
  // A bet worth 100 coins keeps every amount whole, so the simulation measures the math, not the flooring.
  const bet = BigInt(game.betCoins * 100);
  const betNumber = Number(bet);
  const random = seededRandom(seed);
  let sum = 0;
  let sumOfSquares = 0;
  let hits = 0;
  let triggers = 0;
  for (let round = 0; round < rounds; round++) {
    let outcome = spin(game, bet, random);
    let won = outcome.win;
    if (won > 0n) hits++;
    if (outcome.freeSpinsAwarded > 0) triggers++;
    while (outcome.state) {
      outcome = spin(game, 0n, random, outcome.state);
      won += outcome.win;
    }
    const returned = Number(won) / betNumber;
    sum += returned;
    sumOfSquares += returned * returned;
  }
  const meanReturn = sum / rounds;
  const variance = (sumOfSquares - rounds * meanReturn * meanReturn) / (rounds - 1);
  const standardDeviation = Math.sqrt(variance);
  return {
    rounds,
    meanReturn,
    standardDeviation,
    standardError: standardDeviation / Math.sqrt(rounds),
    hitRate: hits / rounds,
    triggerRate: triggers / rounds,
  };
}

/** The simulation tests of one provider's games (one file per provider, so they run in parallel). */
export function describeSimulations(provider: SlotProvider): void {
  const seed = Number(process.env.SLOTS_SIM_SEED ?? 20260612);
  describe(`${provider} slots over ${SIMULATION_ROUNDS} paid rounds each`, () => {
    for (const game of SLOT_GAMES.filter((candidate) => candidate.provider === provider)) {
      it(`${game.code}: the mean return lands within ${STANDARD_ERRORS} standard errors of the RTP`, {
        timeout: 300_000,
      }, () => {
        const result = simulate(game, SIMULATION_ROUNDS, seed);
        const rtp = theoreticalRtp(game);
        // A tolerance that could not fail would prove nothing: keep it tighter than the distance between RTPs.
        expect(STANDARD_ERRORS * result.standardError).toBeLessThan(0.05);
        expect(Math.abs(result.meanReturn - rtp)).toBeLessThanOrEqual(STANDARD_ERRORS * result.standardError);
      });
    }
  });
}
