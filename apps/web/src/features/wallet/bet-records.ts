import type { BetView, GameBet } from '@aposta/contract';

// The records page's bets tab: the in-house games' bets and the sportsbook's, in one list, newest first.
// Pure, unit tested.

/** `cashedOut`: a sports bet sold back in full — over for the player, whatever its matches still do. */
export type BetOutcome = 'open' | 'won' | 'lost' | 'refund' | 'cashedOut';

export interface BetLine {
  key: string;
  source: 'game' | 'sports' | 'slots';
  /** The game's code (dice, mines…), the slip type (single, parlay) or the slot's name. */
  name: string;
  /** The stake as placed, always (a cash-out never changes what was staked). */
  amount: number;
  payout: number;
  outcome: BetOutcome;
  time: number;
  /** Sports cash-out: what was paid back so far and the stake still riding (absent elsewhere or without one). */
  cashout?: { paid: number; remainingStake: number };
}

export function gameBetLine(bet: GameBet): BetLine {
  const outcome: BetOutcome = bet.status === 'open' ? 'open' : bet.payout > 0 ? 'won' : 'lost';
  return {
    key: `game-${bet.betId}`,
    source: 'game',
    name: bet.game,
    amount: bet.amount,
    payout: bet.payout,
    outcome,
    time: bet.time,
  };
}

/**
 * Sports result codes (spec.md section 3): 0 and -10 open, 10/21 win (half), 20/11 lose (half), 90 refund.
 * A bet cashed out in full reads as cashed out whatever its result code (open, or the settlement of its matches
 * later, which pays nothing on a sold stake), with the cash-out as what came back.
 */
export function sportsBetLine(bet: BetView): BetLine {
  const cashedOutInFull = bet.cashedOut > 0 && bet.remainingStake === 0;
  let outcome: BetOutcome = 'lost';
  if (cashedOutInFull) outcome = 'cashedOut';
  else if (bet.result === 0 || bet.result === -10) outcome = 'open';
  else if (bet.result === 90) outcome = 'refund';
  else if (bet.result === 10 || bet.result === 21) outcome = 'won';
  return {
    key: `sports-${bet.betId}`,
    source: 'sports',
    name: bet.type,
    amount: bet.amount,
    payout: cashedOutInFull ? bet.cashedOut : bet.payout,
    outcome,
    time: bet.time,
    ...(bet.cashedOut > 0 && { cashout: { paid: bet.cashedOut, remainingStake: bet.remainingStake } }),
  };
}

/** A provider slot's round (GET /api/app/game/slotRounds): open, closed, or rolled back (stake returned). */
export interface SlotRoundRecord {
  roundId: number;
  productCode: string;
  name: string;
  amount: number;
  payout: number;
  status: string;
  time: number;
}

export function slotRoundLine(round: SlotRoundRecord): BetLine {
  let outcome: BetOutcome = round.payout > 0 ? 'won' : 'lost';
  if (round.status === 'open') outcome = 'open';
  else if (round.status === 'rolled_back') outcome = 'refund';
  return {
    key: `slots-${round.roundId}`,
    source: 'slots',
    name: `${round.productCode} · ${round.name}`,
    amount: round.amount,
    payout: round.status === 'rolled_back' ? round.amount : round.payout,
    outcome,
    time: round.time,
  };
}

/** Every list merged, newest first, at most `limit` lines. */
export function mergeBets(
  games: readonly GameBet[],
  sports: readonly BetView[],
  limit: number,
  slots: readonly SlotRoundRecord[] = [],
): BetLine[] {
  return [...games.map(gameBetLine), ...sports.map(sportsBetLine), ...slots.map(slotRoundLine)]
    .sort((a, b) => b.time - a.time || a.key.localeCompare(b.key))
    .slice(0, limit);
}
