// Evaluating one spin. A game is compiled once (symbol codes to small integers, strips to typed arrays) so
// the simulation of millions of spins stays fast; the outcome speaks symbol codes again.
import type { FreeSpinState, SlotGame, SpinOutcome, SpinWin } from './types.ts';

export type CompiledGame = {
  readonly game: SlotGame;
  readonly symbolCount: number;
  readonly wild: number;
  readonly scatter: number;
  /** pays[symbol][count] in coins (scatter: multiples of the total bet). */
  readonly pays: readonly (readonly number[])[];
  readonly strips: readonly Int32Array[];
  readonly lines: readonly (readonly number[])[];
  /** Regular symbols (neither wild nor scatter), the ones ways pay for. */
  readonly regular: readonly number[];
  /** columns[reel][stop]: the symbol codes a reel shows when it stops there, top row first. */
  readonly columns: readonly (readonly (readonly string[])[])[];
  /** Scratch space reused by every spin of this game (spins are synchronous, so never shared). */
  readonly gridScratch: Int32Array;
  readonly lineScratch: Int32Array;
};

const compiled = new WeakMap<SlotGame, CompiledGame>();

export function compileGame(game: SlotGame): CompiledGame {
  const known = compiled.get(game);
  if (known) return known;
  const index = new Map(game.symbols.map((symbol, i) => [symbol.code, i]));
  const wild = game.symbols.findIndex((symbol) => symbol.kind === 'wild');
  const scatter = game.symbols.findIndex((symbol) => symbol.kind === 'scatter');
  const strips = game.strips.map((strip) =>
    Int32Array.from(strip, (code) => {
      const i = index.get(code);
      if (i === undefined) throw new Error(`${game.code}: unknown symbol ${code} on a strip`);
      return i;
    }),
  );
  const result: CompiledGame = {
    game,
    symbolCount: game.symbols.length,
    wild,
    scatter,
    pays: game.symbols.map((symbol) => symbol.pays),
    strips,
    lines: game.lines ?? [],
    regular: game.symbols.flatMap((symbol, i) => (symbol.kind === 'regular' ? [i] : [])),
    gridScratch: new Int32Array(game.reels * game.rows),
    lineScratch: new Int32Array(game.reels),
    columns: game.strips.map((strip) =>
      strip.map((_, stop) =>
        Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length]!),
      ),
    ),
  };
  compiled.set(game, result);
  return result;
}

function pay(compiledGame: CompiledGame, symbol: number, count: number): number {
  return compiledGame.pays[symbol]![count] ?? 0;
}

export type LineWin = { symbol: number; count: number; coins: number };

/**
 * The pay of one line's symbols (left to right): the longest run from the leftmost reel of one symbol, wilds
 * standing in for it, or of wilds alone, whichever pays more. A scatter ends a run. Writes the coins and the
 * run into `result` (reused: this runs millions of times in the simulation) and returns it.
 */
export function lineWin(compiledGame: CompiledGame, symbols: ArrayLike<number>, result: LineWin): LineWin {
  const { wild, scatter } = compiledGame;
  const length = symbols.length;
  let wildRun = 0;
  while (wildRun < length && symbols[wildRun] === wild) wildRun++;
  const wildCoins = wildRun > 0 ? pay(compiledGame, wild, wildRun) : 0;
  const target = wildRun < length ? symbols[wildRun]! : -1;
  let count = wildRun;
  let coins = 0;
  if (target >= 0 && target !== scatter) {
    while (count < length && (symbols[count] === target || symbols[count] === wild)) count++;
    coins = pay(compiledGame, target, count);
  }
  if (coins > 0 && coins >= wildCoins) {
    result.symbol = target;
    result.count = count;
    result.coins = coins;
  } else {
    result.symbol = wild;
    result.count = wildRun;
    result.coins = wildCoins;
  }
  return result;
}

/** Draws one stop per reel: floor(random() · strip length). */
function drawStops(compiledGame: CompiledGame, random: () => number): number[] {
  const stops: number[] = [];
  for (const strip of compiledGame.strips) {
    const float = random();
    if (!(float >= 0 && float < 1)) throw new RangeError('random() must return a number in [0, 1)');
    stops.push(Math.floor(float * strip.length));
  }
  return stops;
}

/** The visible symbols, reel by reel: cell (reel, row) is grid[reel · rows + row]. */
function windowOf(compiledGame: CompiledGame, stops: readonly number[]): Int32Array {
  const { rows } = compiledGame.game;
  const grid = compiledGame.gridScratch;
  compiledGame.strips.forEach((strip, reel) => {
    for (let row = 0; row < rows; row++)
      grid[reel * rows + row] = strip[(stops[reel]! + row) % strip.length]!;
  });
  return grid;
}

/** Turns coins into centavos at the spin's bet and multiplier, floored. */
type Payer = (coins: number) => bigint;

function lineWins(compiledGame: CompiledGame, grid: Int32Array, payer: Payer): SpinWin[] {
  const { rows } = compiledGame.game;
  const wins: SpinWin[] = [];
  const symbols = compiledGame.lineScratch;
  const result: LineWin = { symbol: 0, count: 0, coins: 0 };
  const { lines } = compiledGame;
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex]!;
    for (let reel = 0; reel < line.length; reel++) symbols[reel] = grid[reel * rows + line[reel]!]!;
    const { symbol, count, coins } = lineWin(compiledGame, symbols, result);
    if (coins <= 0) continue;
    const cells = line.slice(0, count).map((row, reel) => [reel, row] as const);
    const code = compiledGame.game.symbols[symbol]!.code;
    wins.push({ line: lineIndex, symbol: code, count, amount: payer(coins), cells });
  }
  return wins;
}

