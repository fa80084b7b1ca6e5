import { sql } from 'kysely';
import type { Db } from '../../../db/connection.ts';
import type { MarketStatus } from '../../../db/schema.sportsbook.ts';
import type { Tx } from '../../../db/tx.ts';
import type { MatchRecord } from '../match.types.ts';

/** SQL of the feed runner: a feed's running matches and bulk board writes. */

/** A feed's match as the runner compares it (a pick of `MatchRecord`, the one declaration of a match row). */
export type StoredFeedMatch = Omit<
  MatchRecord,
  | 'league_id'
  | 'home'
  | 'away'
  | 'external_id'
  | 'feed'
  | 'state_version'
  | 'created_at'
  | 'updated_at'
  | 'runners'
> & { external_id: string };

/** The feed's matches that have not ended (upcoming and live), oldest kick-off first; bounded. */
export async function runningFeedMatches(db: Db, feed: string, limit = 1000): Promise<StoredFeedMatch[]> {
  const result = await sql<StoredFeedMatch>`
    SELECT id, external_id, sport, start_time, period, score_home, score_away, half_time_home, half_time_away,
           corners_home, corners_away, half_time_corners_home, half_time_corners_away, overtime_home,
           overtime_away, winner, score_detail, feed_meta
      FROM sports_matches
     WHERE feed = ${feed} AND period BETWEEN 0 AND 5 AND external_id IS NOT NULL
     ORDER BY start_time, id LIMIT ${limit}`.execute(db);
  return result.rows;
}

export async function updateSelectionOdds(
  trx: Tx,
  changes: readonly { selectionId: bigint; oddsMilli: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    UPDATE sports_selections s SET odds_milli = u.odds
      FROM unnest(${changes.map((change) => change.selectionId.toString())}::bigint[],
                  ${changes.map((change) => change.oddsMilli)}::int[]) AS u(id, odds)
     WHERE s.id = u.id`.execute(trx);
}

/** Writes status and main-line flags, bumping each market's version (the match is locked by the caller). */
export async function updateMarkets(
  trx: Tx,
  changes: readonly { marketId: bigint; status: MarketStatus; isMain: boolean }[],
): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    UPDATE sports_markets m SET status = u.status, is_main = u.is_main, version = m.version + 1, updated_at = now()
      FROM unnest(${changes.map((change) => change.marketId.toString())}::bigint[],
                  ${changes.map((change) => change.status)}::text[],
                  ${changes.map((change) => change.isMain)}::boolean[]) AS u(id, status, is_main)
     WHERE m.id = u.id`.execute(trx);
}
