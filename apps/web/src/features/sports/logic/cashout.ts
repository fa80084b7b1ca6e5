import { reaisToCents as toCents } from '@aposta/money';
import { partialCashout } from '@aposta/sports';

// What a cash-out of part of a bet pays, computed as the server does (exact centavos, floored once), so the
// confirmation shows the amount that will arrive.

export function cashoutPaid(quoteAmount: number, remainingStake: number, fraction: number): number | null {
  const split = partialCashout(toCents(remainingStake), toCents(quoteAmount), Math.round(fraction * 100));
  return split ? Number(split.paidCents) / 100 : null;
}

/** The stake still in play after selling `fraction` of it (what the server keeps riding), or null. */
export function stakeLeftAfter(quoteAmount: number, remainingStake: number, fraction: number): number | null {
  const split = partialCashout(toCents(remainingStake), toCents(quoteAmount), Math.round(fraction * 100));
  return split ? Number(split.remainingStakeCents) / 100 : null;
}

/** A 409 whose data is a new quote (the old one expired or its price moved). */
export function readQuote(data: unknown): { quoteId: number; amount: number; expiresAt: number } | null {
  const quote = data as { quoteId?: unknown; amount?: unknown; expiresAt?: unknown } | null | undefined;
  return quote && Number.isInteger(quote.quoteId) && typeof quote.amount === 'number'
    ? { quoteId: quote.quoteId as number, amount: quote.amount, expiresAt: Number(quote.expiresAt) }
    : null;
}

/** The least and most the open cash-out dialog waits between quotes (a skewed clock must not make it spin). */
const refreshMinMs = 500;
const refreshMaxMs = 60_000;
/** Asked this long before the quote runs out (or less of a short quote), so the shown price is always takeable. */
const refreshLeadMs = 1500;

/**
 * How long the open cash-out dialog waits before asking for a fresh quote: shortly before the shown one
 * expires, so a player who reads before tapping still confirms a quote the server takes.
 */
export function quoteRefreshDelayMs(expiresAt: number, now: number): number {
  const left = expiresAt - now;
  const lead = Math.min(refreshLeadMs, Math.max(0, left) * 0.3);
  return Math.min(refreshMaxMs, Math.max(refreshMinMs, left - lead));
}
