import type { Tx } from '../../db/tx.ts';
import { lockCashBatch, postCashBatch } from '../ledger/ledger.batch.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
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
  if (request.payoutCents <= 0n) return;
  const book = bookOf(request.product);
  await postTransaction(trx, {
    code: book.payoutCode,
    idempotencyKey: postingKey(book.payoutCode, request.betId),
    referenceType: book.referenceType,
    referenceId: request.betId.toString(),
    postings: [
      { account: { kind: 'player_cash', userId: request.userId }, amountCents: request.payoutCents },
      { account: book.house, amountCents: -request.payoutCents },
    ],
  });
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
  const moving = changes.filter((change) => change.payCents > 0n || change.reverseCents > 0n);
  if (moving.length === 0) return new Map();
  const book = bookOf(product);
  const batch = await lockCashBatch(trx, [...new Set(moving.map((change) => change.userId))], book.house);
  const plan = planPayouts(book, moving, batch.cashBalanceOf);
  await postCashBatch(trx, batch, plan.entries);
  return plan.uncollected;
}
