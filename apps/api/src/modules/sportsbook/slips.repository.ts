import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/** SQL of shared slips (decision 0064): the stored codes and the selections they show at current odds. */

export interface SharedSelectionRow {
  selection_id: bigint;
  outcome: string;
  odds_milli: number;
  market_id: bigint;
  type: string;
  period: 'full' | 'firstHalf';
  line_quarters: number | null;
  market_status: 'open' | 'suspended' | 'closed';
  match_id: bigint;
  sport: string;
  home: string;
  away: string;
  match_period: number;
}

/** The selections with their market and match now, in the order asked (unknown ids are left out). */
export async function findSharedSelections(db: Db, ids: readonly bigint[]): Promise<SharedSelectionRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<SharedSelectionRow>`
    SELECT s.id AS selection_id, s.outcome, s.odds_milli, m.id AS market_id, m.type, m.period, m.line_quarters,
           m.status AS market_status, x.id AS match_id, x.sport, x.home, x.away, x.period AS match_period
      FROM unnest(${ids.map(String)}::bigint[]) WITH ORDINALITY AS want(id, ord)
      JOIN sports_selections s ON s.id = want.id
      JOIN sports_markets m ON m.id = s.market_id
      JOIN sports_matches x ON x.id = m.match_id
     ORDER BY want.ord`.execute(db);
  return result.rows;
}

/** The selections of one of the player's own bets, leg by leg; empty when the bet is not theirs (or unknown). */
export async function ownBetSelections(db: Db, playerId: bigint, betId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('sports_bet_legs as l')
    .innerJoin('sports_bets as b', 'b.id', 'l.bet_id')
    .select('l.selection_id')
    .where('b.id', '=', betId)
    .where('b.user_id', '=', playerId)
    .orderBy('l.leg_no')
    .execute();
  return rows.map((row) => row.selection_id);
}

/** Stores a code; false when the code is taken (the caller draws another). */
export async function insertSlip(
  db: Db,
  slip: { code: string; playerId: bigint; betId: bigint | null; selectionIds: readonly bigint[] },
): Promise<boolean> {
  const result = await sql`
    INSERT INTO sports_slips (code, user_id, bet_id, selection_ids)
    VALUES (${slip.code}, ${slip.playerId}, ${slip.betId}, ${slip.selectionIds.map(String)}::bigint[])
    ON CONFLICT (code) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

export async function findSlipSelectionIds(db: Db, code: string): Promise<bigint[] | undefined> {
  const row = await db
    .selectFrom('sports_slips')
    .select('selection_ids')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.selection_ids.map((id) => BigInt(id));
}
