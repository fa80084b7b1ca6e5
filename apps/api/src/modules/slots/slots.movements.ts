import { sql } from 'kysely';
import { inOneTrip } from '../../db/one-trip.ts';
import type { Tx } from '../../db/tx.ts';
import { countSlotStake } from '../../platform/metrics.ts';
import { balancesOf, postInOneTrip } from '../ledger/ledger.service.ts';
import { payoutTransaction } from '../stakes/payout.ts';
import { judgeStake, stakeOpening, stakeTransaction, takenStake } from '../stakes/stake.ts';
import { SlotRefusal, slotsProduct, walletBalance } from './slots.callback.ts';
import type { SlotRefusalReason } from './slots.rules.ts';
import type { SlotSession } from './slots.sessions.ts';
import {
  catalogRow,
  lockedAccounts,
  movementRow,
  type OpenRound,
  type RoundRow,
  roundInsert,
  roundOf,
  roundTotal,
  tombstoneOf,
} from './slots.statements.ts';
import type { FirstReads, Movement, MovementResult } from './slots.wallet.ts';

/**
 * The writes of one movement of a callback (slots.wallet.ts `playIn`), in as few trips as the statements allow:
 * - a debit: its stake opened (modules/stakes, the player's accounts locked) with its row's id drawn, in the trip
 *   that inserts its round when the round is new; then its row (with the balance after, known from the opening),
 *   the round's total and the stake's ledger transaction in one trip (`postInOneTrip`);
 * - a credit: the player's accounts locked and its row's id drawn (in the callback's first trip when it is the
 *   first movement); then its row, the round's total and the payout's ledger transaction in one trip.
 * The round's close (the provider's end of round) goes with the last movement's round total.
 */

/**
 * A callback row's id, drawn before the row is written: it keys the row's ledger transaction. The sequence by its
 * name (bigserial's, migration 0060), resolved once when the statement is prepared, not looked up on every call.
 */
export const nextTxId = () => sql<{ id: string }>`SELECT nextval('slot_transactions_id_seq')::text AS id`;

/** What a credit writes from: the player's balance (cash and bonus, accounts locked) and its row's id. */
export interface CreditFunds {
  balanceCents: bigint;
  id: bigint;
}

export function creditFunds(
  accounts: readonly { kind: string; balance_cents: bigint }[],
  ids: readonly { id: string }[],
): CreditFunds {
  const { cashCents, bonusCents } = balancesOf(accounts);
  return { balanceCents: cashCents + bonusCents, id: BigInt(ids[0]!.id) };
}

type Staking = ReturnType<typeof stakeOpening>;
/** A debit's stake opening (its rows) and its row's id, read in one trip. */
export interface StakeTrip {
  staking: Staking;
  rows: Parameters<Staking['read']>[0];
  id: bigint;
}

/** The stake's opening of a debit that moves money; undefined for a free spin (a bet of nothing). */
export const stakingOf = (session: SlotSession, movement: Movement): Staking | undefined =>
  movement.kind === 'debit' && movement.amountCents > 0n
    ? stakeOpening(session.userId, movement.amountCents)
    : undefined;

/**
 * The round of a debit (created on its first debit, its stake counted in the insert) or of a credit (which must
 * find it). Another player's round of the same reference is "unknown" to this one. A debit's stake is opened in
 * the insert's trip (a refusal after it rolls the whole callback back).
 */
export async function openRound(
  trx: Tx,
  session: SlotSession,
  input: { roundRef: string; movement: Movement; problem: SlotRefusalReason | undefined },
  reads: FirstReads | undefined,
  staking: Staking | undefined,
): Promise<{ round: OpenRound; counted: boolean; stake?: StakeTrip }> {
  const existing = () => roundOf(trx, session.provider, input.roundRef).executeTakeFirst();
  const mine = (round: RoundRow) => {
    if (round.user_id !== session.userId) throw new SlotRefusal('round_unknown');
    return round;
  };
  const found = reads ? reads.round : await existing();
  if (found) return { round: mine(found), counted: false, stake: reads?.opened?.stake };
  if (input.movement.kind === 'credit') throw new SlotRefusal(input.problem ?? 'round_unknown');
  let opened: OpenRound | undefined;
  let stake: StakeTrip | undefined;
  if (reads?.opened) ({ round: opened, stake } = reads.opened);
  else if (staking) {
    const insert = roundInsert(trx, session, input.roundRef, input.movement.amountCents);
    const [rounds, rows, ids] = await inOneTrip(trx, [insert, staking.statement, nextTxId()]);
    opened = rounds[0];
    stake = { staking, rows, id: BigInt(ids[0]!.id) };
  } else
    opened = await roundInsert(trx, session, input.roundRef, input.movement.amountCents).executeTakeFirst();
  if (opened) return { round: opened, counted: true, stake };
  const raced = await existing();
  if (!raced) throw new Error(`slot round ${session.provider}/${input.roundRef} neither inserted nor found`);
  return { round: mine(raced), counted: false, stake };
}

