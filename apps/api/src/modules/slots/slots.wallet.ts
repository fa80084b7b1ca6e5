import type { AppContext } from '../../app-context.ts';
import { inOneTrip, type Statement } from '../../db/one-trip.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import type { Tx } from '../../db/tx.ts';
import { notFound } from '../../lib/domain-error.ts';
import { SlotRefusal, walletBalance, withBalanceOnRefusal } from './slots.callback.ts';
import {
  type CreditFunds,
  credit,
  creditFunds,
  debit,
  nextTxId,
  openRound,
  type StakeTrip,
  stakingOf,
} from './slots.movements.ts';
import { sessionProblem } from './slots.rules.ts';
import type { SlotSession } from './slots.sessions.ts';
import {
  catalogRow,
  earlierCopy,
  lockedAccounts,
  type OpenRound,
  playerLock,
  type RoundRow,
  roundInsert,
  roundOf,
  sessionState,
  tombstoneOf,
} from './slots.statements.ts';

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
    withSpeculation((speculate) =>
      ctx.db
        .transaction()
        .execute(async (trx) => playIn(trx, session, input, await firstTrip(trx, session, input, speculate))),
    ),
  );
  if (result.movements.some((movement) => !movement.replayed))
    await ctx.events.publish('balanceChanged', { userId: session.userId });
  return result;
}

/**
 * What the callback's first movement reads before it moves anything, read in ONE trip with the player's lock
 * (which PostgreSQL takes first: the reads after it see what the player's earlier callbacks committed): the
 * movement's earlier copy, the round (locked), the debit's rollback tombstone and the game's catalogue row, and for
 * a credit the player's accounts (locked after the round, in the ledger's lock order) and its row's id. The same
 * statements the movement would send one at a time; a later movement of the callback reads its own.
 */
export interface FirstReads {
  txId: string;
  earlier: { id: bigint; kind: string; user_id: bigint; balance_cents: bigint } | undefined;
  round: RoundRow | undefined;
  refused: boolean;
  game: { stop: boolean; bet_max_cents: bigint } | undefined;
  funds: CreditFunds | undefined;
  /** The session's state as committed before the player's lock (it may have closed since the callback began). */
  state: Pick<SlotSession, 'expiresAt' | 'closedAt'> | undefined;
  /** A debit's speculative round insert (the round, when it was new) and stake opening (`withSpeculation`). */
  opened?: { round: OpenRound | undefined; stake: StakeTrip };
}

/**
 * The first trip of a callback whose first movement is a new debit also opens its stake, inserts its round when
 * new and draws its row's id (slots.movements.ts), as if the debit went ahead: a refusal rolls all of it back. A
 * copy of a debit already done commits, so it must not keep them: the callback then runs again without them.
 */
export class SpeculationMissed extends Error {}

export async function withSpeculation<T>(attempt: (speculate: boolean) => Promise<T>): Promise<T> {
  try {
    return await attempt(true);
  } catch (error) {
    if (!(error instanceof SpeculationMissed)) throw error;
    return attempt(false);
  }
}

export async function firstTrip(
  trx: Tx,
  session: SlotSession,
  input: PlayInput,
  speculate = false,
): Promise<FirstReads | undefined> {
  const first = input.movements[0];
  if (!first) {
    await lockPlayer(trx, session.userId);
    return undefined;
  }
  const credit = first.kind === 'credit';
  const staking = speculate ? stakingOf(session, first) : undefined;
  // After the reads, in the ledger's lock order (the player's row, the round, then the player's accounts).
  const more: Statement<unknown>[] = credit
    ? [lockedAccounts(trx, session.userId), nextTxId()]
    : staking
      ? [roundInsert(trx, session, input.roundRef, first.amountCents), staking.statement, nextTxId()]
      : [];
  const [player, state, earlier, round, tombstone, game, ...rest] = await inOneTrip(trx, [
    playerLock(trx, session.userId),
    sessionState(trx, session.id),
    earlierCopy(trx, session.provider, first.txId),
    roundOf(trx, session.provider, input.roundRef),
    tombstoneOf(trx, session.provider, first.txId),
    catalogRow(trx, session.gameCode),
    ...more,
  ]);
  if (player.length === 0) throw notFound();
  const extra = rest as unknown[][];
  return {
    txId: first.txId,
    earlier: earlier[0],
    round: round[0],
    refused: tombstone.length > 0,
    game: game[0],
    funds: credit ? creditFunds(extra[0] as never, extra[1] as never) : undefined,
    state: state[0] && { expiresAt: state[0].expires_at, closedAt: state[0].closed_at },
    opened: staking && {
      round: extra[0]![0] as OpenRound | undefined,
      stake: { staking, rows: extra[1] as never, id: BigInt((extra[2]![0] as { id: string }).id) },
    },
  };
}

