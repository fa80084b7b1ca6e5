import type { BetView, GameBet } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { mergeBets, slotRoundLine, sportsBetLine } from './bet-records';

function gameBet(betId: number, time: number, payout: number, status = 'settled'): GameBet {
  return {
    betId,
    game: 'dice',
    amount: 10,
    payout,
    multiplier: 2,
    result: null,
    status,
    nonce: 1,
    time,
    fair: null,
  };
}
function sportsBet(betId: number, time: number, result: number, payout = 0): BetView {
  return {
    betId,
    type: 'single',
    amount: 5,
    odds: 2,
    potentialPayout: 10,
    payout,
    result,
    time,
    settledAt: null,
    cashedOut: 0,
    remainingStake: 5,
    cashoutValue: null,
    legs: [],
  };
}

describe('bets beside the money records', () => {
  it('games and sports bets are one list, newest first, bounded', () => {
    const lines = mergeBets([gameBet(1, 100, 20), gameBet(2, 300, 0)], [sportsBet(7, 200, 0)], 10);
    expect(lines.map((line) => line.key)).toEqual(['game-2', 'sports-7', 'game-1']);
    expect(lines.map((line) => line.outcome)).toEqual(['lost', 'open', 'won']);
    expect(mergeBets([gameBet(1, 1, 0), gameBet(2, 2, 0)], [], 1)).toHaveLength(1);
  });

  it('sports result codes read as the player would say them', () => {
    expect(sportsBetLine(sportsBet(1, 1, 10, 10)).outcome).toBe('won');
    expect(sportsBetLine(sportsBet(1, 1, 21, 7.5)).outcome).toBe('won');
    expect(sportsBetLine(sportsBet(1, 1, 11, 2.5)).outcome).toBe('lost');
    expect(sportsBetLine(sportsBet(1, 1, 20)).outcome).toBe('lost');
    expect(sportsBetLine(sportsBet(1, 1, 90, 5)).outcome).toBe('refund');
  });

  it('a slot round reads as open, won, lost, or refunded when rolled back, and merges by time', () => {
    const round = { roundId: 4, productCode: 'PG', name: 'Boi Dourado', amount: 2, payout: 0, time: 250 };
    expect(slotRoundLine({ ...round, status: 'open' }).outcome).toBe('open');
    expect(slotRoundLine({ ...round, status: 'closed', payout: 6 }).outcome).toBe('won');
    expect(slotRoundLine({ ...round, status: 'closed' }).outcome).toBe('lost');
    const rolledBack = slotRoundLine({ ...round, status: 'rolled_back' });
    expect([rolledBack.outcome, rolledBack.payout]).toEqual(['refund', 2]);
    const lines = mergeBets([gameBet(1, 100, 0)], [sportsBet(2, 300, 0)], 10, [
      { ...round, status: 'closed' },
    ]);
    expect(lines.map((line) => line.key)).toEqual(['sports-2', 'slots-4', 'game-1']);
  });
});
