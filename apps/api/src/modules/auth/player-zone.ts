import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';

/** How long a player's recorded zone stays fixed before a request from another zone may move it. */
export const ZONE_CHANGE_INTERVAL_DAYS = 7;

/**
 * The zone of the player's own day (daily limits, sign-in), in minutes east of UTC. It is recorded on the
 * account from `zone` at registration and follows the client's `zone` at most once a week (api-contract
 * section 1): a client that changes `zone` cannot start a new "today" whenever it likes.
 */
export async function playerZoneMinutes(
  trx: Tx,
  userId: bigint,
  requested: number | undefined,
): Promise<number> {
  if (requested !== undefined) {
    const moved = await trx
      .updateTable('users')
      .set({ zone_minutes: requested, zone_changed_at: sql`now()` })
      .where('id', '=', userId)
      .where('zone_minutes', '<>', requested)
      .where(
        sql<boolean>`coalesce(zone_changed_at, created_at) <= now() - make_interval(days => ${ZONE_CHANGE_INTERVAL_DAYS})`,
      )
      .returning('zone_minutes')
      .executeTakeFirst();
    if (moved) return moved.zone_minutes;
  }
  const row = await trx
    .selectFrom('users')
    .select('zone_minutes')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.zone_minutes;
}

/** The start of the player's "today", as SQL, for a zone in minutes east of UTC. */
export const startOfPlayerDay = (zoneMinutes: number) =>
  sql<Date>`(date_trunc('day', (now() AT TIME ZONE 'UTC') + make_interval(mins => ${zoneMinutes}))
             - make_interval(mins => ${zoneMinutes})) AT TIME ZONE 'UTC'`;
