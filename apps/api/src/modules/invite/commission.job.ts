import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { postDayCredits } from '../ledger/ledger.batch.ts';

export interface SettledDay {
  day: string;
  /** False when the day had already been settled (by an earlier run or another server): nothing moved. */
  settled: boolean;
  paidCents: bigint;
  earners: number;
  refused: number;
}

/**
 * Settles one America/Sao_Paulo day's commissions, set-based, in one database transaction:
 * 1. a transaction-scoped advisory lock on the day, then the day's mark (`commission_days`): a second run, here
 *    or on another server, waits for the first and then finds the day settled;
 * 2. one statement from the day's stake totals (`stake_daily`, kept by the stake path): each staker once, with
 *    the three ancestors of the inviter chain and the three floored amounts at the current rates (integer
 *    arithmetic: a rate has five decimals), then one sum per earner and depth. None for test accounts or blocked
 *    players. Pairs where the earner is the invitee, or both share a CPF or a device, are written one by one to
 *    `commissions` (for the operator) and not paid; the rest is one `commission_earnings` row per earner with the
 *    per-depth breakdown (the per-friend figures are derived at read time from `stake_daily` and the day's rates,
 *    kept in `commission_days`). Both tables' keys refuse a second row even without the lock;
 * 3. the earnings rows are paid as one ledger transaction (`commission:<day>`, unique) from `house_commission`
 *    with a leg per earner's claimable `player_commission` account, computed in the database (ledger.batch.ts).
 */
