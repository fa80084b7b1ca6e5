import { roundHmacInteger, roundOutcomeFromInteger } from './chain.ts';
import type { Multiplier } from './multiplier.ts';
import { multiplierFromHundredths } from './multiplier.ts';

/** Numbers 0..9. */
export const LUCKY_COLOR_NUMBER_COUNT = 10;

export type LuckyColor = 'green' | 'red' | 'violet';
/** A colour, big (5–9), small (0–4), or one exact number 0..9. */
export type LuckyColorPick = LuckyColor | 'big' | 'small' | number;

// 5 and 0 are green/red AND violet, so those colour bets pay less there (1.47 instead of 1.96).
const FULL_PAY_HUNDREDTHS = 196;
const SHARED_PAY_HUNDREDTHS = 147;
const VIOLET_PAY_HUNDREDTHS = 441;
const EXACT_NUMBER_PAY_HUNDREDTHS = 882;
const BIG_NUMBER_MIN = 5;

function assertLuckyNumber(number: number): void {
  if (!Number.isInteger(number) || number < 0 || number >= LUCKY_COLOR_NUMBER_COUNT) {
    throw new RangeError('lucky color number must be 0..9');
  }
}

/** The colours shown for a number: odd green, even red, and 0 and 5 also violet. */
export function luckyColorsOfNumber(number: number): LuckyColor[] {
  assertLuckyNumber(number);
  const parityColor: LuckyColor = number % 2 === 1 ? 'green' : 'red';
  return number % 5 === 0 ? [parityColor, 'violet'] : [parityColor];
}

/** Round number: floor(H · 10 / 2^256) with H from the round's chain seed and the published salt. */
export function luckyColorRoundNumber(roundSeedHex: string, salt: string): number {
  return roundOutcomeFromInteger(roundHmacInteger(roundSeedHex, salt), LUCKY_COLOR_NUMBER_COUNT);
}

function parityColorPayHundredths(isWinningParity: boolean, number: number): number {
  if (!isWinningParity) return 0;
  return number % 5 === 0 ? SHARED_PAY_HUNDREDTHS : FULL_PAY_HUNDREDTHS;
}

/** What a bet on `pick` pays on `number`, in hundredths (0 on a loss). */
export function luckyColorPayoutHundredths(pick: LuckyColorPick, number: number): number {
  assertLuckyNumber(number);
  switch (pick) {
    case 'green':
      return parityColorPayHundredths(number % 2 === 1, number);
    case 'red':
      return parityColorPayHundredths(number % 2 === 0, number);
    case 'violet':
      return number % 5 === 0 ? VIOLET_PAY_HUNDREDTHS : 0;
    case 'big':
      return number >= BIG_NUMBER_MIN ? FULL_PAY_HUNDREDTHS : 0;
    case 'small':
      return number < BIG_NUMBER_MIN ? FULL_PAY_HUNDREDTHS : 0;
    default:
      assertLuckyNumber(pick);
      return pick === number ? EXACT_NUMBER_PAY_HUNDREDTHS : 0;
  }
}

/** What a bet on `pick` pays on `number` (0 on a loss). */
export function luckyColorPayoutMultiplier(pick: LuckyColorPick, number: number): Multiplier {
  return multiplierFromHundredths(luckyColorPayoutHundredths(pick, number));
}
