import { CRASH_TARGET_MAX_HUNDREDTHS, CRASH_TARGET_MIN_HUNDREDTHS, crashReachChance } from './crash.ts';
import {
  DICE_ROLL_VALUE_COUNT,
  DICE_WINNING_ROLL_COUNT_MAX,
  DICE_WINNING_ROLL_COUNT_MIN,
  diceMultiplier,
} from './dice.ts';
import { DOUBLE_ROLL_COUNT, type DoubleColor, doublePayoutMultiplier } from './double.ts';
import { LIMBO_TARGET_MAX_HUNDREDTHS, LIMBO_TARGET_MIN_HUNDREDTHS } from './limbo.ts';
import { LUCKY_COLOR_NUMBER_COUNT, type LuckyColorPick, luckyColorPayoutHundredths } from './lucky-color.ts';
import {
  binomial,
  MINES_MINE_COUNT_MAX,
  MINES_MINE_COUNT_MIN,
  MINES_TILE_COUNT,
  minesMultiplierHundredths,
} from './mines.ts';
import { multiplierToNumber } from './multiplier.ts';

/**
 * The return to player of every in-house game, computed from the same payout rules the server pays with (the
 * RTP shown before play, SPA/MF ordinance 1.231/2024). A game whose bets differ in RTP answers its lowest and
 * highest bet; both are fractions (0.99 = 99 %).
 */
export interface Rtp {
  min: number;
  max: number;
}

function range(values: Iterable<number>): Rtp {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

/** Dice: every chance from 0.01 % to 98 %, its multiplier times its true chance. */
function diceRtp(): Rtp {
  function* each() {
    for (let count = DICE_WINNING_ROLL_COUNT_MIN; count <= DICE_WINNING_ROLL_COUNT_MAX; count += 1) {
      const multiplier = diceMultiplier({ targetHundredths: count, direction: 'under' });
      yield multiplierToNumber(multiplier) * (count / DICE_ROLL_VALUE_COUNT);
    }
  }
  return range(each());
}

/**
 * Limbo: a target t (hundredths) wins on the buckets b (of 10^8) with floor(0.99 · 10^8 / (b + 1) · 100) ≥ t,
 * i.e. floor(0.99 · 10^10 / t) of them, and pays t / 100. The RTP is lowest just above a boundary
 * 0.99 · 10^10 / k, and the loss there is below 1 / k: the boundaries of k up to 10^5 find the lowest.
 */
function limboRtp(): Rtp {
  const rtpAt = (target: number) => (target / 100) * (Math.floor(9.9e9 / target) / 1e8);
  function* each() {
    yield rtpAt(LIMBO_TARGET_MIN_HUNDREDTHS);
    yield rtpAt(LIMBO_TARGET_MAX_HUNDREDTHS);
    for (let k = 99; k <= 100_000; k += 1) {
      const target = Math.floor(9.9e9 / k) + 1;
      if (target >= LIMBO_TARGET_MIN_HUNDREDTHS && target <= LIMBO_TARGET_MAX_HUNDREDTHS) yield rtpAt(target);
      const exact = Math.floor(9.9e9 / k);
      if (exact >= LIMBO_TARGET_MIN_HUNDREDTHS && exact <= LIMBO_TARGET_MAX_HUNDREDTHS) yield rtpAt(exact);
    }
  }
  return range(each());
}

/** Mines: every mine count and every number of safe tiles cashed out, exactly. */
function minesRtp(): Rtp {
  function* each() {
    for (let mines = MINES_MINE_COUNT_MIN; mines <= MINES_MINE_COUNT_MAX; mines += 1) {
      for (let safe = 1; safe <= MINES_TILE_COUNT - mines; safe += 1) {
        const chance =
          Number(binomial(MINES_TILE_COUNT - mines, safe)) / Number(binomial(MINES_TILE_COUNT, safe));
        yield (Number(minesMultiplierHundredths(mines, safe)) / 100) * chance;
      }
    }
  }
  return range(each());
}

/** Double (the round game and the single-player row double): every colour over the 15 rolls. */
function doubleRtp(): Rtp {
  const picks: DoubleColor[] = ['white', 'red', 'black'];
  return range(
    picks.map((pick) => {
      let total = 0;
      for (let roll = 0; roll < DOUBLE_ROLL_COUNT; roll += 1)
        total += multiplierToNumber(doublePayoutMultiplier(pick, roll));
      return total / DOUBLE_ROLL_COUNT;
    }),
  );
}

/** Lucky color: every colour, big, small and each number over the 10 numbers. */
function luckyColorRtp(): Rtp {
  const picks: LuckyColorPick[] = ['green', 'red', 'violet', 'big', 'small', 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  return range(
    picks.map((pick) => {
      let total = 0;
      for (let number = 0; number < LUCKY_COLOR_NUMBER_COUNT; number += 1)
        total += luckyColorPayoutHundredths(pick, number) / 100;
      return total / LUCKY_COLOR_NUMBER_COUNT;
    }),
  );
}

/**
 * Crash: a target t (hundredths) is reached with chance floor(99 · 2^52 / t) / 2^52 and pays t / 100 (crash.ts),
 * 0.99 for every target to within t / 2^52; cashing out by hand is choosing a target as the curve goes.
 */
function crashRtp(): Rtp {
  const rtpAt = (target: number) => (target / 100) * crashReachChance(target);
  function* each() {
    for (let target = CRASH_TARGET_MIN_HUNDREDTHS; target <= 10_000; target += 1) yield rtpAt(target);
    yield rtpAt(CRASH_TARGET_MAX_HUNDREDTHS);
  }
  return range(each());
}

export type InHouseGame = 'dice' | 'limbo' | 'mines' | 'double' | 'rowDouble' | 'luckyColor' | 'crash';

let computed: Record<InHouseGame, Rtp> | undefined;

/** The RTP of each in-house game (computed once). */
export function inHouseRtp(): Record<InHouseGame, Rtp> {
  if (!computed) {
    const double = doubleRtp();
    computed = {
      dice: diceRtp(),
      limbo: limboRtp(),
      mines: minesRtp(),
      double,
      rowDouble: double,
      luckyColor: luckyColorRtp(),
      crash: crashRtp(),
    };
  }
  return computed;
}
