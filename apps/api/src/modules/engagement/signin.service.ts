import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict } from '../../lib/domain-error.ts';
import { refuseBonuses } from '../rg/rg.bonuses.ts';
import { balanceAnswer } from './balance-answer.ts';
import { playerDay, signinPosition } from './engagement.rules.ts';
import { creditReward, lockRewardedPlayer } from './rewards.ts';

/**
 * Daily sign-in: one claim per day of the player's own calendar (the zone recorded on the account, never the
 * request's), a 7-day calendar that a missed day restarts at day 1. "Now" is the process clock (Date.now), so a
 * test moves it with a fake Date.
 */

async function standing(db: Db | Tx, userId: bigint) {
  const [user, last, rewards] = await Promise.all([
    db.selectFrom('users').select('zone_minutes').where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('signin_claims')
      .select([sql<string>`player_day::text`.as('player_day'), 'calendar_day'])
      .where('user_id', '=', userId)
      .orderBy('player_day', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('signin_rewards').select(['day', 'reward_cents']).orderBy('day').limit(7).execute(),
  ]);
  const today = playerDay(Date.now(), user.zone_minutes);
  const position = signinPosition(
    last ? { playerDay: last.player_day, calendarDay: last.calendar_day } : undefined,
    today,
  );
  return { today, position, rewards };
}

export async function signinCalendar(ctx: AppContext, userId: bigint) {
  const { position, rewards } = await standing(ctx.db, userId);
  return {
    days: rewards.map((row) => ({
      day: row.day,
      reward: centsToReais(row.reward_cents),
      claimed: row.day <= position.streak,
    })),
    ...position,
  };
}

/** Claims today's reward; 409 when today is already claimed (the claim's key refuses a second one). */
export async function claimSignin(ctx: AppContext, userId: bigint) {
  refuseBonuses(ctx.config);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    await lockRewardedPlayer(trx, userId);
    const { today, position, rewards } = await standing(trx, userId);
    if (position.claimedToday) throw conflict('engage.signin_claimed');
    const rewardCents = rewards.find((row) => row.day === position.today)?.reward_cents ?? 0n;
    const inserted = await trx
      .insertInto('signin_claims')
      .values({ user_id: userId, player_day: today, calendar_day: position.today, amount_cents: rewardCents })
      .onConflict((oc) => oc.doNothing())
      .returning('calendar_day')
      .executeTakeFirst();
    if (!inserted) throw conflict('engage.signin_claimed');
    if (rewardCents > 0n) {
      await creditReward(trx, {
        userId,
        kind: 'signin',
        campaign: 'signin',
        amountCents: rewardCents,
        key: `signin_reward:${userId}:${today}`,
        referenceType: 'signin',
        referenceId: `${userId}:${today}`,
      });
    }
    return { day: position.today, rewardCents };
  });
  await ctx.events.publish('balanceChanged', { userId });
  return {
    day: claimed.day,
    reward: centsToReais(claimed.rewardCents),
    ...(await balanceAnswer(ctx.db, userId)),
  };
}
