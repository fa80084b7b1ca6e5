import { type RawBuilder, sql } from 'kysely';

/**
 * What an earner was paid for one invitee's stakes at a depth, derived at read time: the job keeps one row per
 * (earner, day) (`commission_earnings`), so the per-friend figure is the invitee's settled day totals at the
 * rates the day was settled at, rounded down per day as the job did, less the pairs refused that day. An invitee
 * who is today a test account or blocked counts nothing (the job skips them).
 */
export function pairCommissionCents(
  earnerId: RawBuilder<unknown> | bigint,
  inviteeId: RawBuilder<unknown>,
  depth: RawBuilder<unknown> | number,
): RawBuilder<string> {
  return sql<string>`(
    SELECT coalesce(sum(floor(s.stake_cents * CASE (${depth})::int WHEN 1 THEN d.rate1 WHEN 2 THEN d.rate2 ELSE d.rate3 END)), 0)
      FROM stake_daily s JOIN commission_days d ON d.day = s.day JOIN users iu ON iu.id = s.user_id
     WHERE s.user_id = ${inviteeId} AND NOT iu.test_flag AND iu.status <> 'blocked'
       AND NOT EXISTS (SELECT 1 FROM commissions r
                        WHERE r.earner_id = (${earnerId})::bigint AND r.day = s.day AND r.invitee_id = s.user_id)
  )::text`;
}
