import { describe, expect, it } from 'vitest';
import { cashoutPaid, quoteRefreshDelayMs, readQuote, stakeLeftAfter } from './cashout';

describe('cash-out on the bet card', () => {
  it('shows what half of a bet pays, floored as the server floors it', () => {
    // R$ 10.01 of stake worth R$ 8.52: half sells R$ 5.00 and pays ⌊852 × 500 / 1001⌋ = R$ 4.25.
    expect(cashoutPaid(8.52, 10.01, 0.5)).toBe(4.25);
    expect(cashoutPaid(8.52, 10.01, 1)).toBe(8.52);
    expect(cashoutPaid(0.02, 0.01, 0.5)).toBeNull();
    // What stays in play: 10.01 − ⌊10.01 × 0.5⌋ = 5.01; nothing after the whole.
    expect(stakeLeftAfter(8.52, 10.01, 0.5)).toBe(5.01);
    expect(stakeLeftAfter(8.52, 10.01, 1)).toBe(0);
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

  it('asks for a fresh quote shortly before the shown one expires, never in a spin', () => {
    // A 5-second quote: asked again 1.5 s before its end; a 2-second one 0.6 s before.
    expect(quoteRefreshDelayMs(10_000, 5_000)).toBe(3_500);
    expect(quoteRefreshDelayMs(10_000, 8_000)).toBe(1_400);
    // Already past (a clock ahead of the server's): no faster than twice a second.
    expect(quoteRefreshDelayMs(10_000, 20_000)).toBe(500);
    expect(quoteRefreshDelayMs(10_000_000, 0)).toBe(60_000);
  });
});
