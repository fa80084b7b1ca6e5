import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { inOneTrip } from '../../db/one-trip.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { Tx } from '../../db/tx.ts';
import { notFound } from '../../lib/domain-error.ts';
import { countSlotStake } from '../../platform/metrics.ts';
import { payStake } from '../stakes/payout.ts';
import { takeStake } from '../stakes/stake.ts';
import { SlotRefusal, slotsProduct, walletBalance, withBalanceOnRefusal } from './slots.callback.ts';
import { type SlotRefusalReason, sessionProblem } from './slots.rules.ts';
import type { SlotSession } from './slots.sessions.ts';

/**
 * The operator's side of every provider's seamless wallet, whatever the protocol: the adapters (pg, evo, bg)
 * read their provider's message, call these, and answer in their provider's words. Every callback is one
 * database transaction that starts by locking the player's row (the first lock of every money path,
 * docs/ledger.md), so copies of one provider transaction run one after the other and the later ones find the
 * first one's row and answer its answer. Stakes and wins go through modules/stakes like every other product.
 */

export interface Movement {
  /** The provider's transaction id: the idempotency key. */
  txId: string;
  kind: 'debit' | 'credit';
  amountCents: bigint;
}

export interface PlayInput {
  roundRef: string;
  movements: Movement[];
  /** The provider says the round is over (PG is_end_round, BG finished, EVO final_action). */
  endRound: boolean;
}

export interface MovementResult {
  txId: string;
  /** Our id of the callback (answered as the operator's transaction id). */
  id: bigint;
  replayed: boolean;
  balanceCents: bigint;
}

export interface PlayResult {
  balanceCents: bigint;
  movements: MovementResult[];
}

/**
 * Bet, win, or bet-and-win of one round, in the order given. Each movement is idempotent by its provider id: a
 * copy answers the first answer and moves nothing. A debit whose rollback arrived first is refused; a credit
 * needs an open round of this player (not unknown, not rolled back, not over). A new debit needs an open,
 * unexpired session. A credit or the end of a round opened on this session is accepted after the session closed
 * or expired: the player leaving must not cancel a result the provider already owes (or decided). Copies of
 * movements already done are answered whatever the session's state.
 */
export async function play(ctx: AppContext, session: SlotSession, input: PlayInput): Promise<PlayResult> {
  const result = await withBalanceOnRefusal(ctx, session.userId, () =>
    ctx.db
      .transaction()
      .execute(async (trx) => playIn(trx, session, input, await firstTrip(trx, session, input))),
  );
  if (result.movements.some((movement) => !movement.replayed))
    await ctx.events.publish('balanceChanged', { userId: session.userId });
  return result;
}

type RoundRow = { id: bigint; status: string; user_id: bigint; session_id: bigint };

/**
 * What the callback's first movement reads before it moves anything, read in ONE trip with the player's lock
 * (which PostgreSQL takes first: the reads after it see what the player's earlier callbacks committed): the
 * movement's earlier copy, the round (locked), the debit's rollback tombstone and the game's catalogue row. The
 * same statements the movement would send one at a time; a later movement of the callback reads its own.
 */
export interface FirstReads {
  txId: string;
  earlier: { id: bigint; kind: string; user_id: bigint; balance_cents: bigint } | undefined;
  round: RoundRow | undefined;
  refused: boolean;
  game: { stop: boolean; bet_max_cents: bigint } | undefined;
}

export async function firstTrip(
  trx: Tx,
  session: SlotSession,
  input: PlayInput,
): Promise<FirstReads | undefined> {
  const first = input.movements[0];
  if (!first) {
    await lockPlayer(trx, session.userId);
    return undefined;
  }
  const [player, earlier, round, tombstone, game] = await inOneTrip(trx, [
    trx.selectFrom('users').select('id').where('id', '=', session.userId).forNoKeyUpdate(),
    earlierCopy(trx, session.provider, first.txId),
    roundOf(trx, session.provider, input.roundRef),
    tombstoneOf(trx, session.provider, first.txId),
    catalogRow(trx, session.gameCode),
  ]);
  if (player.length === 0) throw notFound();
  return {
    txId: first.txId,
    earlier: earlier[0],
    round: round[0],
    refused: tombstone.length > 0,
    game: game[0],
  };
}

