import { centsToReais } from '@aposta/money';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { balanceAnswer } from './balance-answer.ts';
import { creditReward, lockRewardedPlayer } from './rewards.ts';

/** The VIP table (operator data, migration 0050) and the player's status and level rewards. */

export async function vipLevelRows(db: Db | Tx) {
  return db
    .selectFrom('vip_levels')
    .select([
      'level',
      'pay_sum_cents',
      'game_sum_cents',
      'withdraw_day_max_cents',
      'withdraw_day_count',
      'reward_cents',
    ])
    .orderBy('level')
    .limit(11)
    .execute();
}

export type VipLevelRow = Awaited<ReturnType<typeof vipLevelRows>>[number];

/**
 * A level's daily withdrawal count as it applies (decision 0029): the table's, lowered by the house-wide
 * WITHDRAWALS_PER_DAY when the operator sets one. The VIP page and the withdrawal sheet both read it here.
 */
export const levelDayCount = (tableCount: number, perDayCeiling: number | null) =>
  perDayCeiling === null ? tableCount : Math.min(tableCount, perDayCeiling);

/**
 * A level as the back office edits it: the table's own figures, which it posts back. One argument only: it is
 * passed straight to `Array.map`, whose second argument (the row's position) once became a "ceiling" here and
 * showed counts 0, 1, 2, … that the cap check then refused when saved back unchanged.
 */
export const presentVipLevel = (row: VipLevelRow) => ({
  level: row.level,
  paySumAmount: centsToReais(row.pay_sum_cents),
  gameSumAmount: centsToReais(row.game_sum_cents),
  withdrawDayMax: centsToReais(row.withdraw_day_max_cents),
  withdrawDayCount: row.withdraw_day_count,
  reward: centsToReais(row.reward_cents),
});

/** A level as the player's pages show it: the daily count that applies (`levelDayCount`). */
export const presentPlayerVipLevel = (row: VipLevelRow, perDayCeiling: number | null) => ({
  ...presentVipLevel(row),
  withdrawDayCount: levelDayCount(row.withdraw_day_count, perDayCeiling),
});

export async function listVipLevels(ctx: AppContext) {
  const ceiling = ctx.config.withdrawalsPerDay;
  return (await vipLevelRows(ctx.db)).map((row) => presentPlayerVipLevel(row, ceiling));
}

/** Decision 0029: a higher level never lowers a daily withdrawal cap (amount or count); migration 0100 holds it too. */
export function withdrawCapsInOrder(
  rows: readonly { level: number; withdraw_day_max_cents: bigint; withdraw_day_count: number }[],
): boolean {
  const sorted = [...rows].sort((a, b) => a.level - b.level);
  return sorted.every(
    (row, index) =>
      index === 0 ||
      (row.withdraw_day_max_cents >= sorted[index - 1]!.withdraw_day_max_cents &&
        row.withdraw_day_count >= sorted[index - 1]!.withdraw_day_count),
  );
}

/** The user object's `nextlevel`: the next level's thresholds, or the top level's own at the top. */
export async function nextLevelOf(db: Db, level: number) {
  const row = await db
    .selectFrom('vip_levels')
    .select(['pay_sum_cents', 'game_sum_cents'])
    .where('level', '=', Math.min(level + 1, 11))
    .executeTakeFirst();
  return {
    gameSumAmount: centsToReais(row?.game_sum_cents ?? 0n),
    paySumAmount: centsToReais(row?.pay_sum_cents ?? 0n),
  };
}

