import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** SQL of sportsbook risk: the player's stake factor and the exposure rows placement and cash-out move. */

export const FULL_FACTOR_BP = 10_000;

export async function stakeFactorOf(db: Db | Tx, userId: bigint): Promise<number> {
  const result = await sql<{ stake_factor_bp: number }>`
    SELECT stake_factor_bp FROM sports_player_limits WHERE user_id = ${userId}`.execute(db);
  return result.rows[0]?.stake_factor_bp ?? FULL_FACTOR_BP;
}

export async function setStakeFactor(trx: Tx, userId: bigint, factorBp: number): Promise<number | null> {
  const before = await sql<{ stake_factor_bp: number }>`
    SELECT stake_factor_bp FROM sports_player_limits WHERE user_id = ${userId} FOR UPDATE`.execute(trx);
  await sql`
    INSERT INTO sports_player_limits (user_id, stake_factor_bp) VALUES (${userId}, ${factorBp})
    ON CONFLICT (user_id) DO UPDATE SET stake_factor_bp = EXCLUDED.stake_factor_bp, updated_at = now()`.execute(
    trx,
  );
  return before.rows[0]?.stake_factor_bp ?? null;
}

/**
 * Adds `payoutCents` to a selection's exposure (creating its row) and answers the new total. The row lock makes
 * concurrent placements on the selection check one after the other; callers go in selection id order.
 */
export async function addSelectionExposure(
  trx: Tx,
  selectionId: bigint,
  marketId: bigint,
  payoutCents: bigint,
): Promise<bigint> {
  const result = await sql<{ payout_cents: bigint }>`
    INSERT INTO sports_selection_exposure AS e (selection_id, market_id, payout_cents)
    VALUES (${selectionId}, ${marketId}, ${payoutCents})
    ON CONFLICT (selection_id) DO UPDATE SET payout_cents = e.payout_cents + EXCLUDED.payout_cents
    RETURNING payout_cents`.execute(trx);
  return BigInt(result.rows[0]!.payout_cents);
}

export async function addMatchExposure(trx: Tx, matchId: bigint, payoutCents: bigint): Promise<bigint> {
  const result = await sql<{ payout_cents: bigint }>`
    INSERT INTO sports_match_exposure AS e (match_id, payout_cents) VALUES (${matchId}, ${payoutCents})
    ON CONFLICT (match_id) DO UPDATE SET payout_cents = e.payout_cents + EXCLUDED.payout_cents
    RETURNING payout_cents`.execute(trx);
  return BigInt(result.rows[0]!.payout_cents);
}

/** Takes exposure off (cash-out bought part of a bet back): never below zero; rows are updated in id order. */
export async function removeExposure(
  trx: Tx,
  legs: readonly { selectionId: bigint; matchId: bigint }[],
  payoutCents: bigint,
): Promise<void> {
  if (payoutCents <= 0n || legs.length === 0) return;
  const selections = [...new Set(legs.map((leg) => leg.selectionId.toString()))];
  const matches = [...new Set(legs.map((leg) => leg.matchId.toString()))];
  await sql`
    UPDATE sports_selection_exposure e SET payout_cents = GREATEST(0, e.payout_cents - ${payoutCents})
      FROM (SELECT selection_id FROM sports_selection_exposure
             WHERE selection_id = ANY(${selections}::bigint[]) ORDER BY selection_id FOR UPDATE) locked
     WHERE e.selection_id = locked.selection_id`.execute(trx);
  await sql`
    UPDATE sports_match_exposure e SET payout_cents = GREATEST(0, e.payout_cents - ${payoutCents})
      FROM (SELECT match_id FROM sports_match_exposure
             WHERE match_id = ANY(${matches}::bigint[]) ORDER BY match_id FOR UPDATE) locked
     WHERE e.match_id = locked.match_id`.execute(trx);
}

/**
 * Settlement's side of the exposure: bets that left the open state take what they would still pay off their
 * selections and matches (sign -1); bets a corrected result re-opened put it back (+1). What a bet would still
 * pay is its potential payout scaled to the stake not cashed out (within a centavo of what placement and
 * cash-outs moved; the total never goes below zero). One pass for both signs: every selection row is locked in
 * id order, then every match row, like placement; two passes would lock selections while holding matches.
 */
export async function shiftSettledExposure(
  trx: Tx,
  shifts: readonly { betId: bigint; sign: 1 | -1 }[],
): Promise<void> {
  if (shifts.length === 0) return;
  const bets = sql`
    SELECT b.id, s.sign * (b.potential_payout_cents * (b.stake_cents - b.cashed_out_stake_cents) / b.stake_cents)
             AS payout
      FROM sports_bets b
      JOIN unnest(${shifts.map((shift) => shift.betId.toString())}::bigint[],
                  ${shifts.map((shift) => shift.sign)}::int[]) AS s(bet_id, sign) ON s.bet_id = b.id
     WHERE b.stake_cents > b.cashed_out_stake_cents`;
  await sql`
    WITH bets AS (${bets}), moved AS (
      SELECT l.selection_id, sum(bets.payout) AS payout
        FROM sports_bet_legs l JOIN bets ON bets.id = l.bet_id GROUP BY l.selection_id
    ), locked AS (
      SELECT e.selection_id FROM sports_selection_exposure e JOIN moved USING (selection_id)
       ORDER BY e.selection_id FOR UPDATE OF e
    )
    UPDATE sports_selection_exposure e SET payout_cents = GREATEST(0, e.payout_cents + moved.payout)
      FROM moved JOIN locked USING (selection_id) WHERE e.selection_id = moved.selection_id`.execute(trx);
  await sql`
    WITH bets AS (${bets}), moved AS (
      SELECT per_bet.match_id, sum(per_bet.payout) AS payout
        FROM (SELECT DISTINCT l.bet_id, l.match_id, bets.payout
                FROM sports_bet_legs l JOIN bets ON bets.id = l.bet_id) per_bet
       GROUP BY per_bet.match_id
    ), locked AS (
      SELECT e.match_id FROM sports_match_exposure e JOIN moved USING (match_id) ORDER BY e.match_id FOR UPDATE OF e
    )
    UPDATE sports_match_exposure e SET payout_cents = GREATEST(0, e.payout_cents + moved.payout)
      FROM moved JOIN locked USING (match_id) WHERE e.match_id = moved.match_id`.execute(trx);
}
