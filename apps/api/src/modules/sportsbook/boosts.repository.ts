import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** SQL of odds boosts (decision 0063). */

export interface BoostRow {
  id: bigint;
  selection_id: bigint;
  boosted_odds_milli: number;
  stake_cap_cents: bigint;
  liability_cap_cents: bigint;
  liability_used_cents: bigint;
}

/** The active boost of one selection, locked: its liability counter changes with each bet it takes. */
export async function lockActiveBoost(trx: Tx, selectionId: bigint): Promise<BoostRow | undefined> {
  const result = await sql<BoostRow>`
    SELECT id, selection_id, boosted_odds_milli, stake_cap_cents, liability_cap_cents, liability_used_cents
      FROM sports_boosts WHERE selection_id = ${selectionId} AND status = 'active' FOR UPDATE`.execute(trx);
  return result.rows[0];
}

/** What one player has staked in all on a boost (the bets it took, as placed). */
export async function stakedOnBoost(trx: Tx, boostId: bigint, userId: bigint): Promise<bigint> {
  const result = await sql<{ staked: string | null }>`
    SELECT sum(b.stake_cents)::text AS staked
      FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
     WHERE l.boost_id = ${boostId} AND b.user_id = ${userId}`.execute(trx);
  return BigInt(result.rows[0]?.staked ?? '0');
}

export async function addBoostLiability(trx: Tx, boostId: bigint, extraCents: bigint): Promise<void> {
  await sql`UPDATE sports_boosts SET liability_used_cents = liability_used_cents + ${extraCents}
             WHERE id = ${boostId}`.execute(trx);
}

export async function markBoostedLeg(
  trx: Tx,
  betId: bigint,
  selectionId: bigint,
  boostId: bigint,
  normalOddsMilli: number,
): Promise<void> {
  await sql`UPDATE sports_bet_legs SET boost_id = ${boostId}, normal_odds_milli = ${normalOddsMilli}
             WHERE bet_id = ${betId} AND selection_id = ${selectionId}`.execute(trx);
}

export interface BoostTarget {
  selection_id: bigint;
  odds_milli: number;
  market_status: string;
  match_id: bigint;
  match_period: number;
}

export async function boostTarget(trx: Tx, selectionId: bigint): Promise<BoostTarget | undefined> {
  const result = await sql<BoostTarget>`
    SELECT s.id AS selection_id, s.odds_milli, k.status AS market_status, k.match_id, m.period AS match_period
      FROM sports_selections s JOIN sports_markets k ON k.id = s.market_id JOIN sports_matches m ON m.id = k.match_id
     WHERE s.id = ${selectionId} FOR SHARE OF s`.execute(trx);
  return result.rows[0];
}

export async function insertBoost(
  trx: Tx,
  boost: {
    selectionId: bigint;
    boostedOddsMilli: number;
    stakeCapCents: bigint;
    liabilityCapCents: bigint;
    by: string;
  },
): Promise<bigint | undefined> {
  const result = await sql<{ id: bigint }>`
    INSERT INTO sports_boosts (selection_id, boosted_odds_milli, stake_cap_cents, liability_cap_cents, created_by)
    VALUES (${boost.selectionId}, ${boost.boostedOddsMilli}, ${boost.stakeCapCents}, ${boost.liabilityCapCents},
            ${boost.by})
    ON CONFLICT (selection_id) WHERE status = 'active' DO NOTHING
    RETURNING id`.execute(trx);
  return result.rows[0]?.id;
}

/** Ends an active boost; answers its selection's match, or nothing when there was no active boost of that id. */
export async function endBoost(trx: Tx, boostId: bigint): Promise<{ match_id: bigint } | undefined> {
  const result = await sql<{ match_id: bigint }>`
    UPDATE sports_boosts b SET status = 'ended', ended_at = now()
      FROM sports_selections s JOIN sports_markets k ON k.id = s.market_id
     WHERE b.id = ${boostId} AND b.status = 'active' AND s.id = b.selection_id
    RETURNING k.match_id`.execute(trx);
  return result.rows[0];
}

export interface BoostListRow extends BoostRow {
  status: 'active' | 'ended';
  created_by: string;
  created_at: Date;
  ended_at: Date | null;
  odds_milli: number;
  outcome: string;
  market_id: bigint;
  type: string;
  period: string;
  line_quarters: number | null;
  match_id: bigint;
  home: string;
  away: string;
  sport: string;
}

export async function listBoosts(
  db: Db,
  query: { status?: 'active' | 'ended' | undefined; id?: bigint; offset: number; limit: number },
): Promise<{ rows: BoostListRow[]; total: number }> {
  const where =
    query.id !== undefined
      ? sql`WHERE b.id = ${query.id}`
      : query.status
        ? sql`WHERE b.status = ${query.status}`
        : sql``;
  const result = await sql<BoostListRow>`
    SELECT b.id, b.selection_id, b.boosted_odds_milli, b.stake_cap_cents, b.liability_cap_cents,
           b.liability_used_cents, b.status, b.created_by, b.created_at, b.ended_at, s.odds_milli, s.outcome,
           k.id AS market_id, k.type, k.period, k.line_quarters, m.id AS match_id, m.home, m.away, m.sport
      FROM sports_boosts b JOIN sports_selections s ON s.id = b.selection_id
      JOIN sports_markets k ON k.id = s.market_id JOIN sports_matches m ON m.id = k.match_id
      ${where} ORDER BY b.id DESC OFFSET ${query.offset} LIMIT ${query.limit}`.execute(db);
  const total = await sql<{ n: string }>`SELECT count(*)::text AS n FROM sports_boosts b ${where}`.execute(
    db,
  );
  return { rows: result.rows, total: Number(total.rows[0]!.n) };
}

export interface BoostedBetRow {
  boost_id: bigint;
  leg_result: number;
  odds_milli: number;
  result: number;
  payout_cents: bigint;
  stake_cents: bigint;
  placed_stake_cents: bigint;
  normal_odds_milli: number;
}

/** The bets some boosts took: what was staked, and the settled ones' results and payouts (their cost). */
export async function boostedBets(db: Db, boostIds: readonly bigint[]): Promise<BoostedBetRow[]> {
  if (boostIds.length === 0) return [];
  const result = await sql<BoostedBetRow>`
    SELECT l.boost_id, l.result AS leg_result, l.odds_milli, b.result, b.payout_cents, b.stake_cents - b.cashed_out_stake_cents AS stake_cents,
           b.stake_cents AS placed_stake_cents, l.normal_odds_milli
      FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
     WHERE l.boost_id = ANY(${bigintArray(boostIds)}::bigint[])`.execute(db);
  return result.rows;
}
