import type { Tx } from '../../db/tx.ts';
import { insufficientFunds } from '../../lib/domain-error.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { assertWithinStakeLimits, stakeClock } from '../rg/rg.stake.ts';
import { openStake, raiseLevel } from './stake.repository.ts';
import {
  bookOf,
  postingKey,
  risenLevel,
  type StakeProduct,
  type StakeSplit,
  splitCashFirst,
  stakePostings,
} from './stake.rules.ts';

export interface StakeRequest {
  userId: bigint;
  product: StakeProduct;
  amountCents: bigint;
  /**
   * Writes the business record the stake pays for (the bet), once the split is known and before any money
   * moves; answers its id, which keys the stake's ledger transaction.
   */
  record: (split: StakeSplit) => Promise<bigint>;
}

export interface TakenStake {
  betId: bigint;
  split: StakeSplit;
  /** The player's balances right after the stake, exact: their accounts stay locked until commit. */
  cashCents: bigint;
  bonusCents: bigint;
}

/**
 * The one way a stake is taken, for every product, inside the bet's database transaction:
 * 1. in one statement (`openStake`): the player's row (game total, wagering progress), the player's stake total
 *    of the day (the commission job's input), the play session, the limits, and the player's ledger accounts,
 *    locked; then the responsible-gambling check, and the VIP level when the sums reach a higher one;
 * 2. the split (cash first, then bonus), refused with INSUFFICIENT_FUNDS when short (the caller's transaction
 *    rolls back, nothing stays);
 * 3. the bet (the caller's `record`);
 * 4. one balanced ledger transaction: the player's legs, then the product's bank.
 * Locks follow docs/ledger.md: the player's row, the player's accounts, and the bank last, so the bank (shared by
 * every player of the product) is held for as little as possible. The caller pushes `insBalance` and
 * `updateUserInfo` (wallet.events pushBalance) after commit, so a new level reaches the player at once.
 */
export async function takeStake(trx: Tx, request: StakeRequest): Promise<TakenStake> {
  const { userId, product, amountCents } = request;
  const clock = stakeClock();
  const { counters, balances, ...play } = await openStake(trx, userId, amountCents, clock);
  await assertWithinStakeLimits(trx, userId, amountCents, play, clock);
  const risen = risenLevel(counters.level, counters.paySumCents, counters.gameSumCents);
  if (risen !== undefined) await raiseLevel(trx, userId, risen);
  const split = splitCashFirst(amountCents, balances.cashCents, balances.bonusCents);
  if (!split) throw insufficientFunds();
  const betId = await request.record(split);
  const book = bookOf(product);
  await postTransaction(trx, {
    code: book.stakeCode,
    idempotencyKey: postingKey(book.stakeCode, betId),
    referenceType: book.referenceType,
    referenceId: betId.toString(),
    postings: stakePostings(userId, product, split),
  });
  return {
    betId,
    split,
    cashCents: balances.cashCents - split.fromCashCents,
    bonusCents: balances.bonusCents - split.fromBonusCents,
  };
}
