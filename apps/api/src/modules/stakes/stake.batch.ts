import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import { playSessionUpsert, type StakeClock } from '../rg/rg.stake.ts';
import type { OpeningRow } from './stake.repository.ts';

/**
 * The stake path for a batch of bets of distinct players in one database transaction (the bet engine, decision
 * 0058). The same steps as `openStake`, split so that a refused bet writes nothing and the others keep theirs:
 * 1. `lockBatchPlayers`: the players' rows, in ascending id order, skipping a player locked elsewhere (that bet
 *    answers "busy" and is tried again later);
 * 2. `readBatchOpenings` (in the same trip as step 1): for the locked players, each player's accounts locked
 *    (ascending id) and, per player, what `openStake` answers (an `OpeningRow`, read without writing), judged by
 *    the same `judgeStake`;
 * 3. `countBatchStakes`: for the accepted bets only, set-based, what `openStake` writes: the player's game total and
 *    wagering, the day's total and the play session (the same upsert).
 */

/** Step 1: the players' rows, locked in ascending order; answers the ids locked (the others are busy). */
export function lockBatchPlayers(userIds: readonly bigint[]) {
  return sql<{ id: bigint }>`
    SELECT id FROM users WHERE id = ANY(${bigintArray(userIds)}::bigint[])
     ORDER BY id FOR NO KEY UPDATE SKIP LOCKED`;
}

export type BatchOpeningRow = Omit<OpeningRow, 'accounts'> & {
  user_id: bigint;
  /** The player's accounts, locked, with their ids (the batch's postings name them). */
  accounts: { id: string; kind: string; balance_cents: string }[];
};

/**
 * Step 2's statement, sent in the same trip as step 1's (after it): the players this transaction holds are locked
 * again (`SKIP LOCKED`: a row it holds comes back, a row held elsewhere is skipped, so the statement never waits on a
 * busy player), then their ledger accounts are locked in ascending id order, and per player the opening
 * `openStake` would answer: counters after the stake, the status, a running exclusion, the play session's start as
 * the upsert will leave it, the limit rows and the locked balances. The caller keeps only the rows of the players
 * step 1 answered.
 */
export function readBatchOpenings(
  stakes: readonly { userId: bigint; amountCents: bigint }[],
  clock: StakeClock,
) {
  const ids = bigintArray(stakes.map((stake) => stake.userId));
  const amounts = bigintArray(stakes.map((stake) => stake.amountCents));
  return sql<BatchOpeningRow>`
    WITH mine AS MATERIALIZED (
      SELECT id FROM users WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED
    ), locked AS MATERIALIZED (
      SELECT id, owner_user_id, kind, balance_cents FROM ledger_accounts
       WHERE owner_user_id IN (SELECT id FROM mine) AND currency = 'BRL' ORDER BY id FOR UPDATE
    ), b AS (SELECT * FROM unnest(${ids}::bigint[], ${amounts}::bigint[]) AS b(user_id, amount))
    SELECT u.id AS user_id, u.pay_sum_cents, u.game_sum_cents + b.amount AS game_sum_cents, u.level, u.status,
           EXISTS (SELECT 1 FROM rg_exclusions x
                    WHERE x.user_id = u.id AND (x.ends_at IS NULL OR x.ends_at > ${clock.now})) AS excluded,
           CASE WHEN s.user_id IS NULL OR s.last_play_at < ${clock.idleBefore} THEN ${clock.now}::timestamptz
                ELSE s.started_at END AS session_started_at,
           (SELECT coalesce(json_agg(l), '[]'::json) FROM (
              SELECT kind, period, value::text AS value, NULL::timestamptz AS effective_at
                FROM rg_limits WHERE user_id = u.id
              UNION ALL
              SELECT kind, period, value::text, effective_at FROM rg_limit_changes WHERE user_id = u.id) l) AS limits,
           (SELECT coalesce(json_agg(json_build_object('id', a.id::text, 'kind', a.kind, 'balance_cents', a.balance_cents::text)), '[]'::json)
              FROM locked a WHERE a.owner_user_id = u.id) AS accounts
      FROM b JOIN mine m ON m.id = b.user_id JOIN users u ON u.id = b.user_id
      LEFT JOIN rg_play_sessions s ON s.user_id = u.id`;
}

/** Step 3: what the accepted stakes count, set-based, in the order of step 1's locks. */
export function countBatchStakes(
  stakes: readonly { userId: bigint; amountCents: bigint }[],
  clock: StakeClock,
) {
  const sorted = [...stakes].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const ids = bigintArray(sorted.map((stake) => stake.userId));
  const amounts = bigintArray(sorted.map((stake) => stake.amountCents));
  return sql<{ id: bigint }>`
    WITH b AS (SELECT * FROM unnest(${ids}::bigint[], ${amounts}::bigint[]) AS b(user_id, amount)),
    counted AS (
      UPDATE users u SET game_sum_cents = u.game_sum_cents + b.amount,
                         wagering_remaining_cents = greatest(0, u.wagering_remaining_cents - b.amount)
        FROM b WHERE u.id = b.user_id
      RETURNING u.id
    ), daily AS (
      INSERT INTO stake_daily (day, user_id, stake_cents)
      SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date, b.user_id, b.amount FROM b ORDER BY b.user_id
      ON CONFLICT (day, user_id) DO UPDATE SET stake_cents = stake_daily.stake_cents + excluded.stake_cents
    ), session AS (${playSessionUpsert('counted', clock)})
    SELECT id FROM counted`;
}
