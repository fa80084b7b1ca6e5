import type { AppContext } from '../../app-context.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { payStake } from '../stakes/payout.ts';
import { bookOf, type StakeProduct } from '../stakes/stake.rules.ts';
import { takeStake } from '../stakes/stake.ts';
import { pushBalance } from '../wallet/wallet.events.ts';
import { type SlotRefusalReason, sessionProblem } from './slots.rules.ts';

/**
 * The operator's side of every provider's seamless wallet, whatever the protocol: the adapters (pg, evo, bg)
 * read their provider's message, call these, and answer in their provider's words. Every callback is one
 * database transaction that starts by locking the player's row (the first lock of every money path,
 * docs/ledger.md), so copies of one provider transaction run one after the other and the later ones find the
 * first one's row and answer its answer. Stakes and wins go through modules/stakes like every other product.
 */

/** A refusal the protocol answers with its own code; the player's balance is part of most refusals. */
export class SlotRefusal extends Error {
  readonly reason: SlotRefusalReason;
  balanceCents: bigint | undefined;
  constructor(reason: SlotRefusalReason, balanceCents?: bigint) {
    super(`slots: ${reason}`);
    this.reason = reason;
    this.balanceCents = balanceCents;
  }
}

export interface SlotSession {
  id: bigint;
  token: string;
  userId: bigint;
  provider: SlotProvider;
  gameCode: string;
  expiresAt: Date;
  closedAt: Date | null;
}

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

const product = (provider: SlotProvider): StakeProduct => ({ code: 'slots', provider });

export async function findSession(
  db: AppContext['db'] | Tx,
  provider: SlotProvider,
  token: string,
): Promise<SlotSession | undefined> {
  if (token.length < 32 || token.length > 64) return undefined;
  const row = await db
    .selectFrom('slot_sessions')
    .select(['id', 'token', 'user_id', 'provider', 'game_code', 'expires_at', 'closed_at'])
    .where('token', '=', token)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    token: row.token,
    userId: row.user_id,
    provider: row.provider,
    gameCode: row.game_code,
    expiresAt: row.expires_at,
    closedAt: row.closed_at,
  };
}

/** The balance a provider sees: cash and bonus together (a stake takes cash first, then bonus). */
export async function walletBalance(trx: Tx | AppContext['db'], userId: bigint): Promise<bigint> {
  const { cashCents, bonusCents } = await playerBalances(trx as Tx, userId);
  return cashCents + bonusCents;
}

async function lockPlayer(trx: Tx, userId: bigint): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * A refusal leaves nothing behind (its transaction rolls back); the answer still carries the player's balance,
 * read afresh after the rollback.
 */
async function withBalanceOnRefusal<T>(ctx: AppContext, userId: bigint, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal =
      error instanceof SlotRefusal
        ? error
        : error instanceof DomainError && error.code === 'INSUFFICIENT_FUNDS'
          ? new SlotRefusal('insufficient_funds')
          : undefined;
    if (!refusal) throw error;
    refusal.balanceCents = await walletBalance(ctx.db, userId);
    throw refusal;
  }
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
    ctx.db.transaction().execute(async (trx) => {
      await lockPlayer(trx, session.userId);
      return playIn(trx, session, input);
    }),
  );
  if (result.movements.some((movement) => !movement.replayed)) await pushBalance(ctx, session.userId);
  return result;
}

/**
 * The movements of a play and then rollbacks, all in one transaction (BGaming's requests mix them): a refusal of
 * any of them leaves nothing of the others behind.
 */
export async function playAndRollback(
  ctx: AppContext,
  session: SlotSession,
  input: PlayInput | undefined,
  rollbacks: RollbackInput[],
): Promise<{ play: PlayResult | undefined; rollbacks: RollbackResult[]; balanceCents: bigint }> {
  const result = await withBalanceOnRefusal(ctx, session.userId, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockPlayer(trx, session.userId);
      const played = input ? await playIn(trx, session, input) : undefined;
      const undone: RollbackResult[] = [];
      for (const item of rollbacks) undone.push(await rollbackIn(trx, session, item));
      const balanceCents =
        undone.at(-1)?.balanceCents ?? played?.balanceCents ?? (await walletBalance(trx, session.userId));
      return { play: played, rollbacks: undone, balanceCents };
    }),
  );
  const moved =
    result.play?.movements.some((movement) => !movement.replayed) ||
    result.rollbacks.some((item) => !item.replayed && item.refundedCents > 0n);
  if (moved) await pushBalance(ctx, session.userId);
  return result;
}

