import { reaisToCents as toCents } from './amount';
import type { BetOutcome } from './autobet';

// Mines auto-bet (issue 34, docs/decisions/0060): the player picks tiles on the board once (the pattern); each
// bet of the series starts a game, reveals the picked tiles in order (a mine ends it) and cashes out when all
// of them were safe. Every call is an ordinary call with its own Idempotency-Key derived from the bet's key, so
// the runner resending a bet whose answer was lost replays the same calls: the server answers each one as it
// first did, and no game is started or cashed out twice.

export const minesTileCount = 25;

export type MinesAutoStep =
  | { kind: 'start' }
  | { kind: 'reveal'; tile: number; index: number }
  | { kind: 'cashout' };

/** The calls of one bet, in order: start, each picked tile, cash out (skipped when a mine ends the game). */
export function minesBetSteps(pattern: readonly number[]): MinesAutoStep[] {
  return [
    { kind: 'start' },
    ...pattern.map((tile, index) => ({ kind: 'reveal' as const, tile, index })),
    { kind: 'cashout' },
  ];
}

/** The step's Idempotency-Key: the bet's key and the step (letters, digits and '-' only). */
export function minesStepKey(betKey: string, step: MinesAutoStep): string {
  if (step.kind === 'reveal') return `${betKey}-reveal-${step.index}`;
  return `${betKey}-${step.kind}`;
}

/** Whether the pattern can be played with `mines` mines: 1 to 25 - mines distinct tiles of the board. */
export function patternFits(pattern: readonly number[], mines: number): boolean {
  if (pattern.length < 1 || pattern.length > minesTileCount - mines) return false;
  if (new Set(pattern).size !== pattern.length) return false;
  return pattern.every((tile) => Number.isInteger(tile) && tile >= 0 && tile < minesTileCount);
}

/** Picks a tile, or un-picks it; the order of picking is the order of revealing. */
export function togglePick(pattern: readonly number[], tile: number, mines: number): number[] {
  if (pattern.includes(tile)) return pattern.filter((picked) => picked !== tile);
  return pattern.length >= minesTileCount - mines ? [...pattern] : [...pattern, tile];
}

export interface MinesRevealed {
  safe: boolean;
  finished: boolean;
  payout: number;
}

/** The mines calls, each with the key it is given (the page passes its quiet playerApi calls). */
export interface MinesAutoPort {
  start(stakeCents: number, mines: number, key: string): Promise<{ gameId: number }>;
  reveal(gameId: number, tile: number, key: string): Promise<MinesRevealed>;
  cashOut(gameId: number, key: string): Promise<{ payout: number }>;
}

/** Plays one bet of the series and answers what was staked and paid. */
export async function playMinesBet(
  port: MinesAutoPort,
  bet: { stakeCents: number; mines: number; pattern: readonly number[] },
  betKey: string,
): Promise<BetOutcome> {
  const { stakeCents } = bet;
  let gameId = 0;
  for (const step of minesBetSteps(bet.pattern)) {
    const key = minesStepKey(betKey, step);
    if (step.kind === 'start') {
      gameId = (await port.start(stakeCents, bet.mines, key)).gameId;
    } else if (step.kind === 'reveal') {
      const answer = await port.reveal(gameId, step.tile, key);
      if (!answer.safe) return { stakeCents, payoutCents: 0 };
      // The last safe tile of the board cashes out by itself.
      if (answer.finished) return { stakeCents, payoutCents: toCents(answer.payout) };
    } else {
      const answer = await port.cashOut(gameId, key);
      return { stakeCents, payoutCents: toCents(answer.payout) };
    }
  }
  throw new Error('mines bet without a cash-out step');
}
