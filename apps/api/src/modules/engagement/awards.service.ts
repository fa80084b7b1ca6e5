import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { bonusesAllowed, refuseBonuses } from '../rg/rg.bonuses.ts';
import { balanceAnswer } from './balance-answer.ts';
import { canReceiveRewards, creditReward, lockRewardedPlayer } from './rewards.ts';

/** Activities (operator campaigns) and the awards waiting for a player (the home popup's gifts). */

const ACTIVITY_COLUMNS = [
  'id',
  'title',
  'image',
  'summary',
  'content',
  'starts_at',
  'ends_at',
  'target_stake_cents',
  'reward_cents',
] as const;

const presentSummary = (row: {
  id: bigint;
  title: string;
  image: string;
  summary: string;
  starts_at: Date;
  ends_at: Date;
}) => ({
  id: Number(row.id),
  title: row.title,
  image: row.image,
  summary: row.summary,
  startsAt: row.starts_at.getTime(),
  endsAt: row.ends_at.getTime(),
});

export async function runningActivities(ctx: AppContext) {
  let query = ctx.db
    .selectFrom('activities')
    .select(ACTIVITY_COLUMNS)
    .where('enabled', '=', true)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`);
  // Under the Brazilian licence an activity that pays a reward is an offer the law forbids (modules/rg).
  if (!bonusesAllowed(ctx.config)) query = query.where('reward_cents', '=', 0n);
  const rows = await query.orderBy('sort').orderBy('id', 'desc').limit(50).execute();
  return rows.map(presentSummary);
}

/** The player's stakes within an activity's days (America/Sao_Paulo days, as the daily stake totals are kept). */
async function stakedWithin(ctx: AppContext, userId: bigint, startsAt: Date, endsAt: Date): Promise<bigint> {
  const row = await sql<{ staked: string }>`
    SELECT coalesce(sum(stake_cents), 0)::text AS staked FROM stake_daily
     WHERE user_id = ${userId}
       AND day BETWEEN (${startsAt}::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date
                   AND (${endsAt}::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date`.execute(ctx.db);
  return BigInt(row.rows[0]?.staked ?? '0');
}

/**
 * An enabled activity (running or not: a link to an ended one still shows it) with the player's progress; a guest
 * (no player) sees it without progress.
 */
export async function activityDetail(ctx: AppContext, userId: bigint | undefined, id: number) {
  const row = await ctx.db
    .selectFrom('activities')
    .select(ACTIVITY_COLUMNS)
    .where('id', '=', BigInt(id))
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound();
  let progress = null;
  if (row.target_stake_cents !== null && userId !== undefined) {
    const staked = await stakedWithin(ctx, userId, row.starts_at, row.ends_at);
    const reached = staked >= row.target_stake_cents;
    if (reached) await earnActivityAwards(ctx, userId);
    progress = {
      staked: centsToReais(staked),
      target: centsToReais(row.target_stake_cents),
      reward: centsToReais(row.reward_cents),
      reached,
    };
  }
  return { ...presentSummary(row), content: row.content, progress };
}

/**
 * Writes the award of every running activity whose stake target the player has reached. The award's key (player,
 * activity) makes this safe to run from any call, any number of times: each activity awards a player once.
 */
export async function earnActivityAwards(ctx: AppContext, userId: bigint): Promise<void> {
  if (!bonusesAllowed(ctx.config)) return;
  const targets = await ctx.db
    .selectFrom('activities')
    .select(['id', 'title', 'starts_at', 'ends_at', 'target_stake_cents', 'reward_cents'])
    .where('enabled', '=', true)
    .where('target_stake_cents', 'is not', null)
    .where('reward_cents', '>', 0n)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`)
    .limit(50)
    .execute();
  for (const activity of targets) {
    const staked = await stakedWithin(ctx, userId, activity.starts_at, activity.ends_at);
    if (staked < activity.target_stake_cents!) continue;
    await ctx.db
      .insertInto('awards')
      .values({
        user_id: userId,
        title: activity.title,
        amount_cents: activity.reward_cents,
        activity_id: activity.id,
        granted_by: null,
        received_at: null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'activity_id']).doNothing())
      .execute();
  }
}

async function waitingAwards(ctx: AppContext, userId: bigint) {
  await earnActivityAwards(ctx, userId);
  return ctx.db
    .selectFrom('awards')
    .select(['id', 'title', 'amount_cents'])
    .where('user_id', '=', userId)
    .where('received_at', 'is', null)
    .orderBy('id')
    .limit(50)
    .execute();
}

/** `GET /api/app/main/userGift`: 1 when an award is waiting for a player who may receive it, else 0. */
export async function awardWaiting(ctx: AppContext, userId: bigint): Promise<0 | 1> {
  if (!bonusesAllowed(ctx.config) || !(await canReceiveRewards(ctx.db, userId))) return 0;
  return (await waitingAwards(ctx, userId)).length > 0 ? 1 : 0;
}

export async function listGifts(ctx: AppContext, userId: bigint) {
  if (!bonusesAllowed(ctx.config) || !(await canReceiveRewards(ctx.db, userId))) return [];
  return (await waitingAwards(ctx, userId)).map((row) => ({
    id: Number(row.id),
    title: row.title,
    amount: centsToReais(row.amount_cents),
  }));
}

/** Receives one award, once: the award row is marked under the player's lock, and its ledger key is unique. */
export async function receiveGift(ctx: AppContext, userId: bigint, id: number) {
  refuseBonuses(ctx.config);
  await ctx.db.transaction().execute(async (trx) => {
    await lockRewardedPlayer(trx, userId);
    const award = await trx
      .updateTable('awards')
      .set({ received_at: sql`now()` })
      .where('id', '=', BigInt(id))
      .where('user_id', '=', userId)
      .where('received_at', 'is', null)
      .returning(['id', 'amount_cents', 'activity_id'])
      .executeTakeFirst();
    if (!award) {
      const known = await trx
        .selectFrom('awards')
        .select('id')
        .where('id', '=', BigInt(id))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!known) throw notFound();
      throw conflict('engage.gift_received');
    }
    const fromActivity = award.activity_id !== null;
    await creditReward(trx, {
      userId,
      kind: fromActivity ? 'activity' : 'gift',
      campaign: fromActivity ? `activity:${award.activity_id}` : 'gift',
      amountCents: award.amount_cents,
      key: `award:${award.id}`,
      referenceType: 'award',
      referenceId: award.id.toString(),
    });
  });
  await ctx.events.publish('balanceChanged', { userId });
  return balanceAnswer(ctx.db, userId);
}

/** After an operator grants awards: the players' apps learn it (`updateUserInfo`) and may show the popup. */
export async function announceAwards(ctx: AppContext, userIds: readonly bigint[]): Promise<void> {
  for (const userId of userIds) await ctx.events.publish('userInfoChanged', { userId });
}
