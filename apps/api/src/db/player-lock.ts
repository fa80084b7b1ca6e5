import { notFound } from '../lib/domain-error.ts';
import type { Tx } from './tx.ts';

/**
 * Locks the player's row: the first lock of every money path (docs/ledger.md), so one player's calls that move
 * or decide on money run one after the other. An unknown player is "not found". Shared by every module that
 * moves money (rg, stakes' callers, slots, engagement, invite), so it sits below them.
 */
export async function lockPlayer(trx: Tx, userId: bigint): Promise<void> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
}
