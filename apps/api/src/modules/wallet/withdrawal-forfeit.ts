import type { Tx } from '../../db/tx.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import type { UnreleasedBonus } from './withdrawals.rules.ts';

/**
 * Decision 0029: a withdrawal ends the bonus cycle. In the withdrawal's own database transaction, under the player's
 * row lock the caller holds: the unreleased bonus goes back to what bonuses cost the house (`bonus_forfeit`, keyed by
 * the withdrawal's order, so it happens once), and the wagering still owed is dropped with it.
 */
export async function forfeitBonus(
  trx: Tx,
  userId: bigint,
  orderId: bigint,
  bonus: UnreleasedBonus,
): Promise<void> {
  // The player's row before the ledger accounts (docs/ledger.md, lock order).
  await trx
    .updateTable('users')
    .set({ wagering_remaining_cents: 0n, wagering_total_cents: 0n })
    .where('id', '=', userId)
    .execute();
  if (!bonus) return;
  await postTransaction(trx, {
    code: 'bonus_forfeit',
    idempotencyKey: `bonus_forfeit:${orderId}`,
    referenceType: 'order',
    referenceId: orderId.toString(),
    postings: [
      { account: { kind: 'player_bonus', userId }, amountCents: -bonus.bonusCents },
      { account: { kind: 'house_bonus_cost', name: 'forfeit' }, amountCents: bonus.bonusCents },
    ],
  });
}
