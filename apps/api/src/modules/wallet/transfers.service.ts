import type { AppContext } from '../../app-context.ts';
import { money } from '../../http/messages.ts';
import { DomainError, insufficientFunds, invalidInput, notFound } from '../../lib/domain-error.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { pushBalance } from './wallet.events.ts';
import { withdrawableCents } from './withdrawals.rules.ts';

export const TRANSFER_MIN_CENTS = 100n;

async function findRecipient(ctx: AppContext, toUser: string): Promise<bigint> {
  const target = toUser.trim().toLowerCase();
  let query = ctx.db.selectFrom('users').select('id').where('status', '=', 'active');
  query = /^\d{1,15}$/.test(target)
    ? query.where('id', '=', BigInt(target))
    : query.where('username', '=', target);
  const row = await query.executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'transfer.unknown_user');
  return row.id;
}

/**
 * Moves withdrawable cash to another player: both sides in one ledger transaction. Available funds are judged
 * like a withdrawal (cash less unmet wagering), so a bonus cannot be laundered through a friend.
 */
export async function transfer(
  ctx: AppContext,
  userId: bigint,
  input: { toUser: string; amountCents: bigint },
) {
  if (input.amountCents < TRANSFER_MIN_CENTS)
    throw invalidInput('transfer.minimum', { min: money(TRANSFER_MIN_CENTS) });
  const recipientId = await findRecipient(ctx, input.toUser);
  if (recipientId === userId) throw invalidInput('transfer.self');
  const transferId = await ctx.db.transaction().execute(async (trx) => {
    const sender = await trx
      .selectFrom('users')
      .select('wagering_remaining_cents')
      .where('id', '=', userId)
      // NO KEY UPDATE, not UPDATE: it serialises this player's money decisions without blocking the foreign-key
      // checks of rows that merely name the player (a transfer to them, their order); FOR UPDATE would, and two
      // opposite transfers then deadlock on each other's inserts.
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!sender) throw notFound();
    const { cashCents } = await playerBalances(trx, userId);
    if (withdrawableCents(cashCents, sender.wagering_remaining_cents) < input.amountCents)
      throw insufficientFunds();
    const row = await trx
      .insertInto('transfers')
      .values({ from_user_id: userId, to_user_id: recipientId, amount_cents: input.amountCents })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postTransaction(trx, {
      code: 'transfer',
      idempotencyKey: `transfer:${row.id}`,
      referenceType: 'transfer',
      referenceId: row.id.toString(),
      postings: [
        { account: { kind: 'player_cash', userId }, amountCents: -input.amountCents },
        { account: { kind: 'player_cash', userId: recipientId }, amountCents: input.amountCents },
      ],
    });
    return row.id;
  });
  await pushBalance(ctx, userId);
  await pushBalance(ctx, recipientId);
  return { transferId: Number(transferId) };
}
