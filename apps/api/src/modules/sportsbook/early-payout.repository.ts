import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** SQL of early payout (decision 0063). */

export interface RuleRow {
  id: bigint;
  sport: string;
  league_id: bigint | null;
  league: string | null;
  lead: number;
  enabled: boolean;
  updated_at: Date;
}

export async function listRules(db: Db | Tx, sport?: string): Promise<RuleRow[]> {
  const result = await sql<RuleRow>`
    SELECT r.id, r.sport, r.league_id, l.name AS league, r.lead, r.enabled, r.updated_at
      FROM sports_early_payout_rules r LEFT JOIN sports_leagues l ON l.id = r.league_id
     ${sport ? sql`WHERE r.sport = ${sport}` : sql``}
     ORDER BY r.sport, r.league_id NULLS FIRST`.execute(db);
  return result.rows;
}

export async function matchSportAndLeague(db: Db, matchId: bigint) {
  const result = await sql<{ sport: string; league_id: bigint }>`
    SELECT sport, league_id FROM sports_matches WHERE id = ${matchId}`.execute(db);
  return result.rows[0];
}

export async function leagueIdOf(trx: Tx, sport: string, name: string): Promise<bigint | undefined> {
  const result = await sql<{ id: bigint }>`
    SELECT id FROM sports_leagues WHERE sport = ${sport} AND name = ${name}`.execute(trx);
  return result.rows[0]?.id;
}

/** Writes a rule (one per sport and league); answers the rule as it was before, if there was one. */
export async function upsertRule(
  trx: Tx,
  rule: { sport: string; leagueId: bigint | null; lead: number; enabled: boolean },
): Promise<{ lead: number; enabled: boolean } | null> {
  const before = await sql<{ lead: number; enabled: boolean }>`
    SELECT lead, enabled FROM sports_early_payout_rules
     WHERE sport = ${rule.sport} AND coalesce(league_id, 0) = ${rule.leagueId ?? 0n} FOR UPDATE`.execute(trx);
  await sql`
    INSERT INTO sports_early_payout_rules (sport, league_id, lead, enabled)
    VALUES (${rule.sport}, ${rule.leagueId}, ${rule.lead}, ${rule.enabled})
    ON CONFLICT (sport, coalesce(league_id, 0))
    DO UPDATE SET lead = EXCLUDED.lead, enabled = EXCLUDED.enabled, updated_at = now()`.execute(trx);
  return before.rows[0] ?? null;
}

/** The bets with an open full-time 1X2 leg on that side of the match, and stake still in play, ascending. */
export async function betsToPayEarly(db: Db, matchId: bigint, side: string): Promise<bigint[]> {
  const result = await sql<{ bet_id: bigint }>`
    SELECT DISTINCT l.bet_id
      FROM sports_bet_legs l
      JOIN sports_markets k ON k.id = l.market_id
      JOIN sports_bets b ON b.id = l.bet_id
     WHERE l.match_id = ${matchId} AND k.type = 'winAlone' AND k.period = 'full' AND l.outcome = ${side}
       AND l.result = 0 AND NOT l.early_paid AND b.result = 0 AND b.stake_cents > b.cashed_out_stake_cents
     ORDER BY l.bet_id`.execute(db);
  return result.rows.map((row) => row.bet_id);
}

/** The distinct picks of that side (placement scores differ in play), for settlement's targets. */
export async function earlyPicks(db: Db, matchId: bigint, side: string) {
  const result = await sql<{ market_id: bigint; placement_home: number; placement_away: number }>`
    SELECT DISTINCT l.market_id, l.placement_home, l.placement_away
      FROM sports_bet_legs l JOIN sports_markets k ON k.id = l.market_id
     WHERE l.match_id = ${matchId} AND k.type = 'winAlone' AND k.period = 'full' AND l.outcome = ${side}
       AND l.result = 0 AND NOT l.early_paid`.execute(db);
  return result.rows;
}

/**
 * Marks what the batch just won early: its winning legs on that side of the match, and the bets it settled that
 * still had stake in play. Answers the ids of those bets.
 */
export async function markEarlyPaid(
  trx: Tx,
  matchId: bigint,
  side: string,
  betIds: readonly bigint[],
): Promise<bigint[]> {
  const ids = bigintArray(betIds);
  await sql`
    UPDATE sports_bet_legs l SET early_paid = true
      FROM sports_markets k
     WHERE l.bet_id = ANY(${ids}::bigint[]) AND l.match_id = ${matchId} AND k.id = l.market_id
       AND k.type = 'winAlone' AND k.period = 'full' AND l.outcome = ${side} AND l.result = 10`.execute(trx);
  const bets = await sql<{ id: bigint }>`
    UPDATE sports_bets SET early_paid = true
     WHERE id = ANY(${ids}::bigint[]) AND result = 10 AND stake_cents > cashed_out_stake_cents
    RETURNING id`.execute(trx);
  return bets.rows.map((row) => row.id);
}
