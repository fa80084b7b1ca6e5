import type { CashBatchEntry } from '../ledger/ledger.batch.ts';
import { type ProductBook, postingKey } from './stake.rules.ts';

/** A bet's payout change: pay `payCents`, after taking back `reverseCents` of an earlier payout. */
export interface PayoutChange {
  betId: bigint;
  userId: bigint;
  payCents: bigint;
  reverseCents: bigint;
  /** Which settlement of the bet this is, for products whose results can be corrected (see `postingKey`). */
  settlement?: number;
}

export interface PayoutPlan {
  entries: CashBatchEntry[];
  /** Per bet, what a reversal could not take back because the player no longer held it (written off). */
  uncollected: Map<bigint, bigint>;
}

/**
 * The cash postings of a batch of payout changes, given each player's cash as locked. A reversal takes back at
 * most what the player holds at that point (their cash plus what this change pays); the rest is uncollected, so
 * no balance ever goes below zero.
 */
export function planPayouts(
  book: ProductBook,
  changes: readonly PayoutChange[],
  cashOf: ReadonlyMap<bigint, bigint>,
): PayoutPlan {
  const available = new Map(cashOf);
  const entries: CashBatchEntry[] = [];
  const uncollected = new Map<bigint, bigint>();
  for (const change of changes) {
    if (change.payCents < 0n || change.reverseCents < 0n)
      throw new Error('stakes: payout amounts are positive');
    const cash = available.get(change.userId);
    if (cash === undefined) throw new Error(`stakes: no locked cash for player ${change.userId}`);
    const held = cash + change.payCents;
    const reverseCents = change.reverseCents < held ? change.reverseCents : held;
    available.set(change.userId, held - reverseCents);
    if (reverseCents < change.reverseCents) {
      uncollected.set(
        change.betId,
        (uncollected.get(change.betId) ?? 0n) + change.reverseCents - reverseCents,
      );
    }
    const reference = {
      referenceType: book.referenceType,
      referenceId: change.betId.toString(),
      userId: change.userId,
    };
    if (reverseCents > 0n) {
      if (!book.reversalCode) throw new Error(`stakes: ${book.referenceType} payouts cannot be reversed`);
      entries.push({
        ...reference,
        code: book.reversalCode,
        idempotencyKey: postingKey(book.reversalCode, change.betId, change.settlement),
        amountCents: -reverseCents,
      });
    }
    if (change.payCents > 0n) {
      entries.push({
        ...reference,
        code: book.payoutCode,
        idempotencyKey: postingKey(book.payoutCode, change.betId, change.settlement),
        amountCents: change.payCents,
      });
    }
  }
  return { entries, uncollected };
}