async function playIn(trx: Tx, session: SlotSession, input: PlayInput): Promise<PlayResult> {
  const done: MovementResult[] = [];
  let round: { id: bigint; status: string; session_id: bigint } | undefined;
  for (const movement of input.movements) {
    const earlier = await trx
      .selectFrom('slot_transactions')
      .select(['id', 'kind', 'user_id', 'balance_cents'])
      .where('provider', '=', session.provider)
      .where('provider_tx_id', '=', movement.txId)
      .executeTakeFirst();
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
    round ??= await openRound(trx, session, input.roundRef, movement.kind, problem);
    // On a closed or expired session only the rounds it opened still settle.
    if (problem && round.session_id !== session.id) throw new SlotRefusal(problem);
    if (round.status !== 'open') {
      throw new SlotRefusal(round.status === 'rolled_back' ? 'round_rolled_back' : 'round_closed');
    }
    done.push(
      movement.kind === 'debit'
        ? await debit(trx, session, round.id, movement)
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
  sessionProblemNow?: SlotRefusalReason,
): Promise<{ id: bigint; status: string; session_id: bigint }> {
  const existing = () =>
    trx
      .selectFrom('slot_rounds')
      .select(['id', 'status', 'user_id', 'session_id'])
      .where('provider', '=', session.provider)
      .where('round_ref', '=', roundRef)
      .forUpdate()
      .executeTakeFirst();
  const mine = (round: { id: bigint; status: string; user_id: bigint; session_id: bigint }) => {
    if (round.user_id !== session.userId) throw new SlotRefusal('round_unknown');
    return round;
  };
  const found = await existing();
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

async function refusedBefore(trx: Tx, provider: SlotProvider, txId: string): Promise<boolean> {
  const tombstone = await trx
    .selectFrom('slot_transactions')
    .select('id')
    .where('provider', '=', provider)
    .where('kind', '=', 'rollback')
    .where('target_tx_id', '=', txId)
    .executeTakeFirst();
  return tombstone !== undefined;
}

async function debit(
  trx: Tx,
  session: SlotSession,
  roundId: bigint,
  movement: Movement,
): Promise<MovementResult> {
  if (await refusedBefore(trx, session.provider, movement.txId)) throw new SlotRefusal('debit_rolled_back');
  // The back office's stop and bet maximum hold for provider games too (the provider's own limits may differ).
  const game = await trx
    .selectFrom('game_catalog')
    .select(['stop', 'bet_max_cents'])
    .where('code', '=', session.gameCode)
    .executeTakeFirst();
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
      product: product(session.provider),
      amountCents: movement.amountCents,
      record: async (split) => (await insert(split, -1n)).id,
    });
    id = taken.betId;
    balanceCents = taken.cashCents + taken.bonusCents;
    await trx
      .updateTable('slot_transactions')
      .set({ balance_cents: balanceCents })
      .where('id', '=', id)
      .execute();
  }
  await trx
    .updateTable('slot_rounds')
    .set((eb) => ({ stake_cents: eb('stake_cents', '+', movement.amountCents) }))
    .where('id', '=', roundId)
    .execute();
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
    product: product(session.provider),
    betId: row.id,
    payoutCents: movement.amountCents,
  });
  const balanceCents = await walletBalance(trx, session.userId);
  await trx
    .updateTable('slot_transactions')
    .set({ balance_cents: balanceCents })
    .where('id', '=', row.id)
    .execute();
  await trx
    .updateTable('slot_rounds')
    .set((eb) => ({ win_cents: eb('win_cents', '+', movement.amountCents) }))
    .where('id', '=', roundId)
    .execute();
  return { txId: movement.txId, id: row.id, replayed: false, balanceCents };
}

export interface RollbackInput {
  /** The rollback's own provider id (its idempotency key). */
  txId: string;
  /** The provider id of the debit it undoes. */
  targetTxId: string;
}

export interface RollbackResult {
  id: bigint;
  replayed: boolean;
  /** What came back to the player (0 when the debit was unknown or already returned). */
  refundedCents: bigint;
  balanceCents: bigint;
}

/**
 * Returns a debit once. A rollback of a debit not (yet) seen is remembered, so the late debit is refused; a
 * second rollback of the same debit returns nothing. The debit's round is then rolled back: its later wins are
 * refused. A debit whose round is over or has paid a win is not returned (`round_settled`): the stake bought that
 * outcome, and giving it back would leave the player the stake and the win. A rollback is accepted on a closed or
 * expired session: it only gives the player's money back.
 */
export async function rollback(
  ctx: AppContext,
  session: SlotSession,
  input: RollbackInput,
): Promise<RollbackResult> {
  const result = await withBalanceOnRefusal(ctx, session.userId, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockPlayer(trx, session.userId);
      return rollbackIn(trx, session, input);
    }),
  );
  if (!result.replayed && result.refundedCents > 0n) await pushBalance(ctx, session.userId);
  return result;
}

