import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, DomainError, insufficientFunds, invalidInput, notFound } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import { withdrawableCents } from './withdrawals.rules.ts';

export const TRANSFER_MIN_CENTS = 100n;

/**
 * The recipient, by username or uId. Looked up only once the sender has shown the amount is covered, so the
 * answer to an uncovered amount is the same whether the name exists or not (no free directory of players).
 */
async function findRecipient(trx: Tx, toUser: string): Promise<{ id: bigint; testAccount: boolean }> {
  const target = toUser.trim().toLowerCase();
  let query = trx.selectFrom('users').select(['id', 'test_flag']).where('status', '=', 'active');
  query = /^\d{1,15}$/.test(target)
    ? query.where('id', '=', BigInt(target))
    : query.where('username', '=', target);
  const row = await query.executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'transfer.unknown_user');
  return { id: row.id, testAccount: row.test_flag };
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
  // br-licensed: no player-to-player transfers (api-contract section 17), before anything is looked at.
  if (ctx.config.regulatoryProfile === 'br-licensed') throw conflict('rg.transfers_off');
  if (input.amountCents < TRANSFER_MIN_CENTS)
    throw invalidInput('transfer.minimum', { min: money(TRANSFER_MIN_CENTS) });
  const { transferId, recipientId } = await ctx.db.transaction().execute(async (trx) => {
    const sender = await trx
      .selectFrom('users')
      .select(['wagering_remaining_cents', 'test_flag'])
      .where('id', '=', userId)
      // NO KEY UPDATE, not UPDATE: it serialises this player's money decisions without blocking the foreign-key
      // checks of rows that merely name the player (a transfer to them, their order); FOR UPDATE would, and two
      // opposite transfers then deadlock on each other's inserts.
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!sender) throw notFound();
    // A test account's balance is play money: it never leaves the account.
    if (sender.test_flag) throw new DomainError('WITHDRAWAL_REFUSED', 'wallet.play_money');
    const { cashCents } = await playerBalances(trx, userId);
    if (withdrawableCents(cashCents, sender.wagering_remaining_cents) < input.amountCents)
      throw insufficientFunds();
    const recipient = await findRecipient(trx, input.toUser);
    if (recipient.id === userId) throw invalidInput('transfer.self');
    // Nor does real money go in: a test account must stay a demo, never a place to park or mix money.
    if (recipient.testAccount) throw invalidInput('transfer.to_test_account');
    const recipientId = recipient.id;
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
    return { transferId: row.id, recipientId };
  });
  await ctx.events.publish('balanceChanged', { userId });
  await ctx.events.publish('balanceChanged', { userId: recipientId });
  return { transferId: Number(transferId) };
}
