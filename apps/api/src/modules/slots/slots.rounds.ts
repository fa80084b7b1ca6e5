import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/**
 * True while one of the player's slot rounds begun in the last `lockMinutes` is open: a provider holds part of
 * the player's money.
 */
export async function roundOpen(db: Db | Tx, userId: bigint, lockMinutes: number): Promise<boolean> {
  const row = await db
    .selectFrom('slot_rounds')
    .select('id')
    .where('user_id', '=', userId)
    // A literal: the partial index slot_rounds_open (status = 'open') serves a prepared statement's generic plan.
    .where('status', '=', sql.lit('open'))
    // A round older than a session's lifetime is stuck at the provider, not in play: it stays open for the
    // provider to settle, but no longer keeps the player from their money (decision 0023).
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${lockMinutes})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
