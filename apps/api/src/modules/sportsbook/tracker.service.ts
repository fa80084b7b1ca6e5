import type { MatchEventPayload, TrackerAnswer, TrackerStats } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/domain-error.ts';
import { findMatch } from './catalog.repository.ts';
import { type TrackerEventRow, trackerEvents, trackerPossession } from './tracker.repository.ts';

/**
 * The live match tracker (api-contract section 19, decision 0064): `matchEvent` pushes as the feed reports
 * goals, cards, corners, dangerous attacks and shots (after the transaction that stored them commits), and
 * GET /api/app/sports/matches/{matchId}/tracker for the page that opens mid-match.
 */

type Pair = { home: number; away: number };
const zero = (): Pair => ({ home: 0, away: 0 });

const eventView = (row: TrackerEventRow): Omit<MatchEventPayload, 'matchId'> => ({
  minute: row.minute,
  kind: row.kind,
  side: row.side,
  ...(row.detail && { detail: row.detail }),
});

/** Sends the new events of a match; call it only after their transaction committed. */
export function emitMatchEvents(ctx: AppContext, matchId: bigint, events: readonly TrackerEventRow[]): void {
  for (const row of events) {
    ctx.realtime.broadcast('matchEvent', {
      matchId: Number(matchId),
      ...eventView(row),
    } satisfies MatchEventPayload);
  }
}

/** The stats the events add up to; corners from the match state when it keeps them (the settled figure). */
export function trackerStats(
  events: readonly TrackerEventRow[],
  corners: Pair | null,
  possessionHome: number | undefined,
): TrackerStats {
  const stats: TrackerStats = {
    shots: zero(),
    dangerousAttacks: zero(),
    corners: zero(),
    yellowCards: zero(),
    redCards: zero(),
    possession: possessionHome === undefined ? null : { home: possessionHome, away: 100 - possessionHome },
  };
  for (const row of events) {
    if (!row.side) continue;
    if (row.kind === 'goal' || row.kind === 'shot') stats.shots[row.side]++;
    else if (row.kind === 'danger') stats.dangerousAttacks[row.side]++;
    else if (row.kind === 'corner') stats.corners[row.side]++;
    else if (row.kind === 'card') stats[row.detail === 'red' ? 'redCards' : 'yellowCards'][row.side]++;
  }
  if (corners) stats.corners = { ...corners };
  return stats;
}

const pairOf = (home: number | null, away: number | null): Pair | null =>
  home === null || away === null ? null : { home, away };

const onTimeline = new Set(['goal', 'card', 'corner']);

export async function getTracker(ctx: AppContext, matchId: bigint): Promise<TrackerAnswer> {
  const match = await findMatch(ctx.db, matchId);
  if (!match) throw notFound();
  const [events, possession] = await Promise.all([
    trackerEvents(ctx.db, matchId),
    trackerPossession(ctx.db, matchId),
  ]);
  const last = events.at(-1);
  return {
    matchId: Number(match.id),
    sport: match.sport,
    period: match.period,
    score: { home: match.score_home, away: match.score_away },
    stats: trackerStats(events, pairOf(match.corners_home, match.corners_away), possession),
    timeline: events.filter((row) => onTimeline.has(row.kind)).map(eventView),
    last: last ? eventView(last) : null,
  };
}