/** `first` (the callback's first trip) answers the first movement's reads; any other movement reads its own. */
export async function playIn(
  trx: Tx,
  session: SlotSession,
  input: PlayInput,
  first?: FirstReads,
): Promise<PlayResult> {
  const done: MovementResult[] = [];
  // The session's state read with the player's lock, not the one the adapter found (possibly from memory).
  const current = first?.state ? { ...session, ...first.state } : session;
  let round: OpenRound | undefined;
  let closed = false;
  for (const [index, movement] of input.movements.entries()) {
    const reads = index === 0 && first?.txId === movement.txId ? first : undefined;
    const earlier = reads
      ? reads.earlier
      : await earlierCopy(trx, session.provider, movement.txId).executeTakeFirst();
    if (earlier) {
      if (earlier.kind !== movement.kind || earlier.user_id !== session.userId)
        throw new SlotRefusal('duplicate_mismatch');
      if (reads?.opened) throw new SpeculationMissed();
      done.push({ txId: movement.txId, id: earlier.id, replayed: true, balanceCents: earlier.balance_cents });
      continue;
    }
    const problem = sessionProblem(current, new Date());
    if (problem && movement.kind === 'debit') throw new SlotRefusal(problem);
    const staking = stakingOf(session, movement);
    let opened: Awaited<ReturnType<typeof openRound>> | undefined;
    if (!round) {
      opened = await openRound(trx, session, { roundRef: input.roundRef, movement, problem }, reads, staking);
      round = opened.round;
    }
    // On a closed or expired session only the rounds it opened still settle.
    if (problem && round.session_id !== session.id) throw new SlotRefusal(problem);
    if (round.status !== 'open') {
      throw new SlotRefusal(round.status === 'rolled_back' ? 'round_rolled_back' : 'round_closed');
    }
    // The provider's end of round goes with the last movement's round total.
    const close = input.endRound && index === input.movements.length - 1;
    done.push(
      movement.kind === 'debit'
        ? await debit(trx, session, round.id, movement, {
            reads,
            staking,
            stake: opened?.stake,
            counted: opened?.counted ?? false,
            close,
          })
        : await credit(trx, session, round.id, movement, { funds: reads?.funds, close }),
    );
    closed ||= close;
  }
  if (input.endRound && !closed) await closeRound(trx, session, input.roundRef, round);
  const balanceCents = done.length > 0 ? done.at(-1)!.balanceCents : await walletBalance(trx, session.userId);
  return { balanceCents, movements: done };
}

/** The end of a round whose last movement did not close it (a copy, or no movement at all). */
async function closeRound(trx: Tx, session: SlotSession, roundRef: string, known: OpenRound | undefined) {
  const round =
    known ??
    (await trx
      .selectFrom('slot_rounds')
      .select(['id', 'status', 'session_id'])
      .where('provider', '=', session.provider)
      .where('round_ref', '=', roundRef)
      .where('user_id', '=', session.userId)
      .forUpdate()
      .executeTakeFirst());
  if (round?.status !== 'open') return;
  await trx
    .updateTable('slot_rounds')
    .set({ status: 'closed', closed_at: new Date() })
    .where('id', '=', round.id)
    .execute();
}
