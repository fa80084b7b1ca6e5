import type { ScoreDetail, SportCode } from '@aposta/sports';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import type { MatchRecord } from './match.types.ts';

/** SQL of the catalogue: sports, leagues, matches, markets and selections. */

export type Executor = Db | Tx;

export const matchColumns = [
  'm.id',
  'm.sport',
  'l.name as league',
  'm.home',
  'm.away',
  'm.start_time',
  'm.period',
  'm.score_home',
  'm.score_away',
  'm.half_time_home',
  'm.half_time_away',
  'm.corners_home',
  'm.corners_away',
  'm.half_time_corners_home',
  'm.half_time_corners_away',
  'm.overtime_home',
  'm.overtime_away',
  'm.winner',
  'm.score_detail',
  'm.runners',
  'm.feed',
  'm.state_version',
] as const;

/** A match as the catalogue reads it: the match row (`MatchRecord`, the one declaration) with its league's name. */
export type MatchRow = Omit<
  MatchRecord,
  'league_id' | 'external_id' | 'feed_meta' | 'created_at' | 'updated_at'
> & { league: string };

export async function countMatchesBySport(db: Db) {
  const result = await sql<{ sport: string; live: string; upcoming: string }>`
    SELECT s.code AS sport,
           count(m.id) FILTER (WHERE m.period BETWEEN 1 AND 5)::text AS live,
           count(m.id) FILTER (WHERE m.period = 0)::text AS upcoming
      FROM sports s LEFT JOIN sports_matches m ON m.sport = s.code AND m.period BETWEEN 0 AND 5
     GROUP BY s.code, s.sort ORDER BY s.sort`.execute(db);
  return result.rows.map((row) => ({
    sport: row.sport,
    live: Number(row.live),
    upcoming: Number(row.upcoming),
  }));
}

export interface MatchFilter {
  sport: SportCode | undefined;
  live: 0 | 1 | undefined;
  offset: number;
  limit: number;
}

/** Matches still to play or playing, live first then by kick-off. */
export async function listOpenMatches(
  db: Db,
  filter: MatchFilter,
): Promise<{ rows: MatchRow[]; total: number }> {
  let query = db
    .selectFrom('sports_matches as m')
    .innerJoin('sports_leagues as l', 'l.id', 'm.league_id')
    .where('m.period', '>=', 0)
    .where('m.period', '<=', 5);
  if (filter.sport) query = query.where('m.sport', '=', filter.sport);
  if (filter.live === 1) query = query.where('m.period', '>=', 1);
  if (filter.live === 0) query = query.where('m.period', '=', 0);
  const [rows, count] = await Promise.all([
    query
      .select(matchColumns)
      .orderBy(sql`m.period = 0`)
      .orderBy('m.start_time')
      .orderBy('m.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MatchRow[], total: Number(count.n) };
}

export async function findMatch(db: Executor, matchId: bigint): Promise<MatchRow | undefined> {
  const row = await db
    .selectFrom('sports_matches as m')
    .innerJoin('sports_leagues as l', 'l.id', 'm.league_id')
    .select(matchColumns)
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  return row as MatchRow | undefined;
}

export async function ensureLeague(db: Executor, sport: SportCode, name: string): Promise<bigint> {
  await db
    .insertInto('sports_leagues')
    .values({ sport, name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('sports_leagues')
    .select('id')
    .where('sport', '=', sport)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewMatch {
  sport: SportCode;
  leagueId: bigint;
  home: string;
  away: string;
  startTime: Date;
  feed: string;
  externalId: string | null;
  feedMeta: unknown;
  /** Racing: the field of an outright event. */
  runners?: readonly { id: string; name: string }[] | undefined;
}

/** Inserts a match; a feed's match already known by (feed, externalId) is not inserted twice (undefined). */
export async function insertMatch(db: Executor, match: NewMatch): Promise<bigint | undefined> {
  const row = await db
    .insertInto('sports_matches')
    .values({
      sport: match.sport,
      league_id: match.leagueId,
      home: match.home,
      away: match.away,
      start_time: match.startTime,
      feed: match.feed,
      external_id: match.externalId,
      feed_meta: match.feedMeta === null ? null : JSON.stringify(match.feedMeta),
      runners: match.runners ? JSON.stringify(match.runners) : null,
      half_time_home: null,
      half_time_away: null,
      corners_home: null,
      corners_away: null,
      half_time_corners_home: null,
      half_time_corners_away: null,
      overtime_home: null,
      overtime_away: null,
      winner: null,
    })
    .onConflict((oc) => oc.columns(['feed', 'external_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Locks a match for a writer: writers lock the match first, then its markets (placement does the same). */
export async function lockMatch(trx: Tx, matchId: bigint): Promise<boolean> {
  const row = await trx
    .selectFrom('sports_matches')
    .select('id')
    .where('id', '=', matchId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export interface MatchStateWrite {
  period: number;
  score: { home: number; away: number };
  halfTimeScore: { home: number; away: number } | null;
  corners: { home: number; away: number } | null;
  halfTimeCorners: { home: number; away: number } | null;
  scoreAfterOvertime: { home: number; away: number } | null;
  winner: 'home' | 'away' | 'draw' | null;
  /** The sport's own account of the score; omitted (operator calls) keeps what is stored. */
  scoreDetail?: ScoreDetail | null;
}

/** Writes a match state, bumping its version; returns the new version. */
export async function updateMatchState(trx: Tx, matchId: bigint, state: MatchStateWrite): Promise<number> {
  const row = await trx
    .updateTable('sports_matches')
    .set({
      period: state.period,
      score_home: state.score.home,
      score_away: state.score.away,
      half_time_home: state.halfTimeScore?.home ?? null,
      half_time_away: state.halfTimeScore?.away ?? null,
      corners_home: state.corners?.home ?? null,
      corners_away: state.corners?.away ?? null,
      half_time_corners_home: state.halfTimeCorners?.home ?? null,
      half_time_corners_away: state.halfTimeCorners?.away ?? null,
      overtime_home: state.scoreAfterOvertime?.home ?? null,
      overtime_away: state.scoreAfterOvertime?.away ?? null,
      winner: state.winner,
      ...(state.scoreDetail !== undefined && {
        score_detail: state.scoreDetail === null ? null : JSON.stringify(state.scoreDetail),
      }),
      state_version: sql`state_version + 1`,
      updated_at: sql`now()`,
    })
    .where('id', '=', matchId)
    .returning('state_version')
    .executeTakeFirstOrThrow();
  return row.state_version;
}