export async function settleCommissionDay(db: Db, day: string): Promise<SettledDay> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('commission_day'), hashtext(${day}))`.execute(trx);
    const done = await sql`SELECT 1 FROM commission_days WHERE day = ${day}::date`.execute(trx);
    if (done.rows.length > 0) return { day, settled: false, paidCents: 0n, earners: 0, refused: 0 };

    // The day's rates, read once (an operator's edit waits for the job): what is paid and what the day's mark
    // records must be the same rates. A rate has five decimals, so rate × 10⁵ is an exact integer.
    const rateRows = await sql<{ depth: number; rate: string; rate_e5: string }>`
      SELECT depth, rate::text, (rate * 100000)::bigint::text AS rate_e5 FROM commission_rates FOR SHARE`.execute(
      trx,
    );
    const rateOf = (depth: number) => rateRows.rows.find((row) => row.depth === depth);
    const rates = {
      r1e5: rateOf(1)?.rate_e5 ?? '0',
      r2e5: rateOf(2)?.rate_e5 ?? '0',
      r3e5: rateOf(3)?.rate_e5 ?? '0',
    };
    const refusal = (earner: string) =>
      sql.raw(`
      CASE WHEN ${earner}.id = s.user_id THEN 'self'
           WHEN ${earner}.kyc_cpf <> '' AND ${earner}.kyc_cpf = u.kyc_cpf THEN 'shared_cpf'
           WHEN EXISTS (SELECT 1 FROM device_pairs dp WHERE dp.one_id = ${earner}.id AND dp.other_id = s.user_id)
             THEN 'shared_device' END`);
    const payable = (earner: string) =>
      sql.raw(
        `CASE WHEN ${earner}.test_flag OR ${earner}.status = 'blocked' THEN NULL ELSE ${earner}.id END`,
      );
    const counted = await sql<{ refused: number }>`
      WITH rates AS (
        SELECT ${rates.r1e5}::bigint AS r1, ${rates.r2e5}::bigint AS r2, ${rates.r3e5}::bigint AS r3
      ), device_pairs AS MATERIALIZED (
        -- Accounts that share a device, once: few, so each staker meets them in a hash lookup.
        SELECT DISTINCT a.subject_id AS one_id, b.subject_id AS other_id
          FROM trusted_devices a JOIN trusted_devices b ON b.device_hash = a.device_hash
         WHERE a.subject = 'player' AND b.subject = 'player' AND a.subject_id <> b.subject_id
      ), stakers AS MATERIALIZED (
        -- One row per staker: the earner at each depth (NULL when not payable) and what each would earn.
        SELECT s.user_id, s.stake_cents,
               ${payable('e1')} AS e1, ${payable('e2')} AS e2, ${payable('e3')} AS e3,
               s.stake_cents * r.r1 / 100000 AS a1, s.stake_cents * r.r2 / 100000 AS a2,
               s.stake_cents * r.r3 / 100000 AS a3,
               ${refusal('e1')} AS x1, ${refusal('e2')} AS x2, ${refusal('e3')} AS x3
          FROM stake_daily s CROSS JOIN rates r
          JOIN users u ON u.id = s.user_id
          JOIN users e1 ON e1.id = u.inviter_id
          LEFT JOIN users e2 ON e2.id = e1.inviter_id
          LEFT JOIN users e3 ON e3.id = e2.inviter_id
         WHERE s.day = ${day}::date AND s.stake_cents > 0 AND NOT u.test_flag AND u.status <> 'blocked'
      ), per_depth AS (
        SELECT e1 AS earner_id, 1 AS depth, sum(a1) AS amount FROM stakers
         WHERE e1 IS NOT NULL AND x1 IS NULL GROUP BY e1
        UNION ALL
        SELECT e2, 2, sum(a2) FROM stakers WHERE e2 IS NOT NULL AND x2 IS NULL GROUP BY e2
        UNION ALL
        SELECT e3, 3, sum(a3) FROM stakers WHERE e3 IS NOT NULL AND x3 IS NULL GROUP BY e3
      ), refused_pairs AS (
        -- Only refused pairs are kept one by one (the operator's list); what is paid is one row per earner.
        INSERT INTO commissions (day, earner_id, invitee_id, depth, stake_cents, rate, amount_cents, refused)
        SELECT ${day}::date, p.earner_id, st.user_id, p.depth, st.stake_cents, p.rate_e5 / 100000.0, p.amount, p.refused
          FROM stakers st CROSS JOIN rates r
          CROSS JOIN LATERAL (VALUES (1, st.e1, st.a1, st.x1, r.r1), (2, st.e2, st.a2, st.x2, r.r2),
                                     (3, st.e3, st.a3, st.x3, r.r3)) AS p(depth, earner_id, amount, refused, rate_e5)
         WHERE (st.x1 IS NOT NULL OR st.x2 IS NOT NULL OR st.x3 IS NOT NULL)
           AND p.refused IS NOT NULL AND p.earner_id IS NOT NULL AND p.amount > 0
        ON CONFLICT DO NOTHING
        RETURNING 1
      ), earned AS (
        INSERT INTO commission_earnings (earner_id, day, depth1_cents, depth2_cents, depth3_cents, amount_cents)
        SELECT earner_id, ${day}::date, coalesce(sum(amount) FILTER (WHERE depth = 1), 0),
               coalesce(sum(amount) FILTER (WHERE depth = 2), 0), coalesce(sum(amount) FILTER (WHERE depth = 3), 0),
               sum(amount)
          FROM per_depth GROUP BY earner_id HAVING sum(amount) > 0
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM refused_pairs)::int AS refused, (SELECT count(*) FROM earned)::int AS earned`.execute(
      trx,
    );
    const refusedCount = counted.rows[0]!.refused;
    const paid = await postDayCredits(trx, {
      code: 'commission',
      idempotencyKey: `commission:${day}`,
      referenceType: 'commission_day',
      referenceId: day,
      house: { kind: 'house_commission' },
      playerKind: 'player_commission',
      rows: sql`SELECT earner_id AS user_id, amount_cents FROM commission_earnings WHERE day = ${day}::date`,
    });
    const paidCents = paid.totalCents;
    await sql`
      INSERT INTO commission_days (day, paid_cents, refused_count, rate1, rate2, rate3)
      VALUES (${day}::date, ${paidCents}::bigint, ${refusedCount}, ${rateOf(1)?.rate ?? null}::numeric,
              ${rateOf(2)?.rate ?? null}::numeric, ${rateOf(3)?.rate ?? null}::numeric)`.execute(trx);
    return { day, settled: true, paidCents, earners: paid.players, refused: refusedCount };
  });
}
