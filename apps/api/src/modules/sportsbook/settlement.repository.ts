import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Tx } from '../../db/tx.ts';
import type { Executor } from './catalog.repository.ts';

/**
 * Set-based SQL of settlement. Every statement works on a whole batch of bets through arrays (unnest), so a
 * batch of thousands of bets costs a handful of round trips, not thousands.
 */

/** A leg's target result, per distinct pick on the match (market, outcome, score at placement). */
export interface LegTarget {
  marketId: bigint;
  outcome: string;
  placementHome: number;
  placementAway: number;
  result: number;
}

function targetArrays(targets: readonly LegTarget[]) {
  return {
    markets: bigintArray(targets.map((target) => target.marketId)),
    outcomes: targets.map((target) => target.outcome),
    homes: targets.map((target) => target.placementHome),
    aways: targets.map((target) => target.placementAway),
    results: targets.map((target) => target.result),
  };
}

/** The distinct picks on a match: few (markets × outcomes × placement scores) however many bets there are. */
export async function distinctPicks(db: Executor, matchId: bigint) {
  const result = await sql<{
    market_id: bigint;
    outcome: string;
    placement_home: number;
    placement_away: number;
  }>`
    SELECT DISTINCT market_id, outcome, placement_home, placement_away
      FROM sports_bet_legs WHERE match_id = ${matchId}`.execute(db);
  return result.rows;
}

/** Ids of the bets with a leg on the match whose stored result differs from its target, ascending. */
export async function betsToSettle(
  db: Executor,
  matchId: bigint,
  targets: readonly LegTarget[],
  openLegsOnly = false,
): Promise<bigint[]> {
  if (targets.length === 0) return [];
  const t = targetArrays(targets);
  const result = await sql<{ bet_id: bigint }>`
    SELECT l.bet_id
      FROM sports_bet_legs l
      JOIN unnest(${t.markets}::bigint[], ${t.outcomes}::text[], ${t.homes}::int[], ${t.aways}::int[],
                  ${t.results}::smallint[]) AS t(market_id, outcome, home, away, result)
        ON l.market_id = t.market_id AND l.outcome = t.outcome
       AND l.placement_home = t.home AND l.placement_away = t.away
     WHERE l.match_id = ${matchId} AND l.result <> t.result AND (${!openLegsOnly} OR l.result = 0)
       AND NOT l.early_paid
     ORDER BY l.bet_id`.execute(db);
  return result.rows.map((row) => row.bet_id);
}

export interface LockedBet {
  id: bigint;
  user_id: bigint;
  type: 'single' | 'parlay';
  /** The stake still in play: what cash-out sold back is not settled again. */
  stake_cents: bigint;
  /** The stake as placed, and what cash-out sold back of it (the open liability scales by their difference). */
  full_stake_cents: bigint;
  cashed_out_stake_cents: bigint;
  potential_payout_cents: bigint;
  result: number;
  payout_cents: bigint;
  settle_count: number;
}