const earlierCopy = (trx: Tx, provider: SlotProvider, txId: string) =>
  trx
    .selectFrom('slot_transactions')
    .select(['id', 'kind', 'user_id', 'balance_cents'])
    .where('provider', '=', provider)
    .where('provider_tx_id', '=', txId);
const roundOf = (trx: Tx, provider: SlotProvider, roundRef: string) =>
  trx
    .selectFrom('slot_rounds')
    .select(['id', 'status', 'user_id', 'session_id'])
    .where('provider', '=', provider)
    .where('round_ref', '=', roundRef)
    .forUpdate();
// `kind` as a literal, not a parameter: the index on rollbacks is partial (kind = 'rollback'), and the generic plan
// of a prepared statement (statement-cache.ts) cannot use it for `kind = $2`: it scanned the whole table.
const tombstoneOf = (trx: Tx, provider: SlotProvider, txId: string) =>
  trx
    .selectFrom('slot_transactions')
    .select('id')
    .where('provider', '=', provider)
    .where('kind', '=', sql.lit('rollback'))
    .where('target_tx_id', '=', txId);
const catalogRow = (trx: Tx, gameCode: string) =>
  trx.selectFrom('game_catalog').select(['stop', 'bet_max_cents']).where('code', '=', gameCode);

/** `first` (the callback's first trip) answers the first movement's reads; any other movement reads its own. */
export async function playIn(
  trx: Tx,
  session: SlotSession,
  input: PlayInput,
  first?: FirstReads,
): Promise<PlayResult> {
  const done: MovementResult[] = [];
  let round: { id: bigint; status: string; session_id: bigint } | undefined;
  for (const [index, movement] of input.movements.entries()) {
    const reads = index === 0 && first?.txId === movement.txId ? first : undefined;
    const earlier = reads
      ? reads.earlier
      : await earlierCopy(trx, session.provider, movement.txId).executeTakeFirst();
    if (earlier) {
      if (earlier.kind !== movement.kind || earlier.user_id !== session.userId)
        throw new SlotRefusal('duplicate_mismatch');
      done.push({
        txId: movement.txId,
        id: earlier.id,
        replayed: true,
        balanceCents: earlier.balance_cents,
      });
      continue;
    }
    const problem = sessionProblem(session, new Date());
    if (problem && movement.kind === 'debit') throw new SlotRefusal(problem);
    round ??= await openRound(trx, session, input.roundRef, movement.kind, problem, reads);
    // On a closed or expired session only the rounds it opened still settle.
    if (problem && round.session_id !== session.id) throw new SlotRefusal(problem);
    if (round.status !== 'open') {
      throw new SlotRefusal(round.status === 'rolled_back' ? 'round_rolled_back' : 'round_closed');
    }
    done.push(
      movement.kind === 'debit'
        ? await debit(trx, session, round.id, movement, reads)
        : await credit(trx, session, round.id, movement),
    );
  }
  if (input.endRound && round === undefined) {
    round = await trx
      .selectFrom('slot_rounds')
      .select(['id', 'status', 'session_id'])
      .where('provider', '=', session.provider)
      .where('round_ref', '=', input.roundRef)
      .where('user_id', '=', session.userId)
      .forUpdate()
      .executeTakeFirst();
  }
  if (input.endRound && round?.status === 'open') {
    await trx
      .updateTable('slot_rounds')
      .set({ status: 'closed', closed_at: new Date() })
      .where('id', '=', round.id)
      .execute();
  }
  const balanceCents = done.length > 0 ? done.at(-1)!.balanceCents : await walletBalance(trx, session.userId);
  return { balanceCents, movements: done };
}

/**
 * The round of a debit (created on its first debit) or of a credit (which must find it). Another player's round
 * of the same reference is "unknown" to this one.
 */
