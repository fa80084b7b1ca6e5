// Slot game math for the demo studio: pure and synchronous (no I/O), the same in Node and the browser.
import { SLOT_GAMES } from './games.ts';
import type { SlotGame, SpinOutcome, SpinOutcomeJson } from './types.ts';

export { BET_STEPS, betStepsFor, defineGame, LINES_3X3, LINES_5X3, spreadStrip } from './define.ts';
export { assertBet, spin } from './engine.ts';
export { SLOT_GAMES } from './games.ts';
export type { RtpBreakdown } from './rtp.ts';
export { rtpBreakdown, theoreticalRtp } from './rtp.ts';
export type * from './types.ts';

export function findSlotGame(code: string): SlotGame | undefined {
  return SLOT_GAMES.find((game) => game.code === code);
}

/** The outcome as JSON-safe data: centavo amounts become decimal strings. */
export function spinOutcomeToJson(outcome: SpinOutcome): SpinOutcomeJson {
  return {
    ...outcome,
    win: outcome.win.toString(),
    bet: outcome.bet.toString(),
    stake: outcome.stake.toString(),
    wins: outcome.wins.map((win) => ({ ...win, amount: win.amount.toString() })),
  };
}