async function rollbackIn(trx: Tx, session: SlotSession, input: RollbackInput): Promise<RollbackResult> {
  const earlier = await trx
    .selectFrom('slot_transactions')
    .select(['id', 'kind', 'user_id', 'amount_cents', 'balance_cents'])
    .where('provider', '=', session.provider)
    .where('provider_tx_id', '=', input.txId)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.kind !== 'rollback' || earlier.user_id !== session.userId)
      throw new SlotRefusal('duplicate_mismatch');
    return {
      id: earlier.id,
      replayed: true,
      refundedCents: earlier.amount_cents,
      balanceCents: earlier.balance_cents,
    };
  }
  const target = await trx
    .selectFrom('slot_transactions')
    .select([
      'id',
      'kind',
      'user_id',
      'round_id',
      'amount_cents',
      'from_cash_cents',
      'from_bonus_cents',
      'rolled_back',
    ])
    .where('provider', '=', session.provider)
    .where('provider_tx_id', '=', input.targetTxId)
    .forUpdate()
    .executeTakeFirst();
  if (target && (target.user_id !== session.userId || target.kind !== 'debit'))
    throw new SlotRefusal('rollback_target_invalid');
  let refundedCents = 0n;
  if (target && !target.rolled_back) {
    if (target.round_id !== null) {
      const round = await trx
        .selectFrom('slot_rounds')
        .select(['status', 'win_cents'])
        .where('id', '=', target.round_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (round.status === 'closed' || round.win_cents > 0n) throw new SlotRefusal('round_settled');
    }
    refundedCents = target.amount_cents;
    await refund(trx, session, target);
  }
  const balanceCents = await walletBalance(trx, session.userId);
  const row = await trx
    .insertInto('slot_transactions')
    .values({
      provider: session.provider,
      provider_tx_id: input.txId,
      kind: 'rollback',
      user_id: session.userId,
      round_id: target?.round_id ?? null,
      amount_cents: refundedCents,
      target_tx_id: input.targetTxId,
      balance_cents: balanceCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, replayed: false, refundedCents, balanceCents };
}

/** Gives a debit back to where it came from (cash and bonus as its split took them) and rolls its round back. */
async function refund(
  trx: Tx,
  session: SlotSession,
  target: {
    id: bigint;
    round_id: bigint | null;
    amount_cents: bigint;
    from_cash_cents: bigint;
    from_bonus_cents: bigint;
  },
): Promise<void> {
  await trx.updateTable('slot_transactions').set({ rolled_back: true }).where('id', '=', target.id).execute();
  if (target.round_id !== null) {
    await trx
      .updateTable('slot_rounds')
      .set((eb) => ({
        status: 'rolled_back',
        closed_at: new Date(),
        stake_cents: eb('stake_cents', '-', target.amount_cents),
      }))
      .where('id', '=', target.round_id)
      .execute();
  }
  if (target.amount_cents === 0n) return;
  const userId = session.userId;
  const postings = [
    { account: { kind: 'player_cash' as const, userId }, amountCents: target.from_cash_cents },
    { account: { kind: 'player_bonus' as const, userId }, amountCents: target.from_bonus_cents },
    { account: bookOf(product(session.provider)).house, amountCents: -target.amount_cents },
  ].filter((posting) => posting.amountCents !== 0n);
  await postTransaction(trx, {
    code: 'slots_refund',
    idempotencyKey: `slots_refund:${target.id}`,
    referenceType: 'slot_transaction',
    referenceId: target.id.toString(),
    postings,
  });
}

/**
 * Closes the player's open session (stopGame, offGame, a new launch): no new bets on it. Its open rounds stay
 * open and are settled by their provider (its win, end of round or rollback, accepted on the closed session):
 * refunding them here would let the player cancel a round whose outcome the provider has already decided.
 * Nothing moves, so nothing is pushed.
 */
export async function closeSession(ctx: AppContext, userId: bigint, gameCode?: string): Promise<boolean> {
  let query = ctx.db
    .updateTable('slot_sessions')
    .set({ closed_at: new Date() })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null);
  if (gameCode !== undefined) query = query.where('game_code', '=', gameCode);
  const session = await query.returning('id').executeTakeFirst();
  return session !== undefined;
}

/** Why the session cannot take new money now, if it cannot (closed or expired). */
export function sessionProblemOf(session: SlotSession): 'session_closed' | 'session_expired' | undefined {
  return sessionProblem(session, new Date());
}
