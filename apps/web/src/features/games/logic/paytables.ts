import {
  applyMultiplier,
  DICE_ROLL_MAX_HUNDREDTHS,
  DICE_WINNING_ROLL_COUNT_MAX,
  DICE_WINNING_ROLL_COUNT_MIN,
  type DiceDirection,
  type DoubleColor,
  diceMultiplier,
  diceWinningRollCount,
  doubleColorMultiplier,
  formatMultiplier,
  LIMBO_TARGET_MAX_HUNDREDTHS,
  LIMBO_TARGET_MIN_HUNDREDTHS,
  type LuckyColorPick,
  limboMultiplier,
  luckyColorPayoutHundredths,
  MINES_TILE_COUNT,
  type Multiplier,
  minesMultiplier,
  minesSafeTileCountMax,
  multiplierFromHundredths,
} from '@aposta/fair';
import { payoutMaxCents } from './amount';

// What each bet pays, shown BEFORE the bet, computed with @aposta/fair: the very code the server
// pays with, so the screen cannot promise another number. Multipliers are shown rounded down.

export interface Quote {
  multiplier: Multiplier;
  /** formatMultiplier: rounded down to 2 decimals, e.g. "1.98". */
  multiplierText: string;
}

function quote(multiplier: Multiplier): Quote {
  return { multiplier, multiplierText: formatMultiplier(multiplier) };
}

/** What a stake returns on a win, floored to the centavo exactly as the server pays it. */
export function payoutCents(stakeCents: number, multiplier: Multiplier): number {
  return Number(applyMultiplier(BigInt(Math.max(0, Math.floor(stakeCents))), multiplier));
}

/** True when a win would pay more than one bet may (the server would refuse the bet). */
export function exceedsPayoutMax(stakeCents: number, multiplier: Multiplier): boolean {
  return payoutCents(stakeCents, multiplier) > payoutMaxCents;
}

// ---- Dice -------------------------------------------------------------------------------------

/** Allowed targets (hundredths) per direction: win chance 0.01 % to 98 %. */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: DICE_WINNING_ROLL_COUNT_MIN, max: DICE_WINNING_ROLL_COUNT_MAX }
    : {
        min: DICE_ROLL_MAX_HUNDREDTHS - DICE_WINNING_ROLL_COUNT_MAX,
        max: DICE_ROLL_MAX_HUNDREDTHS - DICE_WINNING_ROLL_COUNT_MIN,
      };
}

export function clampDiceTarget(targetHundredths: number, direction: DiceDirection): number {
  const { min, max } = diceTargetRange(direction);
  return Math.min(max, Math.max(min, Math.round(targetHundredths)));
}

/** Switching under/over keeps the win chance: "under 49.50" becomes "over 50.50". */
export function flipDiceTarget(targetHundredths: number): number {
  return DICE_ROLL_MAX_HUNDREDTHS - targetHundredths;
}

export interface DiceQuote extends Quote {
  /** The nominal chance in percent with 2 decimals ("49.50"): winning values / 10000. */
  chanceText: string;
}

export function diceQuote(targetHundredths: number, direction: DiceDirection): DiceQuote | undefined {
  const bet = { direction, targetHundredths };
  try {
    const count = diceWinningRollCount(bet);
    return { ...quote(diceMultiplier(bet)), chanceText: (count / 100).toFixed(2) };
  } catch {
    return undefined;
  }
}

// ---- Limbo ------------------------------------------------------------------------------------

export const limboTargetRange = { min: LIMBO_TARGET_MIN_HUNDREDTHS, max: LIMBO_TARGET_MAX_HUNDREDTHS };

/** A decimal typed with ',' or '.' and at most 2 decimals ("2", "2,5") in hundredths, else undefined. */
export function parseHundredths(text: string, wholeDigitsMax: number): number | undefined {
  const match = new RegExp(`^(\\d{1,${wholeDigitsMax}})(?:[.,](\\d{0,2}))?$`).exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Target text ("2", "2,5", "1000000.00") in hundredths, or undefined when off the 0.01 grid or range. */
export function parseLimboTarget(text: string): number | undefined {
  const hundredths = parseHundredths(text, 7);
  if (hundredths === undefined) return undefined;
  return hundredths >= limboTargetRange.min && hundredths <= limboTargetRange.max ? hundredths : undefined;
}

export interface LimboQuote extends Quote {
  /** Win chance in percent: floor(0.99e10 / target) / 1e8, as a probability, times 100. */
  chancePercent: number;
}

export function limboQuote(targetHundredths: number): LimboQuote | undefined {
  try {
    const multiplier = limboMultiplier(targetHundredths);
    return { ...quote(multiplier), chancePercent: Math.floor(0.99e10 / targetHundredths) / 1e6 };
  } catch {
    return undefined;
  }
}

// ---- Mines ------------------------------------------------------------------------------------

export interface MinesStep extends Quote {
  /** Safe tiles opened so far. */
  safeTileCount: number;
}

/** The cash-out multiplier after each safe tile, from the first to a cleared board. */
export function minesLadder(mineCount: number): MinesStep[] {
  const steps: MinesStep[] = [];
  for (let safeTileCount = 1; safeTileCount <= minesSafeTileCountMax(mineCount); safeTileCount++) {
    steps.push({ safeTileCount, ...quote(minesMultiplier(mineCount, safeTileCount)) });
  }
  return steps;
}

/** The multiplier the next safe tile would bring, or undefined when the board is cleared. */
export function minesNextQuote(mineCount: number, revealedCount: number): Quote | undefined {
  if (revealedCount + 1 > minesSafeTileCountMax(mineCount)) return undefined;
  return quote(minesMultiplier(mineCount, revealedCount + 1));
}

/** The multiplier a cash-out pays now (undefined before the first safe tile). */
export function minesCurrentQuote(mineCount: number, revealedCount: number): Quote | undefined {
  return revealedCount >= 1 ? quote(minesMultiplier(mineCount, revealedCount)) : undefined;
}

/** The chance that the next tile is safe, in percent, with `revealedCount` safe tiles open. */
export function minesNextSafePercent(mineCount: number, revealedCount: number): number {
  const closed = MINES_TILE_COUNT - revealedCount;
  return ((closed - mineCount) / closed) * 100;
}

// ---- Double and row double --------------------------------------------------------------------

export const doubleColors: readonly DoubleColor[] = ['red', 'white', 'black'];

export function doubleQuote(color: DoubleColor): Quote {
  return quote(doubleColorMultiplier(color));
}

// ---- Lucky color ------------------------------------------------------------------------------

export interface LuckyPaytable {
  green: Quote;
  greenOnFive: Quote;
  red: Quote;
  redOnZero: Quote;
  violet: Quote;
  number: Quote;
  big: Quote;
  small: Quote;
}

const luckyQuote = (pick: LuckyColorPick, number: number) =>
  quote(multiplierFromHundredths(luckyColorPayoutHundredths(pick, number)));

/** The paytable as the server pays it: each entry is the payout of a winning number for the pick. */
export function luckyPaytable(): LuckyPaytable {
  return {
    green: luckyQuote('green', 1),
    greenOnFive: luckyQuote('green', 5),
    red: luckyQuote('red', 2),
    redOnZero: luckyQuote('red', 0),
    violet: luckyQuote('violet', 0),
    number: luckyQuote(7, 7),
    big: luckyQuote('big', 9),
    small: luckyQuote('small', 0),
  };
}

/** The best a pick can pay (shown on its button). */
export function luckyPickQuote(pick: LuckyColorPick): Quote {
  const table = luckyPaytable();
  if (typeof pick === 'number') return table.number;
  return table[pick];
}
