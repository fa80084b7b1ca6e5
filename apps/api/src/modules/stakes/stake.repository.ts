import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';

/** SQL of the stake path outside the ledger: the player's counters on the `users` row. */

export interface StakeCounters {
  paySumCents: bigint;
  gameSumCents: bigint;
  level: number;
}

/**
 * Counts a stake on the player's row (game total up, wagering requirement down, floored at zero) and answers the
 * sums the VIP level follows. The row's lock is the first lock of every money path (docs/ledger.md): it also
 * serialises one player's stakes, deposits, withdrawals and transfers.
 */
export async function countStake(trx: Tx, userId: bigint, amountCents: bigint): Promise<StakeCounters> {
  const row = await trx
    .updateTable('users')
    .set({
      game_sum_cents: sql`game_sum_cents + ${amountCents}::bigint`,
      wagering_remaining_cents: sql`greatest(0, wagering_remaining_cents - ${amountCents}::bigint)`,
    })
    .where('id', '=', userId)
    .returning(['pay_sum_cents', 'game_sum_cents', 'level'])
    .executeTakeFirstOrThrow();
  return { paySumCents: row.pay_sum_cents, gameSumCents: row.game_sum_cents, level: row.level };
}

/** Raises the level (never lowers it); runs only on the stake that crosses a threshold. */
export async function raiseLevel(trx: Tx, userId: bigint, level: number): Promise<void> {
  await trx.updateTable('users').set({ level }).where('id', '=', userId).where('level', '<', level).execute();
}

/**
 * Adds the stake to the player's total of the day (America/Sao_Paulo, the day the commission job settles). It
 * runs after `countStake`, under the player's row lock, so this row is only ever contended by the same player:
 * no new hot row, and the daily job reads one row per player and day instead of every bet.
 */
export async function countDailyStake(trx: Tx, userId: bigint, amountCents: bigint): Promise<void> {
  await sql`
    INSERT INTO stake_daily (day, user_id, stake_cents)
    VALUES ((now() AT TIME ZONE 'America/Sao_Paulo')::date, ${userId}, ${amountCents}::bigint)
    ON CONFLICT (day, user_id) DO UPDATE SET stake_cents = stake_daily.stake_cents + excluded.stake_cents`.execute(
    trx,
  );
}
