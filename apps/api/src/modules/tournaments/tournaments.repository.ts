import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import type { ScoreRow } from './tournaments.rules.ts';

/** SQL of tournaments and missions: scores and progress read from the in-house games' settled bets. */

export interface TournamentRow {
  id: bigint;
  name: string;
  games: string[];
  scoring: 'stake' | 'multiplier';
  min_stake_cents: bigint;
  starts_at: Date;
  ends_at: Date;
  prizes_cents: bigint[];
  status: string;
  created_by: string;
  paid_at: Date | null;
}

const TOURNAMENT_COLUMNS = sql`id, name, games, scoring, min_stake_cents, starts_at, ends_at,
  prizes_cents::text[] AS prizes_cents, status, created_by, paid_at`;

const tournamentOf = (row: TournamentRow & { prizes_cents: unknown }): TournamentRow => ({
  ...row,
  prizes_cents: (row.prizes_cents as unknown as string[]).map(BigInt),
});

export async function findTournament(
  db: Db | Tx,
  id: bigint,
  lock = false,
): Promise<TournamentRow | undefined> {
  const result = await sql<TournamentRow>`
    SELECT ${TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`.execute(
    db,
  );
  return result.rows[0] && tournamentOf(result.rows[0]);
}

/** Tournaments still running or ended within the last `days` days, the soonest to end first. */
export async function recentTournaments(db: Db | Tx, since: Date, limit = 50): Promise<TournamentRow[]> {
  const result = await sql<TournamentRow>`
    SELECT ${TOURNAMENT_COLUMNS} FROM tournaments
     WHERE status <> 'cancelled' AND ends_at >= ${since}
     ORDER BY ends_at, id LIMIT ${limit}`.execute(db);
  return result.rows.map(tournamentOf);
}

/** Open tournaments whose period is over: the prize run's work list. */
export async function endedUnpaid(db: Db, now: Date): Promise<bigint[]> {
  const rows = await db
    .selectFrom('tournaments')
    .select('id')
    .where('status', '=', 'open')
    .where('ends_at', '<=', now)
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Every player's score in the tournament: the stakes of their settled bets of its games in its period (and when
 * the sum was reached), or the best multiplier a bet of at least the minimum stake paid (and when, first).
 */
export async function tournamentScores(db: Db | Tx, t: TournamentRow): Promise<ScoreRow[]> {
  const where = sql`game::text = ANY(${t.games}::text[]) AND status = 'settled'
    AND settled_at >= ${t.starts_at} AND settled_at < ${t.ends_at} AND amount_cents >= ${t.min_stake_cents}`;
  const result =
    t.scoring === 'stake'
      ? await sql<{ user_id: bigint; score: string; reached_at: Date }>`
          SELECT user_id, sum(amount_cents)::text AS score, max(settled_at) AS reached_at
            FROM game_bets WHERE ${where} GROUP BY user_id`.execute(db)
      : await sql<{ user_id: bigint; score: string; reached_at: Date }>`
          SELECT DISTINCT ON (user_id) user_id, (payout_cents * 100 / amount_cents)::text AS score,
                 settled_at AS reached_at
            FROM game_bets WHERE ${where} AND payout_cents > 0
           ORDER BY user_id, payout_cents * 100 / amount_cents DESC, settled_at`.execute(db);
  return result.rows.map((row) => ({
    userId: BigInt(row.user_id),
    score: BigInt(row.score),
    reachedAt: new Date(row.reached_at),
  }));
}

export async function usernames(db: Db | Tx, userIds: readonly bigint[]): Promise<Map<bigint, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

export interface MissionRow {
  id: bigint;
  name: string;
  game: string;
  min_multiplier_hundredths: number;
  min_stake_cents: bigint;
  target_count: number;
  reward_cents: bigint;
  starts_at: Date;
  ends_at: Date;
  created_by: string;
  counted: number;
  claimed: boolean;
}

/**
 * Missions still open (or ended within the claim window), each with the player's counted bets: settled bets of its
 * game in its period, of at least the minimum stake, that paid at least the minimum multiple of their stake.
 */
export async function missionsWithProgress(
  db: Db | Tx,
  userId: bigint | null,
  since: Date,
  missionId?: bigint,
): Promise<MissionRow[]> {
  const result = await sql<MissionRow & { counted: string }>`
    SELECT m.id, m.name, m.game, m.min_multiplier_hundredths, m.min_stake_cents, m.target_count, m.reward_cents,
           m.starts_at, m.ends_at, m.created_by,
           (SELECT count(*) FROM game_bets b
             WHERE b.user_id = ${userId} AND b.game::text = m.game AND b.status = 'settled'
               AND b.settled_at >= m.starts_at AND b.settled_at < m.ends_at
               AND b.amount_cents >= m.min_stake_cents
               AND b.payout_cents * 100 >= m.min_multiplier_hundredths * b.amount_cents)::text AS counted,
           EXISTS (SELECT 1 FROM mission_claims c WHERE c.mission_id = m.id AND c.user_id = ${userId}) AS claimed
      FROM missions m
     WHERE m.ends_at >= ${since} ${missionId === undefined ? sql`` : sql`AND m.id = ${missionId}`}
     ORDER BY m.ends_at, m.id LIMIT 50`.execute(db);
  return result.rows.map((row) => ({ ...row, counted: Number(row.counted) }));
}