async function openRound(
  trx: Tx,
  session: SlotSession,
  roundRef: string,
  kind: Movement['kind'],
  sessionProblemNow: SlotRefusalReason | undefined,
  reads: FirstReads | undefined,
): Promise<{ id: bigint; status: string; session_id: bigint }> {
  const existing = () => roundOf(trx, session.provider, roundRef).executeTakeFirst();
  const mine = (round: RoundRow) => {
    if (round.user_id !== session.userId) throw new SlotRefusal('round_unknown');
    return round;
  };
  const found = reads ? reads.round : await existing();
  if (found) return mine(found);
  if (kind === 'credit') throw new SlotRefusal(sessionProblemNow ?? 'round_unknown');
  // Another callback may open the same round id at this moment (the player's own, or another player's): the
  // insert then waits for it and yields, and the round it opened is read like any existing one.
  const opened = await trx
    .insertInto('slot_rounds')
    .values({
      provider: session.provider,
      round_ref: roundRef,
      user_id: session.userId,
      session_id: session.id,
      game_code: session.gameCode,
    })
    .onConflict((oc) => oc.columns(['provider', 'round_ref']).doNothing())
    .returning(['id', 'status', 'session_id'])
    .executeTakeFirst();
  if (opened) return opened;
  const raced = await existing();
  if (!raced) throw new Error(`slot round ${session.provider}/${roundRef} neither inserted nor found`);
  return mine(raced);
}

async function debit(
  trx: Tx,
  session: SlotSession,
  roundId: bigint,
  movement: Movement,
  reads: FirstReads | undefined,
): Promise<MovementResult> {
  const refused = reads
    ? reads.refused
    : (await tombstoneOf(trx, session.provider, movement.txId).executeTakeFirst()) !== undefined;
  if (refused) throw new SlotRefusal('debit_rolled_back');
  // The back office's stop and bet maximum hold for provider games too (the provider's own limits may differ).
  const game = reads ? reads.game : await catalogRow(trx, session.gameCode).executeTakeFirst();
  if (!game || game.stop) throw new SlotRefusal('game_stopped');
  if (movement.amountCents > game.bet_max_cents) throw new SlotRefusal('bet_over_limit');
  const insert = (split: { fromCashCents: bigint; fromBonusCents: bigint }, balanceCents: bigint) =>
    trx
      .insertInto('slot_transactions')
      .values({
        provider: session.provider,
        provider_tx_id: movement.txId,
        kind: 'debit',
        user_id: session.userId,
        round_id: roundId,
        amount_cents: movement.amountCents,
        from_cash_cents: split.fromCashCents,
        from_bonus_cents: split.fromBonusCents,
        balance_cents: balanceCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  let id: bigint;
  let balanceCents: bigint;
  if (movement.amountCents === 0n) {
    // A free spin: a bet of nothing, so no stake and no posting; the round exists for its win.
    balanceCents = await walletBalance(trx, session.userId);
    id = (await insert({ fromCashCents: 0n, fromBonusCents: 0n }, balanceCents)).id;
  } else {
    // The balance after is known only once the stake has locked the accounts; the row is written first (its id
    // keys the posting) and its balance filled in right after, in the same transaction.
    const taken = await takeStake(trx, {
      userId: session.userId,
      product: slotsProduct(session.provider),
      amountCents: movement.amountCents,
      record: async (split) => (await insert(split, -1n)).id,
    });
    id = taken.betId;
    balanceCents = taken.cashCents + taken.bonusCents;
    countSlotStake(session.provider, movement.amountCents);
  }
  // The row's balance (a stake's) and the round's total, in one trip.
  await inOneTrip(trx, [
    trx.updateTable('slot_transactions').set({ balance_cents: balanceCents }).where('id', '=', id),
    trx
      .updateTable('slot_rounds')
      .set((eb) => ({ stake_cents: eb('stake_cents', '+', movement.amountCents) }))
      .where('id', '=', roundId),
  ]);
  return { txId: movement.txId, id, replayed: false, balanceCents };
}

async function credit(
  trx: Tx,
  session: SlotSession,
  roundId: bigint,
  movement: Movement,
): Promise<MovementResult> {
  const row = await trx
    .insertInto('slot_transactions')
    .values({
      provider: session.provider,
      provider_tx_id: movement.txId,
      kind: 'credit',
      user_id: session.userId,
      round_id: roundId,
      amount_cents: movement.amountCents,
      balance_cents: -1n,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await payStake(trx, {
    userId: session.userId,
    product: slotsProduct(session.provider),
    betId: row.id,
    payoutCents: movement.amountCents,
  });
  const balanceCents = await walletBalance(trx, session.userId);
  await inOneTrip(trx, [
    trx.updateTable('slot_transactions').set({ balance_cents: balanceCents }).where('id', '=', row.id),
    trx
      .updateTable('slot_rounds')
      .set((eb) => ({ win_cents: eb('win_cents', '+', movement.amountCents) }))
      .where('id', '=', roundId),
  ]);
  return { txId: movement.txId, id: row.id, replayed: false, balanceCents };
}