export interface DebitPlan {
  reads: FirstReads | undefined;
  staking: Staking | undefined;
  /** The opening already read (in the round's insert trip). */
  stake: StakeTrip | undefined;
  /** The round's insert counted this stake already. */
  counted: boolean;
  close: boolean;
}

export async function debit(
  trx: Tx,
  session: SlotSession,
  roundId: bigint,
  movement: Movement,
  plan: DebitPlan,
): Promise<MovementResult> {
  const { reads } = plan;
  const refused = reads
    ? reads.refused
    : (await tombstoneOf(trx, session.provider, movement.txId).executeTakeFirst()) !== undefined;
  if (refused) throw new SlotRefusal('debit_rolled_back');
  // The back office's stop and bet maximum hold for provider games too (the provider's own limits may differ).
  const game = reads ? reads.game : await catalogRow(trx, session.gameCode).executeTakeFirst();
  if (!game || game.stop) throw new SlotRefusal('game_stopped');
  if (movement.amountCents > game.bet_max_cents) throw new SlotRefusal('bet_over_limit');
  const total =
    plan.counted && !plan.close
      ? []
      : [roundTotal(trx, roundId, 'stake_cents', plan.counted ? 0n : movement.amountCents, plan.close)];
  if (!plan.staking) {
    // A free spin: a bet of nothing, so no stake and no posting; the round exists for its win.
    const balanceCents = await walletBalance(trx, session.userId);
    const [rows] = await inOneTrip(trx, [debitRow(trx, session, roundId, movement, balanceCents), ...total]);
    return { txId: movement.txId, id: rows[0]!.id, replayed: false, balanceCents };
  }
  const trip = plan.stake ?? (await stakeTrip(trx, plan.staking));
  const opened = trip.staking.read(trip.rows);
  const request = { userId: session.userId, product: slotsProduct(session.provider) };
  const split = await judgeStake(
    trx,
    { ...request, amountCents: movement.amountCents },
    opened,
    trip.staking.clock,
  );
  const taken = takenStake(opened, split, trip.id);
  const balanceCents = taken.cashCents + taken.bonusCents;
  // The row (its balance after, exact: the opening locked the accounts) before the stake's posting it keys.
  await postInOneTrip(
    trx,
    [debitRow(trx, session, roundId, movement, balanceCents, { ...split, id: trip.id }), ...total],
    [stakeTransaction(request, split, trip.id)],
  );
  countSlotStake(session.provider, movement.amountCents);
  return { txId: movement.txId, id: trip.id, replayed: false, balanceCents };
}

async function stakeTrip(trx: Tx, staking: Staking): Promise<StakeTrip> {
  const [rows, ids] = await inOneTrip(trx, [staking.statement, nextTxId()]);
  return { staking, rows, id: BigInt(ids[0]!.id) };
}

const debitRow = (
  trx: Tx,
  session: SlotSession,
  roundId: bigint,
  movement: Movement,
  balanceCents: bigint,
  stake?: { id: bigint; fromCashCents: bigint; fromBonusCents: bigint },
) =>
  movementRow(trx, {
    id: stake?.id,
    session,
    kind: 'debit',
    txId: movement.txId,
    roundId,
    amountCents: movement.amountCents,
    fromCashCents: stake?.fromCashCents ?? 0n,
    fromBonusCents: stake?.fromBonusCents ?? 0n,
    balanceCents,
  });

/** A win: its row (with the balance after) and the round's total, then the payout's posting, in one trip. */
export async function credit(
  trx: Tx,
  session: SlotSession,
  roundId: bigint,
  movement: Movement,
  plan: { funds: CreditFunds | undefined; close: boolean },
): Promise<MovementResult> {
  let funds = plan.funds;
  if (!funds) {
    const [accounts, ids] = await inOneTrip(trx, [lockedAccounts(trx, session.userId), nextTxId()]);
    funds = creditFunds(accounts, ids);
  }
  const { id } = funds;
  const product = slotsProduct(session.provider);
  const payout = payoutTransaction({
    userId: session.userId,
    product,
    betId: id,
    payoutCents: movement.amountCents,
  });
  // The payout credits the player's cash by the win; the accounts are locked, so nothing else moved them.
  const balanceCents = funds.balanceCents + (payout ? movement.amountCents : 0n);
  const row = movementRow(trx, {
    id,
    session,
    kind: 'credit',
    txId: movement.txId,
    roundId,
    amountCents: movement.amountCents,
    fromCashCents: 0n,
    fromBonusCents: 0n,
    balanceCents,
  });
  await postInOneTrip(
    trx,
    [row, roundTotal(trx, roundId, 'win_cents', movement.amountCents, plan.close)],
    payout ? [payout] : [],
  );
  return { txId: movement.txId, id, replayed: false, balanceCents };
}
