// The clocks of the round games, read from the server's `endsAt` (epoch ms). Pure: `now` is passed in.

import type { RoundPhase } from '@aposta/contract';

export type { RoundPhase };

/** Lucky color closes betting this long before the draw (the server's rule). */
export const luckyCloseBeforeDrawMs = 5_000;
/** When no socket event arrives this long after a deadline, the page asks the server again. */
export const staleRoundGraceMs = 2_500;

export function remainingMs(endsAt: number, now: number): number {
  return Math.max(0, endsAt - now);
}

/** Seconds with one decimal for short countdowns ("12.3"), never negative. */
export function formatTenths(remaining: number): string {
  return (Math.ceil(Math.max(0, remaining) / 100) / 10).toFixed(1);
}

/** Double: bets are taken while the phase is betting and its deadline has not passed. */
export function doubleBettingOpen(phase: RoundPhase, endsAt: number, now: number): boolean {
  return phase === 'betting' && now < endsAt;
}

/** Share of the betting time still left, 0..1, for the progress bar. */
export function bettingProgress(endsAt: number, now: number, bettingMs: number): number {
  if (bettingMs <= 0) return 0;
  return Math.min(1, Math.max(0, (endsAt - now) / bettingMs));
}

export interface LuckyClock {
  /** When the number is drawn. */
  drawAt: number;
  /** When betting closes (5 s before the draw). */
  closesAt: number;
  bettingOpen: boolean;
  /** Until the draw, for the mm:ss countdown. */
  remainingMs: number;
}

/**
 * In the betting phase the server's `endsAt` is when betting closes; afterwards it is the draw.
 */
export function luckyClock(phase: RoundPhase, endsAt: number, now: number): LuckyClock {
  const drawAt = phase === 'betting' ? endsAt + luckyCloseBeforeDrawMs : endsAt;
  const closesAt = drawAt - luckyCloseBeforeDrawMs;
  return {
    drawAt,
    closesAt,
    bettingOpen: phase === 'betting' && now < closesAt,
    remainingMs: remainingMs(drawAt, now),
  };
}

/** True when the round's deadline passed a while ago without news: time to refetch the state. */
export function isRoundStale(endsAt: number, now: number): boolean {
  return now > endsAt + staleRoundGraceMs;
}
