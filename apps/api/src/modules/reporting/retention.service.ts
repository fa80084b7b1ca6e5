import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { reportingClock } from './clock.ts';
import { ANONYMISE_RULE, closedAccountsPastRetention, RETENTION_RULES } from './retention.rules.ts';

/**
 * Replaces a closed account's personal data. The id stays (bets, orders and the ledger keep their owner); the
 * CPF stays only while a permanent self-exclusion exists, so that the person cannot open a new account with it.
 * Sessions, trusted devices, saved PIX keys and the registration data (address, gender, sign-up IP) go.
 */
async function anonymise(trx: Tx, userId: bigint, now: Date): Promise<void> {
  const permanent = await trx
    .selectFrom('rg_exclusions')
    .select('id')
    .where('user_id', '=', userId)
    .where('period', '=', 'permanent')
    .executeTakeFirst();
  await trx
    .updateTable('users')
    .set({
      username: `anonimizado-${userId}@invalid`,
      password_hash: '!anonymised',
      test_password: null,
      name: '',
      phone: '',
      card_no: '',
      kyc_name: null,
      birth_date: null,
      kyc_check: null,
      kyc_reason: null,
      ...(permanent ? {} : { kyc_cpf: null }),
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('sessions').where('subject', '=', 'player').where('subject_id', '=', userId).execute();
  await trx
    .deleteFrom('trusted_devices')
    .where('subject', '=', 'player')
    .where('subject_id', '=', userId)
    .execute();
  await trx.deleteFrom('payout_accounts').where('user_id', '=', userId).execute();
  // The KYC selfies (decision 0065) are KYC evidence: they go with the rest of the identity data.
  await trx.deleteFrom('kyc_selfies').where('user_id', '=', userId).execute();
  // The registration data table belongs to the registration module; it may be absent in older databases.
  const registration = await sql<{ present: boolean }>`
    SELECT to_regclass('player_registration_data') IS NOT NULL AS present`.execute(trx);
  if (registration.rows[0]?.present) {
    await sql`DELETE FROM player_registration_data WHERE user_id = ${userId}`.execute(trx);
  }
  await trx.insertInto('retention_anonymised').values({ user_id: userId, anonymised_at: now }).execute();
}

/**
 * Applies every retention rule for the clock's instant, in one transaction, and records what each touched.
 * Both profiles run it: the table is the operator's policy either way (the SPA reports exist only under
 * br-licensed, so that rule finds nothing in the open profile).
 */
export async function runRetention(ctx: AppContext): Promise<Record<string, number>> {
  const now = reportingClock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const counts: Record<string, number> = {};
    for (const rule of RETENTION_RULES) {
      const result = await rule.apply(now).execute(trx);
      counts[rule.kind] = Number(result.numAffectedRows ?? 0n);
    }
    const closed = await closedAccountsPastRetention(now).execute(trx);
    for (const row of closed.rows as { id: bigint | string }[]) await anonymise(trx, BigInt(row.id), now);
    counts[ANONYMISE_RULE.kind] = closed.rows.length;
    await trx
      .insertInto('retention_runs')
      .values({ clock_at: now, counts: JSON.stringify(counts) })
      .execute();
    return counts;
  });
}

/** The last runs, newest first (the back office's evidence that the job runs). */
export async function lastRetentionRuns(ctx: AppContext, limit = 10) {
  const rows = await ctx.db
    .selectFrom('retention_runs')
    .select(['ran_at', 'clock_at', 'counts'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ranAt: new Date(row.ran_at).getTime(),
    clockAt: new Date(row.clock_at).getTime(),
    counts: row.counts as Record<string, number>,
  }));
}
