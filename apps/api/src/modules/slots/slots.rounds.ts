import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** True while one of the player's slot rounds is open: a provider holds part of the player's money. */
export async function roundOpen(db: Db | Tx, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('slot_rounds')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
