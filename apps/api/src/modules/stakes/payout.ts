import { createHash } from 'node:crypto';
import type { Tx } from '../../db/tx.ts';
import { lockCashBatch, postCashBatch, postCashJournal } from '../ledger/ledger.batch.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import type { TransactionInput } from '../ledger/ledger.types.ts';
import { type PayoutChange, planPayouts } from './payout.rules.ts';
import { bookOf, postingKey, type StakeProduct } from './stake.rules.ts';

export interface PayoutRequest {
  userId: bigint;
  product: StakeProduct;
  betId: bigint;
  payoutCents: bigint;
}

/**
 * Pays one bet's win to cash from the product's bank, once per bet (idempotent by the bet's key). Nothing to
 * pay moves nothing. For a bet settled on its own, in the player's request (instant games, mines).
 */
export async function payStake(trx: Tx, request: PayoutRequest): Promise<void> {
  const payout = payoutTransaction(request);
  if (payout) await postTransaction(trx, payout);
}

/** `payStake`'s ledger transaction (undefined when there is nothing to pay), for a caller that posts it itself. */
export function payoutTransaction(request: PayoutRequest): TransactionInput | undefined {
  if (request.payoutCents <= 0n) return undefined;
  const book = bookOf(request.product);
  return {
    code: book.payoutCode,
    idempotencyKey: postingKey(book.payoutCode, request.betId),
    referenceType: book.referenceType,
    referenceId: request.betId.toString(),
    postings: [
      { account: { kind: 'player_cash', userId: request.userId }, amountCents: request.payoutCents },
      { account: book.house, amountCents: -request.payoutCents },
    ],
  };
}

/**
 * Pays (and, where results can be corrected, takes back) many bets of one product at once, set-based: every
 * player's cash and then the bank are locked in one go (the lock order of docs/ledger.md), then every posting is
 * written in a few statements. For the jobs that settle a whole round or a whole match. Answers, per bet, what a
 * reversal could not take back (see `planPayouts`).
 */
export async function payStakes(
  trx: Tx,
  product: StakeProduct,
  changes: readonly PayoutChange[],
): Promise<Map<bigint, bigint>> {
  const locked = await lockAndPlan(trx, product, changes);
  if (!locked) return new Map();
  await postCashBatch(trx, locked.batch, locked.plan.entries);
  return locked.plan.uncollected;
}

/**
 * What both batch payouts start with: the changes that move money, their players' cash (then the bank) locked,
 * and the plan of postings; undefined when nothing moves.
 */
async function lockAndPlan(trx: Tx, product: StakeProduct, changes: readonly PayoutChange[]) {
  const moving = changes.filter((change) => change.payCents > 0n || change.reverseCents > 0n);
  if (moving.length === 0) return undefined;
  const book = bookOf(product);
  const batch = await lockCashBatch(trx, [...new Set(moving.map((change) => change.userId))], book.house);
  return { moving, book, batch, plan: planPayouts(book, moving, batch.cashBalanceOf) };
}

export interface JournalPayouts {
  /** Per bet, what a reversal could not take back (see `planPayouts`). */
  uncollected: Map<bigint, bigint>;
  /** Per bet, the batch's journal transactions that moved its money (payout, reversal). */
  journalIdsOf: Map<bigint, bigint[]>;
}

/**
 * Like `payStakes`, for a product whose results are corrected (sports): the whole batch is one journal transaction
 * per code, the payouts first and then the reversals, each with one leg per player and one for the bank. The
 * per-bet amounts stay on the bets (the caller's record), which keep the journal ids this returns. The key names
 * the batch by its bets and their settlement numbers, which no other batch can repeat, so a batch posted twice
 * fails on it.
 */
export async function payStakesInJournal(
  trx: Tx,
  product: StakeProduct,
  changes: readonly PayoutChange[],
  reference: { type: string; id: string },
): Promise<JournalPayouts> {
  const result: JournalPayouts = { uncollected: new Map(), journalIdsOf: new Map() };
  const locked = await lockAndPlan(trx, product, changes);
  if (!locked) return result;
  const { moving, book, batch, plan } = locked;
  const digest = createHash('sha256');
  for (const change of moving) digest.update(`${change.betId}:${change.settlement ?? 0};`);
  const batchKey = digest.digest('hex');
  // Payouts before reversals: a reversal may take back what this batch pays, never more than the player holds.
  for (const code of [book.payoutCode, book.reversalCode]) {
    if (code === undefined) continue;
    const entries = plan.entries.filter((entry) => entry.code === code);
    if (entries.length === 0) continue;
    const amountOf = new Map<bigint, bigint>();
    for (const entry of entries)
      amountOf.set(entry.userId, (amountOf.get(entry.userId) ?? 0n) + entry.amountCents);
    const journalId = await postCashJournal(
      trx,
      batch,
      {
        code,
        idempotencyKey: `${code}:${reference.type}:${reference.id}:${batchKey}`,
        referenceType: reference.type,
        referenceId: reference.id,
      },
      amountOf,
    );
    if (journalId === null) continue;
    for (const entry of entries) {
      const betId = BigInt(entry.referenceId);
      result.journalIdsOf.set(betId, [...(result.journalIdsOf.get(betId) ?? []), journalId]);
    }
  }
  result.uncollected = plan.uncollected;
  return result;
}
