import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';

/**
 * The boosts' cost per day for the daily report (decision 0063): on each bet with a boosted leg settled that day
 * as won (or half won), its payout over what it would have paid with that leg at the normal odds (boosts.rules.ts
 * boostCostCents, in SQL: integer division floors as the payouts do).
 */
export async function boostCostByDay(
  trx: Tx,
  timeZone: string,
  start: ReturnType<typeof sql>,
  end: ReturnType<typeof sql>,
): Promise<Map<string, bigint>> {
  const result = await sql<{ day: string; cost: string }>`
    SELECT (b.settled_at AT TIME ZONE ${timeZone})::date::text AS day,
           sum(GREATEST(0, b.payout_cents - b.payout_cents * CASE l.result
             WHEN 10 THEN l.normal_odds_milli ELSE 1000 + l.normal_odds_milli END / CASE l.result
             WHEN 10 THEN l.odds_milli ELSE 1000 + l.odds_milli END))::text AS cost
      FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.id
     WHERE l.boost_id IS NOT NULL AND b.result IN (10, 21) AND l.result IN (10, 21) AND b.settled_at >= ${start} AND b.settled_at < ${end}
     GROUP BY 1`.execute(trx);
  return new Map(result.rows.map((row) => [row.day, BigInt(row.cost)]));
}
