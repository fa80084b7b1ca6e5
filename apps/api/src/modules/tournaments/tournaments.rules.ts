/**
 * Tournaments and missions, pure (decision 0067): a tournament's state at a moment, the prize of a rank, the order
 * of a leaderboard, a mission's progress. Money in centavos.
 */

export type TournamentState = 'upcoming' | 'live' | 'ended' | 'paid';

export function tournamentState(
  t: { starts_at: Date; ends_at: Date; status: string },
  now: Date,
): TournamentState {
  if (t.status === 'paid') return 'paid';
  if (now < t.starts_at) return 'upcoming';
  return now < t.ends_at ? 'live' : 'ended';
}

/** The prize of a rank (1 = first): the table's entry, or nothing past its end. */
export const prizeOfRank = (prizes: readonly bigint[], rank: number): bigint => prizes[rank - 1] ?? 0n;

export interface ScoreRow {
  userId: bigint;
  score: bigint;
  /** When the player reached that score: an earlier one ranks first on a tie. */
  reachedAt: Date;
}

/** Higher score first; on a tie, who reached it first; then the lower player id (a stable total order). */
export function compareScores(a: ScoreRow, b: ScoreRow): number {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  const time = a.reachedAt.getTime() - b.reachedAt.getTime();
  if (time !== 0) return time;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

export interface Ranked extends ScoreRow {
  rank: number;
  prizeCents: bigint;
}

/** The leaderboard: every player ranked once (no shared ranks: the tie rule decides), with their prize. */
export function rankScores(rows: readonly ScoreRow[], prizes: readonly bigint[]): Ranked[] {
  return [...rows]
    .sort(compareScores)
    .map((row, index) => ({ ...row, rank: index + 1, prizeCents: prizeOfRank(prizes, index + 1) }));
}

/** A mission's progress as shown: the counted bets, at most the target. */
export const missionProgress = (counted: number, target: number): number => Math.min(counted, target);

/** Under br-licensed no prize, reward or other incentive may be offered (Lei 14.790/2023, decision 0067). */
export const prizesAllowed = (profile: string): boolean => profile !== 'br-licensed';
