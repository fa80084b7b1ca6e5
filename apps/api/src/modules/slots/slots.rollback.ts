import type { AppContext } from '../../app-context.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import type { Tx } from '../../db/tx.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { bookOf } from '../stakes/stake.rules.ts';
import { SlotRefusal, slotsProduct, walletBalance, withBalanceOnRefusal } from './slots.callback.ts';
import type { SlotSession } from './slots.sessions.ts';
import { firstTrip, type PlayInput, type PlayResult, playIn, withSpeculation } from './slots.wallet.ts';

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
  if (!result.replayed && result.refundedCents > 0n)
    await ctx.events.publish('balanceChanged', { userId: session.userId });
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
    { account: bookOf(slotsProduct(session.provider)).house, amountCents: -target.amount_cents },
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
    withSpeculation((speculate) =>
      ctx.db.transaction().execute(async (trx) => {
        // The player's lock, with the play's first reads in the same trip when there is a play (slots.wallet.ts).
        let played: PlayResult | undefined;
        if (input)
          played = await playIn(trx, session, input, await firstTrip(trx, session, input, speculate));
        else await lockPlayer(trx, session.userId);
        const undone: RollbackResult[] = [];
        for (const item of rollbacks) undone.push(await rollbackIn(trx, session, item));
        const balanceCents =
          undone.at(-1)?.balanceCents ?? played?.balanceCents ?? (await walletBalance(trx, session.userId));
        return { play: played, rollbacks: undone, balanceCents };
      }),
    ),
  );
  const moved =
    result.play?.movements.some((movement) => !movement.replayed) ||
    result.rollbacks.some((item) => !item.replayed && item.refundedCents > 0n);
  if (moved) await ctx.events.publish('balanceChanged', { userId: session.userId });
  return result;
}
