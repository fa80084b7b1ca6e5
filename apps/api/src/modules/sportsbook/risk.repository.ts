import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import type { ExposureShifts } from './settlement.rules.ts';

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
 * Settlement's side of the exposure (`exposureShifts` computes it from the bets it already holds): every selection
 * row is locked in id order, then every match row, like placement; the totals never go below zero.
 */
export async function shiftExposure(trx: Tx, shifts: ExposureShifts): Promise<void> {
  await shiftTotals(trx, 'sports_selection_exposure', 'selection_id', shifts.selections);
  await shiftTotals(trx, 'sports_match_exposure', 'match_id', shifts.matches);
}

/** Adds each change to its row's total, floored at zero, after locking the rows in ascending key order. */
async function shiftTotals(
  trx: Tx,
  table: 'sports_selection_exposure' | 'sports_match_exposure',
  key: 'selection_id' | 'match_id',
  changes: readonly [id: bigint, payout: bigint][],
): Promise<void> {
  if (changes.length === 0) return;
  const ids = bigintArray(changes.map(([id]) => id));
  await sql`
    UPDATE ${sql.table(table)} e SET payout_cents = GREATEST(0, e.payout_cents + c.payout)
      FROM unnest(${ids}::bigint[], ${bigintArray(changes.map(([, payout]) => payout))}::bigint[]) AS c(id, payout)
      JOIN (SELECT ${sql.ref(key)} AS id FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ANY(${ids}::bigint[])
             ORDER BY 1 FOR UPDATE) locked USING (id)
     WHERE ${sql.ref(`e.${key}`)} = c.id`.execute(trx);
}
