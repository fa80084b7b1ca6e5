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
    // The spec's codes (packages/contract/src/bet-codes.ts); the list reads status and payout.
    resultCode: -10,
    orderStatus: 0,
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
    resultCode: result,
    orderStatus: 0,
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

  it('a bet cashed out in full reads as cashed out with what it paid, its stake as placed, even once settled', () => {
    const sold = { ...sportsBet(3, 1, 0), amount: 10, cashedOut: 8.99, remainingStake: 0 };
    const line = sportsBetLine(sold);
    expect([line.outcome, line.amount, line.payout]).toEqual(['cashedOut', 10, 8.99]);
    // Its match settles later (a win that pays nothing on the sold stake): still the cash-out.
    expect(sportsBetLine({ ...sold, result: 10 }).outcome).toBe('cashedOut');
    expect(sportsBetLine({ ...sold, result: 20 }).payout).toBe(8.99);
  });

  it('a partial cash-out keeps the bet open on its real stake and tells what was paid and what still rides', () => {
    const half = { ...sportsBet(4, 1, 0), amount: 10.01, cashedOut: 4.25, remainingStake: 5.01 };
    const line = sportsBetLine(half);
    expect([line.outcome, line.amount]).toEqual(['open', 10.01]);
    expect(line.cashout).toEqual({ paid: 4.25, remainingStake: 5.01 });
    expect(sportsBetLine(sportsBet(5, 1, 0)).cashout).toBeUndefined();
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
