import type { MatchEventPayload, TrackerAnswer, TrackerStats } from '@aposta/contract';
import { matchPeriod } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { notFound } from '../../lib/domain-error.ts';
import { findMatch, type MatchRow } from './catalog.repository.ts';
import {
  countEvents,
  type NumberedEventRow,
  recordTracker,
  type TrackerEventRow,
  trackerEvents,
  trackerPossession,
} from './tracker.repository.ts';

/**
 * The live match tracker (api-contract section 19, decision 0064): `matchEvent` pushes as the feed reports
 * goals, cards, corners, dangerous attacks and shots (after the transaction that stored them commits), and
 * GET /api/app/sports/matches/{matchId}/tracker for the page that opens mid-match.
 */

type Pair = { home: number; away: number };
const zero = (): Pair => ({ home: 0, away: 0 });

const eventView = (row: TrackerEventRow): Omit<MatchEventPayload, 'matchId' | 'seq'> => ({
  minute: row.minute,
  kind: row.kind,
  side: row.side,
  ...(row.detail && { detail: row.detail }),
});

/**
 * Sends the new events of a match, each with its number in the match (`seq`: a page that sees a gap fetches the
 * tracker again, a number it has already is a repeat); call it only after their transaction committed.
 */
export function emitMatchEvents(ctx: AppContext, matchId: bigint, events: readonly NumberedEventRow[]): void {
  for (const row of events) {
    ctx.realtime.broadcast('matchEvent', {
      matchId: Number(matchId),
      ...eventView(row),
      seq: row.seq,
    } satisfies MatchEventPayload);
  }
}

/** The minute of an operator's football match, which has no clock: from its kick-off, within the period. */
export function operatorMinute(startTime: Date, period: number, now: number): number {
  const elapsed = Math.floor((now - startTime.getTime()) / 60_000) + 1;
  if (period === matchPeriod.firstHalf) return Math.min(45, Math.max(1, elapsed));
  if (period === matchPeriod.secondHalf) return Math.min(90, Math.max(46, elapsed - 15));
  return Math.max(1, Math.min(120, elapsed - 15));
}

/**
 * An operator's football match has no feed: a goal the trader enters (the score went up) is its tracker's goal,
 * stored in the caller's transaction (the match locked, `before` read under the lock). Keyed by the side's goal
 * count, so posting the same state again adds nothing; a score corrected down removes nothing.
 */
export async function recordOperatorGoals(
  trx: Tx,
  before: MatchRow,
  after: { period: number; score: { home: number; away: number } },
  now = Date.now(),
): Promise<NumberedEventRow[]> {
  if (before.feed !== 'operator' || before.sport !== 'football') return [];
  const minute = operatorMinute(before.start_time, after.period, now);
  const events = (['home', 'away'] as const).flatMap((side) => {
    const from = side === 'home' ? before.score_home : before.score_away;
    return Array.from({ length: Math.max(0, after.score[side] - from) }, (_, index) => ({
      key: `operator:goal:${side}:${from + index + 1}`,
      minute,
      kind: 'goal' as const,
      side,
    }));
  });
  return events.length === 0 ? [] : recordTracker(trx, before.id, { events });
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

/**
 * The tracker so far, read in one snapshot (the score, the events and their count agree: a goal committed
 * between two reads cannot be half in); `seq` is the number of the latest event, which the pushes continue.
 */
export async function getTracker(ctx: AppContext, matchId: bigint): Promise<TrackerAnswer> {
  const read = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const match = await findMatch(trx, matchId);
      if (!match) return undefined;
      const events = await trackerEvents(trx, matchId);
      return {
        match,
        events,
        seq: await countEvents(trx, matchId),
        possession: await trackerPossession(trx, matchId),
      };
    });
  if (!read) throw notFound();
  const { match, events, seq, possession } = read;
  const last = events.at(-1);
  return {
    seq,
    matchId: Number(match.id),
    sport: match.sport,
    period: match.period,
    score: { home: match.score_home, away: match.score_away },
    stats: trackerStats(events, pairOf(match.corners_home, match.corners_away), possession),
    timeline: events.filter((row) => onTimeline.has(row.kind)).map(eventView),
    last: last ? eventView(last) : null,
  };
}
