// The exact theoretical return of a game, from its strips and paytable, without simulating.
//
// Each reel stops uniformly on one of its L positions, independently of the other reels, so:
// - on any line the symbol on reel i is distributed like the strip's symbol frequencies, independently per
//   reel: the expected line pay is a finite sum over symbol combinations (the lines all have the same one);
// - on ways, a symbol's pay is pays[k] · c₁ · … · c_k when reels 1..k show it (or a wild) c_i times and reel
//   k+1 does not; by independence its expectation is pays[k] · E[c₁] · … · E[c_k] · P(c_{k+1} = 0);
// - the number of reels showing the scatter is a sum of independent 0/1 variables (one per reel).
// A free spin is a base spin with every win multiplied and no further free spins, so the expected return of
// a paid spin is E[spin] · (1 + P(trigger) · spins · multiplier), by linearity of expectation.

import type { CompiledGame } from './engine.ts';
import { compileGame, lineWin } from './engine.ts';
import type { SlotGame } from './types.ts';

export type RtpBreakdown = {
  /** Expected coins of one spin from lines or ways, and from the scatter. */
  readonly baseCoins: number;
  readonly scatterCoins: number;
  /** P(k reels show the scatter), k = 0..reels. */
  readonly scatterCountProbabilities: readonly number[];
  readonly triggerProbability: number;
  /** Share of the RTP paid by the base game and by the free spins. */
  readonly baseRtp: number;
  readonly freeSpinsRtp: number;
  readonly rtp: number;
};

function symbolFrequencies(compiledGame: CompiledGame): Float64Array[] {
  return compiledGame.strips.map((strip) => {
    const frequencies = new Float64Array(compiledGame.symbolCount);
    for (const symbol of strip) frequencies[symbol]! += 1 / strip.length;
    return frequencies;
  });
}

/** Expected coins of one line: the sum over every symbol combination of its probability times its pay. */
function expectedLineCoins(compiledGame: CompiledGame): number {
  const frequencies = symbolFrequencies(compiledGame);
  const reels = frequencies.length;
  const symbols = new Int32Array(reels);
  const result = { symbol: 0, count: 0, coins: 0 };
  const visit = (reel: number, probability: number): number => {
    if (reel === reels) return probability * lineWin(compiledGame, symbols, result).coins;
    let sum = 0;
    for (let symbol = 0; symbol < compiledGame.symbolCount; symbol++) {
      const frequency = frequencies[reel]![symbol]!;
      if (frequency === 0) continue;
      symbols[reel] = symbol;
      sum += visit(reel + 1, probability * frequency);
    }
    return sum;
  };
  return visit(0, 1);
}

/** For each reel and symbol: E[how many cells show it or a wild] and P(none does), over the reel's stops. */
function windowMatchMoments(compiledGame: CompiledGame, symbol: number): { mean: number; none: number }[] {
  const { rows } = compiledGame.game;
  return compiledGame.strips.map((strip) => {
    let total = 0;
    let none = 0;
    for (let stop = 0; stop < strip.length; stop++) {
      let matches = 0;
      for (let row = 0; row < rows; row++) {
        const cell = strip[(stop + row) % strip.length];
        if (cell === symbol || cell === compiledGame.wild) matches++;
      }
      total += matches;
      if (matches === 0) none++;
    }
    return { mean: total / strip.length, none: none / strip.length };
  });
}

function expectedWaysCoins(compiledGame: CompiledGame): number {
  const reels = compiledGame.strips.length;
  let sum = 0;
  for (const symbol of compiledGame.regular) {
    const moments = windowMatchMoments(compiledGame, symbol);
    let waysMean = 1;
    for (let count = 1; count <= reels; count++) {
      waysMean *= moments[count - 1]!.mean;
      const stopsHere = count < reels ? moments[count]!.none : 1;
      sum += (compiledGame.pays[symbol]![count] ?? 0) * waysMean * stopsHere;
    }
  }
  return sum;
}

/** P(k reels show the scatter) for k = 0..reels. */
function scatterCountProbabilities(compiledGame: CompiledGame): number[] {
  const { rows } = compiledGame.game;
  let distribution = [1];
  for (const strip of compiledGame.strips) {
    let showing = 0;
    for (let stop = 0; stop < strip.length; stop++) {
      for (let row = 0; row < rows; row++) {
        if (strip[(stop + row) % strip.length] === compiledGame.scatter) {
          showing++;
          break;
        }
      }
    }
    const p = showing / strip.length;
    const next = new Array<number>(distribution.length + 1).fill(0);
    distribution.forEach((probability, count) => {
      next[count]! += probability * (1 - p);
      next[count + 1]! += probability * p;
    });
    distribution = next;
  }
  return distribution;
}

export function rtpBreakdown(game: SlotGame): RtpBreakdown {
  const compiledGame = compileGame(game);
  const baseCoins =
    game.kind === 'lines'
      ? compiledGame.lines.length * expectedLineCoins(compiledGame)
      : expectedWaysCoins(compiledGame);
  const counts = scatterCountProbabilities(compiledGame);
  const scatterPays = compiledGame.pays[compiledGame.scatter]!;
  const scatterCoins = counts.reduce(
    (sum, probability, count) => sum + probability * (scatterPays[count] ?? 0) * game.betCoins,
    0,
  );
  const triggerProbability = counts
    .slice(game.freeSpins.scatterCount)
    .reduce((sum, probability) => sum + probability, 0);
  const baseRtp = (baseCoins + scatterCoins) / game.betCoins;
  const freeSpinsRtp = baseRtp * triggerProbability * game.freeSpins.spins * game.freeSpins.multiplier;
  return {
    baseCoins,
    scatterCoins,
    scatterCountProbabilities: counts,
    triggerProbability,
    baseRtp,
    freeSpinsRtp,
    rtp: baseRtp + freeSpinsRtp,
  };
}

/** The exact expected return of a paid spin (free spins it triggers included) per unit staked. */
export function theoreticalRtp(game: SlotGame): number {
  return rtpBreakdown(game).rtp;
}
