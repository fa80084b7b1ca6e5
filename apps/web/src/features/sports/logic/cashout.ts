import { partialCashout } from '@aposta/sports';

// What a cash-out of part of a bet pays, computed as the server does (exact centavos, floored once), so the
// confirmation shows the amount that will arrive.

const toCents = (reais: number) => BigInt(Math.round(reais * 100));

export function cashoutPaid(quoteAmount: number, remainingStake: number, fraction: number): number | null {
  const split = partialCashout(toCents(remainingStake), toCents(quoteAmount), Math.round(fraction * 100));
  return split ? Number(split.paidCents) / 100 : null;
}

/** A 409 whose data is a new quote (the old one expired or its price moved). */
export function readQuote(data: unknown): { quoteId: number; amount: number; expiresAt: number } | null {
  const quote = data as { quoteId?: unknown; amount?: unknown; expiresAt?: unknown } | null | undefined;
  return quote && Number.isInteger(quote.quoteId) && typeof quote.amount === 'number'
    ? { quoteId: quote.quoteId as number, amount: quote.amount, expiresAt: Number(quote.expiresAt) }
    : null;
}
