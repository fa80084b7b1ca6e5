import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { lockCashBatch, postCashBatch } from '../ledger/ledger.batch.ts';

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
 * 2. one statement from the day's stake totals (`stake_daily`, kept by the stake path) up the inviter chain to
 *    depth 3, at the current rates; none for test accounts or blocked players. Pairs where the earner is the
 *    invitee, or both share a CPF or a device, are written one by one to `commissions` (for the operator) and
 *    not paid; the rest is one `commission_earnings` row per earner with the per-depth breakdown (the per-friend
 *    figures are derived at read time from `stake_daily` and the day's rates, kept in `commission_days`). Both
 *    tables' keys refuse a second row even without the lock; the earnings rows it wrote are what it pays;
 * 3. one ledger transaction per earner (`commission:<day>:<earner>`, unique) from `house_commission` to the
 *    earner's claimable `player_commission` account, all in a few statements (ledger.batch.ts).
 */
export async function settleCommissionDay(db: Db, day: string): Promise<SettledDay> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('commission_day'), hashtext(${day}))`.execute(trx);
    const done = await sql`SELECT 1 FROM commission_days WHERE day = ${day}::date`.execute(trx);
    if (done.rows.length > 0) return { day, settled: false, paidCents: 0n, earners: 0, refused: 0 };

    const owed = await sql<{ earner_id: string | null; amount: string; refused: number }>`
      WITH stakers AS (
        SELECT s.user_id, s.stake_cents, u.inviter_id AS d1, u.kyc_cpf AS cpf
          FROM stake_daily s JOIN users u ON u.id = s.user_id
         WHERE s.day = ${day}::date AND s.stake_cents > 0 AND u.inviter_id IS NOT NULL
           AND NOT u.test_flag AND u.status <> 'blocked'
      ), chain AS (
        -- The earner's columns ride along the chain, so every join is a hash join (no probe per row).
        SELECT st.user_id AS invitee_id, st.cpf AS invitee_cpf, st.stake_cents, 1 AS depth,
               e.id AS earner_id, e.kyc_cpf AS earner_cpf, e.test_flag, e.status
          FROM stakers st JOIN users e ON e.id = st.d1
        UNION ALL
        SELECT st.user_id, st.cpf, st.stake_cents, 2, e.id, e.kyc_cpf, e.test_flag, e.status
          FROM stakers st JOIN users u1 ON u1.id = st.d1 JOIN users e ON e.id = u1.inviter_id
        UNION ALL
        SELECT st.user_id, st.cpf, st.stake_cents, 3, e.id, e.kyc_cpf, e.test_flag, e.status
          FROM stakers st JOIN users u1 ON u1.id = st.d1 JOIN users u2 ON u2.id = u1.inviter_id
          JOIN users e ON e.id = u2.inviter_id
      ), device_pairs AS (
        -- Accounts that share a device, once: few, so the pairs below meet them in one hash join, not a probe each.
        SELECT DISTINCT a.subject_id AS one_id, b.subject_id AS other_id
          FROM trusted_devices a JOIN trusted_devices b ON b.device_hash = a.device_hash
         WHERE a.subject = 'player' AND b.subject = 'player' AND a.subject_id <> b.subject_id
      ), pairs AS (
        SELECT c.earner_id, c.invitee_id, c.depth, c.stake_cents, r.rate,
               floor(c.stake_cents * r.rate)::bigint AS amount_cents,
               CASE
                 WHEN c.earner_id = c.invitee_id THEN 'self'
                 WHEN c.earner_cpf IS NOT NULL AND c.earner_cpf <> '' AND c.earner_cpf = c.invitee_cpf THEN 'shared_cpf'
                 WHEN dp.one_id IS NOT NULL THEN 'shared_device'
               END AS refused
          FROM chain c JOIN commission_rates r ON r.depth = c.depth
          LEFT JOIN device_pairs dp ON dp.one_id = c.earner_id AND dp.other_id = c.invitee_id
         WHERE NOT c.test_flag AND c.status <> 'blocked' AND floor(c.stake_cents * r.rate) > 0
      ), refused_pairs AS (
        -- Only refused pairs are kept one by one (the operator's list); what is paid is one row per earner.
        INSERT INTO commissions (day, earner_id, invitee_id, depth, stake_cents, rate, amount_cents, refused)
        SELECT ${day}::date, earner_id, invitee_id, depth, stake_cents, rate, amount_cents, refused
          FROM pairs WHERE refused IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING earner_id
      ), earned AS (
        INSERT INTO commission_earnings (earner_id, day, depth1_cents, depth2_cents, depth3_cents, amount_cents)
        SELECT earner_id, ${day}::date,
               coalesce(sum(amount_cents) FILTER (WHERE depth = 1), 0), coalesce(sum(amount_cents) FILTER (WHERE depth = 2), 0),
               coalesce(sum(amount_cents) FILTER (WHERE depth = 3), 0), sum(amount_cents)
          FROM pairs WHERE refused IS NULL GROUP BY earner_id
        ON CONFLICT DO NOTHING
        RETURNING earner_id, amount_cents
      )
      SELECT earner_id::text, amount_cents::text AS amount, 0 AS refused FROM earned
      UNION ALL
      SELECT NULL, '0', count(*)::int FROM refused_pairs`.execute(trx);
    const refusedCount = owed.rows.reduce((sum, row) => sum + row.refused, 0);
    const entries = owed.rows
      .filter((row) => row.earner_id !== null && row.amount !== '0')
      .map((row) => ({
        code: 'commission',
        idempotencyKey: `commission:${day}:${row.earner_id}`,
        referenceType: 'commission_day',
        referenceId: day,
        userId: BigInt(row.earner_id!),
        amountCents: BigInt(row.amount),
      }));
    if (entries.length > 0) {
      const batch = await lockCashBatch(
        trx,
        entries.map((entry) => entry.userId),
        { kind: 'house_commission' },
        'player_commission',
      );
      await postCashBatch(trx, batch, entries);
    }
    const paidCents = entries.reduce((sum, entry) => sum + entry.amountCents, 0n);
    await sql`
      INSERT INTO commission_days (day, paid_cents, refused_count, rate1, rate2, rate3)
      SELECT ${day}::date, ${paidCents}::bigint, ${refusedCount},
             max(rate) FILTER (WHERE depth = 1), max(rate) FILTER (WHERE depth = 2), max(rate) FILTER (WHERE depth = 3)
        FROM commission_rates`.execute(trx);
    return { day, settled: true, paidCents, earners: entries.length, refused: refusedCount };
  });
}