/** Locks a batch of bets in id order (two settlers of one match serialise per batch, never deadlock). */
export async function lockBets(trx: Tx, betIds: readonly bigint[]): Promise<LockedBet[]> {
  const result = await sql<LockedBet>`
    SELECT id, user_id, type, stake_cents - cashed_out_stake_cents AS stake_cents, stake_cents AS full_stake_cents,
           cashed_out_stake_cents, potential_payout_cents, result, payout_cents, settle_count
      FROM sports_bets WHERE id = ANY(${bigintArray(betIds)}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  return result.rows;
}

/**
 * Writes the target results on the batch's legs of the match that differ; returns the legs it wrote, so a single
 * needs no second read.
 */
export async function applyLegResults(
  trx: Tx,
  matchId: bigint,
  betIds: readonly bigint[],
  targets: readonly LegTarget[],
  openLegsOnly = false,
): Promise<LegResult[]> {
  const t = targetArrays(targets);
  const result = await sql<LegResult>`
    UPDATE sports_bet_legs l SET result = t.result
      FROM unnest(${t.markets}::bigint[], ${t.outcomes}::text[], ${t.homes}::int[], ${t.aways}::int[],
                  ${t.results}::smallint[]) AS t(market_id, outcome, home, away, result)
     WHERE l.bet_id = ANY(${bigintArray(betIds)}::bigint[]) AND l.match_id = ${matchId}
       AND l.market_id = t.market_id AND l.outcome = t.outcome
       AND l.placement_home = t.home AND l.placement_away = t.away AND l.result <> t.result
       AND (${!openLegsOnly} OR l.result = 0) AND NOT l.early_paid
    RETURNING l.bet_id, l.leg_no, l.odds_milli, l.result, l.selection_id, l.match_id`.execute(trx);
  return result.rows;
}

export interface LegResult {
  bet_id: bigint;
  leg_no: number;
  odds_milli: number;
  result: number;
  selection_id: bigint;
  match_id: bigint;
}

/** Every leg of some bets (a parlay's legs on other matches included), in leg order. */
export async function legsOfBets(trx: Tx, betIds: readonly bigint[]): Promise<LegResult[]> {
  if (betIds.length === 0) return [];
  const result = await sql<LegResult>`
    SELECT bet_id, leg_no, odds_milli, result, selection_id, match_id FROM sports_bet_legs
     WHERE bet_id = ANY(${bigintArray(betIds)}::bigint[]) ORDER BY bet_id, leg_no`.execute(trx);
  return result.rows;
}

export interface BetSettlementWrite {
  betId: bigint;
  result: number;
  payoutCents: bigint;
  uncollectedCents: bigint;
  /** The batch's journal transactions that moved this bet's money (payout, reversal), kept on the bet. */
  journalIds: readonly bigint[];
}

export async function writeBetSettlements(trx: Tx, rows: readonly BetSettlementWrite[]): Promise<void> {
  if (rows.length === 0) return;
  // A batch has at most two journal transactions, so each bet's list is one of few distinct texts.
  const journals = rows.map((row) => bigintArray(row.journalIds));
  const betIds = bigintArray(rows.map((row) => row.betId));
  // `b.id = ANY(...)` besides the join: without it the planner hashes the whole table for every batch.
  await sql`
    UPDATE sports_bets b
       SET result = u.result, payout_cents = u.payout, uncollected_cents = b.uncollected_cents + u.uncollected,
           settle_count = b.settle_count + 1, settled_at = CASE WHEN u.result = 0 THEN NULL ELSE now() END,
           settlement_journal_ids = b.settlement_journal_ids || u.journals::bigint[]
      FROM unnest(${betIds}::bigint[], ${bigintArray(rows.map((row) => row.result))}::smallint[],
                  ${bigintArray(rows.map((row) => row.payoutCents))}::bigint[],
                  ${bigintArray(rows.map((row) => row.uncollectedCents))}::bigint[],
                  ${journals}::text[]) AS u(id, result, payout, uncollected, journals)
     WHERE b.id = u.id AND b.id = ANY(${betIds}::bigint[])`.execute(trx);
}

/** Cash and bonus balances of some players, for `insBalance` after a batch commits. */
export async function balancesOf(db: Executor, userIds: readonly bigint[]) {
  const result = await sql<{ owner_user_id: bigint; kind: string; balance_cents: bigint }>`
    SELECT owner_user_id, kind, balance_cents FROM ledger_accounts
     WHERE owner_user_id = ANY(${bigintArray(userIds)}::bigint[]) AND currency = 'BRL'
       AND kind IN ('player_cash', 'player_bonus')`.execute(db);
  const balances = new Map<bigint, { cashCents: bigint; bonusCents: bigint }>();
  for (const userId of userIds) balances.set(userId, { cashCents: 0n, bonusCents: 0n });
  for (const row of result.rows) {
    const entry = balances.get(row.owner_user_id)!;
    if (row.kind === 'player_cash') entry.cashCents = row.balance_cents;
    else entry.bonusCents = row.balance_cents;
  }
  return balances;
}