/** Ways: a symbol pays per way when each reel from the leftmost shows it or a wild; ways multiply. */
function waysWins(compiledGame: CompiledGame, grid: Int32Array, payer: Payer): SpinWin[] {
  const { rows } = compiledGame.game;
  const reels = compiledGame.strips.length;
  const wins: SpinWin[] = [];
  for (const symbol of compiledGame.regular) {
    let ways = 1;
    let count = 0;
    for (let reel = 0; reel < reels; reel++) {
      let matches = 0;
      for (let row = 0; row < rows; row++) {
        const cell = grid[reel * rows + row]!;
        if (cell === symbol || cell === compiledGame.wild) matches++;
      }
      if (matches === 0) break;
      ways *= matches;
      count++;
    }
    const coins = pay(compiledGame, symbol, count) * ways;
    if (coins <= 0) continue;
    const cells: (readonly [number, number])[] = [];
    for (let reel = 0; reel < count; reel++) {
      for (let row = 0; row < rows; row++) {
        const cell = grid[reel * rows + row]!;
        if (cell === symbol || cell === compiledGame.wild) cells.push([reel, row]);
      }
    }
    wins.push({ symbol: compiledGame.game.symbols[symbol]!.code, count, ways, amount: payer(coins), cells });
  }
  return wins;
}

/** How many reels show the scatter (strips keep scatters far enough apart that a window shows at most one). */
function scatterCells(compiledGame: CompiledGame, grid: Int32Array): [number, number][] {
  const { rows } = compiledGame.game;
  const cells: [number, number][] = [];
  for (let i = 0; i < grid.length; i++) {
    if (grid[i] === compiledGame.scatter) cells.push([Math.floor(i / rows), i % rows]);
  }
  return cells;
}

export function assertBet(game: SlotGame, bet: bigint): void {
  if (bet < BigInt(game.minBet) || bet > BigInt(game.maxBet)) {
    throw new RangeError(`${game.code}: the bet must be between ${game.minBet} and ${game.maxBet} centavos`);
  }
}

/**
 * One spin. Without `state` it is a paid spin of `bet` centavos (min..max, else RangeError). With a state
 * that has free spins left it is a free spin: the stake is 0, `bet` is not used, and the wins are paid at the
 * trigger's bet times the free-spin multiplier. Free spins do not award more free spins. Each win is floored
 * to the centavo; `win` is their sum. The same `random` sequence gives the same outcome.
 */
export function spin(
  game: SlotGame,
  bet: bigint,
  random: () => number,
  state?: FreeSpinState | null,
): SpinOutcome {
  const compiledGame = compileGame(game);
  const freeSpin = state != null && state.remaining > 0;
  const paidBet = freeSpin ? BigInt(state.bet) : bet;
  if (!freeSpin) assertBet(game, bet);
  const multiplier = freeSpin ? state.multiplier : 1;
  const stops = drawStops(compiledGame, random);
  const grid = windowOf(compiledGame, stops);
  const betCoins = BigInt(game.betCoins);
  const payer: Payer = (coins) => (paidBet * BigInt(coins * multiplier)) / betCoins;
  const wins =
    game.kind === 'lines' ? lineWins(compiledGame, grid, payer) : waysWins(compiledGame, grid, payer);
  const scatters = scatterCells(compiledGame, grid);
  const scatterTimesBet = pay(compiledGame, compiledGame.scatter, scatters.length);
  if (scatterTimesBet > 0) {
    wins.push({
      symbol: game.symbols[compiledGame.scatter]!.code,
      count: scatters.length,
      amount: payer(scatterTimesBet * game.betCoins),
      cells: scatters,
    });
  }
  let win = 0n;
  for (const { amount } of wins) win += amount;
  const triggered = !freeSpin && scatters.length >= game.freeSpins.scatterCount;
  const freeSpinsAwarded = triggered ? game.freeSpins.spins : 0;
  return {
    grid: stops.map((stop, reel) => compiledGame.columns[reel]![stop]!.slice()),
    stops,
    wins,
    win,
    bet: paidBet,
    stake: freeSpin ? 0n : bet,
    freeSpin,
    multiplier,
    freeSpinsAwarded,
    state: nextState(game, freeSpin ? state : null, paidBet, win, freeSpinsAwarded),
    scatter: scatterTimesBet > 0,
  };
}

function nextState(
  game: SlotGame,
  state: FreeSpinState | null,
  bet: bigint,
  win: bigint,
  awarded: number,
): FreeSpinState | null {
  if (state) {
    const remaining = state.remaining - 1;
    return remaining > 0 ? { ...state, remaining, win: (BigInt(state.win) + win).toString() } : null;
  }
  if (awarded === 0) return null;
  return {
    remaining: awarded,
    awarded,
    multiplier: game.freeSpins.multiplier,
    bet: bet.toString(),
    win: '0',
  };
}
