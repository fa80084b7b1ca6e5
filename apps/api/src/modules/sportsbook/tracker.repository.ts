import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import type { FeedMatchEvent, FeedTrackerUpdate } from './tracker.types.ts';

/** SQL of the live match tracker (decision 0064): the feed's events per match and its possession figure. */

export interface TrackerEventRow {
  minute: number;
  kind: FeedMatchEvent['kind'];
  side: 'home' | 'away' | null;
  detail: 'yellow' | 'red' | null;
}

/** A stored event with its number in the match (1 for the first): a page tells a missed push from a repeat. */
export interface NumberedEventRow extends TrackerEventRow {
  seq: number;
}

/**
 * Stores what the feed reported, in the caller's transaction (the match is locked), and answers the events that
 * are new, numbered in the match: the ones to push once the transaction has committed. A repeated delivery
 * inserts nothing. The lock makes the numbers follow the ids: no other transaction adds events to the match.
 */
export async function recordTracker(
  trx: Tx,
  matchId: bigint,
  update: FeedTrackerUpdate,
): Promise<NumberedEventRow[]> {
  let inserted: NumberedEventRow[] = [];
  if (update.events.length > 0) {
    const before = await countEvents(trx, matchId);
    const result = await sql<TrackerEventRow & { id: bigint }>`
      INSERT INTO sports_match_events (match_id, feed_key, minute, kind, side, detail)
      SELECT ${matchId}, e.key, e.minute, e.kind, e.side, e.detail
        FROM unnest(${update.events.map((item) => item.key)}::text[], ${update.events.map((item) => item.minute)}::int[],
                    ${update.events.map((item) => item.kind)}::text[], ${update.events.map((item) => item.side)}::text[],
                    ${update.events.map((item) => item.detail ?? null)}::text[])
             AS e(key, minute, kind, side, detail)
      ON CONFLICT (match_id, feed_key) DO NOTHING
      RETURNING id, minute, kind, side, detail`.execute(trx);
    inserted = result.rows
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(({ id: _id, ...row }, index) => ({ ...row, seq: before + index + 1 }));
  }
  if (update.possessionHome !== undefined) {
    await sql`
      INSERT INTO sports_match_tracker (match_id, possession_home) VALUES (${matchId}, ${update.possessionHome})
      ON CONFLICT (match_id) DO UPDATE SET possession_home = EXCLUDED.possession_home, updated_at = now()
       WHERE sports_match_tracker.possession_home <> EXCLUDED.possession_home`.execute(trx);
  }
  return inserted;
}

export async function countEvents(db: Db | Tx, matchId: bigint): Promise<number> {
  const row = await db
    .selectFrom('sports_match_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('match_id', '=', matchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A match's events in order (bounded: a football match has a few hundred at most). */
export async function trackerEvents(db: Db | Tx, matchId: bigint, limit = 1000): Promise<TrackerEventRow[]> {
  return db
    .selectFrom('sports_match_events')
    .select(['minute', 'kind', 'side', 'detail'])
    .where('match_id', '=', matchId)
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<TrackerEventRow[]>;
}

export async function trackerPossession(db: Db | Tx, matchId: bigint): Promise<number | undefined> {
  const row = await db
    .selectFrom('sports_match_tracker')
    .select('possession_home')
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  return row?.possession_home;
}
