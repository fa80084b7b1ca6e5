import {
  type LuckyColor,
  type LuckyColorPick,
  luckyColorPayoutHundredths,
  luckyColorsOfNumber,
} from '@aposta/fair';

// Lucky color's picks and periods (api-contract.md section 10).

export const luckyPeriods = [30, 60, 180, 300] as const;
export type LuckyPeriod = (typeof luckyPeriods)[number];
export const luckyColorPicks: readonly LuckyColor[] = ['green', 'violet', 'red'];
export const luckyNumbers: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
export const luckySizePicks = ['big', 'small'] as const;

export function isLuckyPeriod(value: number): value is LuckyPeriod {
  return (luckyPeriods as readonly number[]).includes(value);
}

/** 5–9 are big, 0–4 small. */
export function isBigNumber(number: number): boolean {
  return number >= 5;
}

export function luckyColorsOf(number: number): LuckyColor[] {
  return luckyColorsOfNumber(number);
}

/** A pick as the bet history stores it (a colour, big/small, or a digit as a number or text). */
export function readLuckyPick(value: unknown): LuckyColorPick | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9) return value;
  if (typeof value !== 'string') return undefined;
  if (/^\d$/.test(value)) return Number(value);
  return ['green', 'red', 'violet', 'big', 'small'].includes(value) ? (value as LuckyColorPick) : undefined;
}

export function luckyPickWins(pick: LuckyColorPick, number: number): boolean {
  return luckyColorPayoutHundredths(pick, number) > 0;
}
