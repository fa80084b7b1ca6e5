import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** SQL of auto cash-out (decision 0063). */

export async function setAutoCashoutAmount(
  trx: Tx,
  betId: bigint,
  amountCents: bigint | null,
): Promise<void> {
  await sql`UPDATE sports_bets SET auto_cashout_cents = ${amountCents} WHERE id = ${betId}`.execute(trx);
}

/** Open bets with an auto cash-out set and a leg on one of these matches, ascending. */
export async function autoCashoutCandidates(
  db: Db,
  matchIds: readonly bigint[],
): Promise<{ id: bigint; user_id: bigint }[]> {
  if (matchIds.length === 0) return [];
  const result = await sql<{ id: bigint; user_id: bigint }>`
    SELECT b.id, b.user_id FROM sports_bets b
     WHERE b.auto_cashout_cents IS NOT NULL AND b.result = 0
       AND EXISTS (SELECT 1 FROM sports_bet_legs l
                    WHERE l.bet_id = b.id AND l.match_id = ANY(${bigintArray(matchIds)}::bigint[]))
     ORDER BY b.id LIMIT 1000`.execute(db);
  return result.rows;
}
