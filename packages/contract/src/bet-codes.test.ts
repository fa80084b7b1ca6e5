import { describe, expect, it } from 'vitest';
import {
  gameBetCodes,
  slotRoundCodes,
  specBetResult,
  specOrderStatus,
  sportsBetCodes,
  sportsBetOrderStatus,
} from './bet-codes.ts';

describe('spec bet codes', () => {
  it('names every code of spec.md section 3', () => {
    expect(Object.values(specBetResult).sort((a, b) => a - b)).toEqual([
      -11, -10, -1, 0, 10, 11, 20, 21, 90, 1000,
    ]);
    expect(Object.values(specOrderStatus).sort((a, b) => a - b)).toEqual([-1, 0, 4, 8888, 9999]);
  });

  it('maps an in-house game bet: running, won, lost', () => {
    expect(gameBetCodes({ status: 'open', payoutCents: 0n })).toEqual({ resultCode: -10, orderStatus: 0 });
    expect(gameBetCodes({ status: 'settled', payoutCents: 150n })).toEqual({
      resultCode: 10,
      orderStatus: 9999,
    });
    expect(gameBetCodes({ status: 'settled', payoutCents: 0n })).toEqual({ resultCode: -11, orderStatus: 4 });
  });

  it('maps a slot round: running, won, lost, rolled back by the provider', () => {
    expect(slotRoundCodes({ status: 'open', winCents: 0n })).toEqual({ resultCode: -10, orderStatus: 0 });
    expect(slotRoundCodes({ status: 'closed', winCents: 1n })).toEqual({ resultCode: 10, orderStatus: 9999 });
    expect(slotRoundCodes({ status: 'closed', winCents: 0n })).toEqual({ resultCode: -11, orderStatus: 4 });
    expect(slotRoundCodes({ status: 'rolled_back', winCents: 0n })).toEqual({
      resultCode: -1,
      orderStatus: -1,
    });
  });

  it('gives a sports result its second code; a void is not drawn, a push is', () => {
    expect(sportsBetOrderStatus(0)).toBe(0);
    expect([10, 11, 21].map((result) => sportsBetOrderStatus(result))).toEqual([9999, 9999, 9999]);
    expect(sportsBetOrderStatus(20)).toBe(4);
    expect(sportsBetOrderStatus(90)).toBe(9999);
    expect(sportsBetOrderStatus(90, true)).toBe(8888);
    expect(sportsBetCodes(20)).toEqual({ resultCode: 20, orderStatus: 4 });
  });
});
