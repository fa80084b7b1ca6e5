import { describe, expect, it } from 'vitest';
import { cashoutPaid, readQuote } from './cashout';

describe('cash-out on the bet card', () => {
  it('shows what half of a bet pays, floored as the server floors it', () => {
    // R$ 10.01 of stake worth R$ 8.52: half sells R$ 5.00 and pays ⌊852 × 500 / 1001⌋ = R$ 4.25.
    expect(cashoutPaid(8.52, 10.01, 0.5)).toBe(4.25);
    expect(cashoutPaid(8.52, 10.01, 1)).toBe(8.52);
    expect(cashoutPaid(0.02, 0.01, 0.5)).toBeNull();
  });

  it('reads a new quote from a 409', () => {
    expect(readQuote({ quoteId: 7, amount: 9.5, fraction: 1, expiresAt: 1 })).toEqual({
      quoteId: 7,
      amount: 9.5,
      expiresAt: 1,
    });
    expect(readQuote(null)).toBeNull();
    expect(readQuote({ odds: [] })).toBeNull();
  });
});
