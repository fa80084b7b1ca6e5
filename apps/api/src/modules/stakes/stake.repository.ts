import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';

/** SQL of the stake path outside the ledger: the player's counters on the `users` row. */

export interface StakeCounters {
  paySumCents: bigint;
  gameSumCents: bigint;
  level: number;
}

/**
 * Counts a stake on the player's row (game total up, wagering requirement down, floored at zero) and in the
 * player's total of the day, and answers the sums the VIP level follows. The row's lock is the first lock of every money path (docs/ledger.md): it also
 * serialises one player's stakes, deposits, withdrawals and transfers.
 */
export async function countStake(trx: Tx, userId: bigint, amountCents: bigint): Promise<StakeCounters> {
  // The day's total (America/Sao_Paulo, the day the commission job settles) is written from the updated row, so
  // it follows the row's lock: only the same player ever contends for it, and the daily job reads one row per
  // player and day instead of every bet. One statement: one round trip per stake.
  const result = await sql<{ pay_sum_cents: bigint; game_sum_cents: bigint; level: number }>`
    WITH counted AS (
      UPDATE users SET game_sum_cents = game_sum_cents + ${amountCents}::bigint,
                       wagering_remaining_cents = greatest(0, wagering_remaining_cents - ${amountCents}::bigint)
       WHERE id = ${userId}
      RETURNING id, pay_sum_cents, game_sum_cents, level
    ), daily AS (
      INSERT INTO stake_daily (day, user_id, stake_cents)
      SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date, id, ${amountCents}::bigint FROM counted
      ON CONFLICT (day, user_id) DO UPDATE SET stake_cents = stake_daily.stake_cents + excluded.stake_cents
    )
    SELECT pay_sum_cents, game_sum_cents, level FROM counted`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`stakes: no player ${userId}`);
  return { paySumCents: row.pay_sum_cents, gameSumCents: row.game_sum_cents, level: row.level };
}

/** Raises the level (never lowers it); runs only on the stake that crosses a threshold. */
export async function raiseLevel(trx: Tx, userId: bigint, level: number): Promise<void> {
  await trx.updateTable('users').set({ level }).where('id', '=', userId).where('level', '<', level).execute();
}
