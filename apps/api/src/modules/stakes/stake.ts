import type { Statement } from '../../db/one-trip.ts';
import type { Tx } from '../../db/tx.ts';
import { insufficientFunds } from '../../lib/domain-error.ts';
import { postInOneTrip, postTransaction } from '../ledger/ledger.service.ts';
import type { TransactionInput } from '../ledger/ledger.types.ts';
import { assertWithinStakeLimits, type StakeClock, stakeClock } from '../rg/rg.stake.ts';
import { payoutTransaction } from './payout.ts';
import {
  type OpeningRow,
  openStake,
  openStakeStatement,
  readOpening,
  type StakeOpening,
} from './stake.repository.ts';
import {
  bookOf,
  postingKey,
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
 *    locked (the row's update also sets the VIP level: the database's trigger on the operator's table); then the
 *    responsible-gambling check;
 * 2. the split (cash first, then bonus), refused with INSUFFICIENT_FUNDS when short (the caller's transaction
 *    rolls back, nothing stays);
 * 3. the bet (the caller's `record`);
 * 4. one balanced ledger transaction: the player's legs, then the product's bank.
 * Locks follow docs/ledger.md: the player's row, the player's accounts, and the bank last, so the bank (shared by
 * every player of the product) is held for as little as possible. The caller pushes `insBalance` and
 * `updateUserInfo` (the `balanceChanged` event, wallet.events) after commit, so a new level reaches the player at once.
 */
export async function takeStake(trx: Tx, request: StakeRequest): Promise<TakenStake> {
  const clock = stakeClock();
  const opening = await openStake(trx, request.userId, request.amountCents, clock);
  const split = await judgeStake(trx, request, opening, clock);
  const betId = await request.record(split);
  await postTransaction(trx, stakeTransaction(request, split, betId));
  return takenStake(opening, split, betId);
}

/**
 * Step 1 as a statement, for a bet that sends it with its own reads in one trip (`inOneTrip`; the instant games,
 * decision 0020): its clock, the statement, and how to read its rows.
 */
export function stakeOpening(userId: bigint, amountCents: bigint) {
  const clock = stakeClock();
  return {
    clock,
    statement: openStakeStatement(userId, amountCents, clock),
    read: (rows: readonly OpeningRow[]) => readOpening(rows, userId),
  };
}

/**
 * Steps 3 and 4 of a bet settled at once, in one trip: the caller's bet row (`record`, with the bet's id drawn
 * beforehand), the stake's ledger transaction and, when the bet pays, the payout's. A refusal throws, and the
 * caller's transaction must roll back (`postInOneTrip`), as after any refusal of a stake.
 */
export async function recordStakeAndPayout(
  trx: Tx,
  bet: Pick<StakeRequest, 'userId' | 'product'> & {
    split: StakeSplit;
    betId: bigint;
    payoutCents: bigint;
    record: Statement<unknown>;
  },
): Promise<void> {
  const payout = payoutTransaction(bet);
  await postInOneTrip(
    trx,
    [bet.record],
    [stakeTransaction(bet, bet.split, bet.betId), ...(payout ? [payout] : [])],
  );
}

/**
 * Step 1's verdict and step 2 on an opened stake: the responsible-gambling check and the split.
 * Throws on a refusal; the caller's transaction must then roll back (the opening has written).
 */
export async function judgeStake(
  trx: Tx,
  request: Pick<StakeRequest, 'userId' | 'amountCents'>,
  opening: StakeOpening,
  clock: StakeClock,
): Promise<StakeSplit> {
  const { userId, amountCents } = request;
  await assertWithinStakeLimits(trx, userId, amountCents, opening, clock);
  const { balances } = opening;
  const split = splitCashFirst(amountCents, balances.cashCents, balances.bonusCents);
  if (!split) throw insufficientFunds();
  return split;
}

/** Step 4: the stake's balanced ledger transaction, keyed by the bet. */
export function stakeTransaction(
  request: Pick<StakeRequest, 'userId' | 'product'>,
  split: StakeSplit,
  betId: bigint,
): TransactionInput {
  const book = bookOf(request.product);
  return {
    code: book.stakeCode,
    idempotencyKey: postingKey(book.stakeCode, betId),
    referenceType: book.referenceType,
    referenceId: betId.toString(),
    postings: stakePostings(request.userId, request.product, split),
  };
}

export function takenStake(opening: StakeOpening, split: StakeSplit, betId: bigint): TakenStake {
  return {
    betId,
    split,
    cashCents: opening.balances.cashCents - split.fromCashCents,
    bonusCents: opening.balances.bonusCents - split.fromBonusCents,
  };
}
