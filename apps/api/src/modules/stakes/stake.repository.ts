import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';
import { balancesOf, lockedPlayerAccounts, type PlayerBalances } from '../ledger/ledger.service.ts';
import { type LimitRow, limitRows } from '../rg/rg.service.ts';
import {
  exclusionRunning,
  playSessionUpsert,
  type StakeClock,
  type StakePlayerState,
} from '../rg/rg.stake.ts';

/**
 * SQL of the stake path outside the ledger: the stake's opening statement. Its update of the player's row also
 * sets the VIP level (the `users` trigger reads the operator's `vip_levels`, migration 0050).
 */

export interface StakeCounters {
  paySumCents: bigint;
  gameSumCents: bigint;
  level: number;
}

/** What a stake's opening statement answers: everything the stake decides on, with its rows locked. */
export interface StakeOpening {
  counters: StakeCounters;
  /** The play session's start (responsible gambling) and the player's limit rows, for `assertWithinStakeLimits`. */
  sessionStartedAt: Date | string;
  limits: LimitRow[];
  /** The account's status and whether an exclusion runs, for `assertMayStake` (responsible gambling). */
  player: StakePlayerState;
  /** The player's balances, their accounts locked until commit. */
  balances: PlayerBalances;
}

/**
 * Opens a stake in ONE statement (one round trip instead of three): counts it on the player's row (game total up,
 * wagering requirement down, floored at zero) and in the player's total of the day, moves the play session, and
 * reads the player's limits and locked balances. The player's row is locked first, then the session, then the
 * player's accounts: the session and the accounts are read from the updated row, so PostgreSQL runs them after
 * it. The row's lock is the first lock of every money path (docs/ledger.md): it also serialises one player's
 * stakes, deposits, withdrawals and transfers. A refusal after this (a limit, too little money) throws, and the
 * bet's transaction rolls back with everything written here.
 */
export async function openStake(
  trx: Tx,
  userId: bigint,
  amountCents: bigint,
  clock: StakeClock,
): Promise<StakeOpening> {
  return readOpening((await openStakeStatement(userId, amountCents, clock).execute(trx)).rows, userId);
}

export type OpeningRow = {
  pay_sum_cents: bigint;
  game_sum_cents: bigint;
  level: number;
  session_started_at: Date;
  limits: LimitRow[];
  status: string;
  excluded: boolean;
  face_check_due: boolean;
  accounts: { kind: string; balance_cents: string }[];
};

/** `openStake`'s statement, for a caller that sends it with others in one trip (`inOneTrip`); read with `readOpening`. */
export function openStakeStatement(userId: bigint, amountCents: bigint, clock: StakeClock) {
  // The day's total (America/Sao_Paulo, the day the commission job settles) is written from the updated row, so
  // it follows the row's lock: only the same player ever contends for it, and the daily job reads one row per
  // player and day instead of every bet.
  return sql<OpeningRow>`
    WITH counted AS (
      UPDATE users SET game_sum_cents = game_sum_cents + ${amountCents}::bigint,
                       wagering_remaining_cents = greatest(0, wagering_remaining_cents - ${amountCents}::bigint)
       WHERE id = ${userId}
      RETURNING id, pay_sum_cents, game_sum_cents, level, status, face_check_due
    ), daily AS (
      INSERT INTO stake_daily (day, user_id, stake_cents)
      SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date, id, ${amountCents}::bigint FROM counted
      ON CONFLICT (day, user_id) DO UPDATE SET stake_cents = stake_daily.stake_cents + excluded.stake_cents
    ), session AS (${playSessionUpsert('counted', clock)}
    ), accounts AS (${lockedPlayerAccounts(sql`(SELECT id FROM counted)`)})
    SELECT c.pay_sum_cents, c.game_sum_cents, c.level, c.status, ${exclusionRunning(userId, clock)} AS excluded,
           c.face_check_due IS NOT NULL AS face_check_due,
           (SELECT started_at FROM session) AS session_started_at,
           (SELECT coalesce(json_agg(l), '[]'::json) FROM (${limitRows(userId)}) l) AS limits,
           (SELECT coalesce(json_agg(a), '[]'::json) FROM accounts a) AS accounts
      FROM counted c`;
}

export function readOpening(rows: readonly OpeningRow[], userId: bigint): StakeOpening {
  const row = rows[0];
  if (!row) throw new Error(`stakes: no player ${userId}`);
  return {
    counters: { paySumCents: row.pay_sum_cents, gameSumCents: row.game_sum_cents, level: row.level },
    sessionStartedAt: row.session_started_at,
    limits: row.limits,
    player: { status: row.status, excluded: row.excluded, faceCheckDue: row.face_check_due },
    balances: balancesOf(row.accounts),
  };
}
