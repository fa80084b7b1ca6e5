import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { TRANSPARENCY_TIME_ZONE } from './transparency.rules.ts';

/** Journal rows younger than this are left to the live tail: a money transaction commits well within it. */
export const FOLD_SETTLE_SECONDS = 120;
const FOLD_BATCH = 100_000;

export const localDayOf = (column: string) =>
  sql.raw(`(${column} AT TIME ZONE '${TRANSPARENCY_TIME_ZONE}')::date`);
/** The stakes of every product: a minute with one is a minute played. */
export const STAKE_CODE = sql`t.code LIKE '%\\_stake'`;

/**
 * Folds the journal past the watermark into each player's daily totals (player_daily_ledger) and minutes played
 * (player_daily_play), with the new watermark in the same transaction: all or nothing, and two servers folding at
 * once serialise on the watermark row. Only rows older than `settleSeconds` are folded (an id is taken before
 * commit, so a younger one may still have an uncommitted smaller neighbour); the page reads the rest live.
 * The money paths write nothing here (decision 0053).
 */
export async function foldPlayerDays(db: Db, settleSeconds = FOLD_SETTLE_SECONDS): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const mark = await trx
      .selectFrom('player_daily_watermark')
      .select('last_tx_id')
      .forUpdate()
      .executeTakeFirstOrThrow();
    const upper = await sql<{ upper: string | null }>`
      SELECT max(id)::text AS upper FROM (
        SELECT id FROM ledger_transactions
         WHERE id > ${mark.last_tx_id} AND created_at < now() - make_interval(secs => ${settleSeconds})
         ORDER BY id LIMIT ${FOLD_BATCH}) batch`.execute(trx);
    const upperId = upper.rows[0]?.upper;
    if (!upperId) return 0;
    const batch = sql`
      FROM ledger_transactions t
      JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id
     WHERE t.id > ${mark.last_tx_id} AND t.id <= ${upperId}::bigint AND a.owner_user_id IS NOT NULL`;
    await sql`
      INSERT INTO player_daily_ledger (user_id, day, code, amount_cents)
      SELECT a.owner_user_id, ${localDayOf('t.created_at')}, t.code, sum(p.amount_cents) ${batch}
       GROUP BY 1, 2, 3
      ON CONFLICT (user_id, day, code)
      DO UPDATE SET amount_cents = player_daily_ledger.amount_cents + EXCLUDED.amount_cents`.execute(trx);
    await sql`
      INSERT INTO player_daily_play (user_id, day, play_minutes, first_minute, last_minute)
      SELECT user_id, day, count(DISTINCT minute), min(minute), max(minute) FROM (
        SELECT a.owner_user_id AS user_id, ${localDayOf('t.created_at')} AS day,
               date_trunc('minute', t.created_at) AS minute ${batch} AND ${STAKE_CODE}) stakes
       GROUP BY 1, 2
      ON CONFLICT (user_id, day) DO UPDATE SET
        play_minutes = player_daily_play.play_minutes + EXCLUDED.play_minutes
          - (player_daily_play.last_minute = EXCLUDED.first_minute)::int,
        last_minute = greatest(player_daily_play.last_minute, EXCLUDED.last_minute)`.execute(trx);
    await trx
      .updateTable('player_daily_watermark')
      .set({ last_tx_id: BigInt(upperId), updated_at: sql`now()` })
      .execute();
    return Number(BigInt(upperId) - mark.last_tx_id);
  });
}