export async function vipStatus(ctx: AppContext, userId: bigint) {
  const [user, levels, claims] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select(['level', 'pay_sum_cents', 'game_sum_cents'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    vipLevelRows(ctx.db),
    ctx.db.selectFrom('vip_reward_claims').select('level').where('user_id', '=', userId).limit(11).execute(),
  ]);
  const claimed = new Set(claims.map((row) => row.level));
  const next = levels.find((row) => row.level === user.level + 1);
  return {
    level: user.level,
    next: next
      ? {
          level: next.level,
          paySumAmount: centsToReais(next.pay_sum_cents),
          gameSumAmount: centsToReais(next.game_sum_cents),
        }
      : null,
    progress: {
      paySumAmount: centsToReais(user.pay_sum_cents),
      gameSumAmount: centsToReais(user.game_sum_cents),
    },
    rewards: levels
      .filter((row) => row.reward_cents > 0n)
      .map((row) => ({
        level: row.level,
        amount: centsToReais(row.reward_cents),
        claimed: claimed.has(row.level),
      })),
  };
}

/**
 * The reward of a level the player has reached, once: the claim row's key and the ledger key both refuse a
 * second one, and the player's row lock makes two devices' claims run one after the other.
 */
export async function claimVipReward(ctx: AppContext, userId: bigint, level: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await lockRewardedPlayer(trx, userId);
    const user = await trx
      .selectFrom('users')
      .select('level')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .selectFrom('vip_levels')
      .select('reward_cents')
      .where('level', '=', level)
      .executeTakeFirst();
    if (!row || row.reward_cents <= 0n) throw notFound('engage.vip_no_reward');
    if (user.level < level) throw conflict('engage.vip_not_reached');
    const inserted = await trx
      .insertInto('vip_reward_claims')
      .values({ user_id: userId, level, amount_cents: row.reward_cents })
      .onConflict((oc) => oc.doNothing())
      .returning('level')
      .executeTakeFirst();
    if (!inserted) throw conflict('engage.vip_claimed');
    await creditReward(trx, {
      userId,
      kind: 'vip',
      campaign: 'vip',
      amountCents: row.reward_cents,
      key: `vip_reward:${userId}:${level}`,
      referenceType: 'vip_reward',
      referenceId: `${userId}:${level}`,
    });
  });
  await ctx.events.publish('balanceChanged', { userId });
  return balanceAnswer(ctx.db, userId);
}

/**
 * The player's level caps on withdrawals today (api-contract section 13: the level's daily cap and count feed
 * `getWithdraw`): how many more and how much more, counting today's withdrawals that were not cancelled. The one
 * source of the day's room (decision 0029); `perDayCeiling` is WITHDRAWALS_PER_DAY when the operator sets it.
 */
export async function levelWithdrawRoom(
  trx: Tx,
  userId: bigint,
  dayStart: RawBuilder<Date>,
  perDayCeiling: number | null,
) {
  const row = await sql<{ day_max: string; day_count: number; used_cents: string; used_count: number }>`
    SELECT v.withdraw_day_max_cents::text AS day_max, v.withdraw_day_count AS day_count,
           coalesce((SELECT sum(o.amount_cents) FROM orders o
                      WHERE o.user_id = u.id AND o.type = '11' AND o.status <> '01'
                        AND o.created_at >= ${dayStart}), 0)::text AS used_cents,
           (SELECT count(*) FROM orders o
             WHERE o.user_id = u.id AND o.type = '11' AND o.status <> '01'
               AND o.created_at >= ${dayStart})::int AS used_count
      FROM users u JOIN vip_levels v ON v.level = u.level
     WHERE u.id = ${userId}`.execute(trx);
  const found = row.rows[0];
  if (!found) return { countLeft: 0, amountLeftCents: 0n, dayMaxCents: 0n, dayCount: 0 };
  const dayMaxCents = BigInt(found.day_max);
  const dayCount = levelDayCount(found.day_count, perDayCeiling);
  const amountLeftCents = dayMaxCents - BigInt(found.used_cents);
  return {
    countLeft: Math.max(0, dayCount - found.used_count),
    amountLeftCents: amountLeftCents > 0n ? amountLeftCents : 0n,
    dayMaxCents,
    dayCount,
  };
}

export type LevelWithdrawRoom = Awaited<ReturnType<typeof levelWithdrawRoom>>;
