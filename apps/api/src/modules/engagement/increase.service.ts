import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { conflict } from '../../lib/domain-error.ts';
import { bonusesAllowed, refuseBonuses } from '../rg/rg.bonuses.ts';
import { balanceAnswer } from './balance-answer.ts';
import { increaseOffer, toTenThousandths } from './engagement.rules.ts';
import { canReceiveRewards, creditReward, lockRewardedPlayer } from './rewards.ts';

/**
 * The increase reward: when a player's stakes since the last offer reach the operator's threshold, an offer is
 * written and sent (`userBetAmount { bouns, amount }`); receiving it credits amount × (bouns − 1), once.
 */

const bounsNumber = (bouns: string) => Number(toTenThousandths(bouns)) / 10_000;

/**
 * Makes the offer when the threshold is crossed; runs after a balance push (a stake has just been counted). The
 * offer's key (player, stake total it counts from) makes two pushes at once write one offer.
 */
export async function offerIncrease(ctx: AppContext, userId: bigint): Promise<void> {
  if (!bonusesAllowed(ctx.config)) return;
  const row = await sql<{
    game_sum_cents: bigint;
    threshold_cents: bigint;
    bouns: string;
    enabled: boolean;
    since_cents: bigint;
  }>`
    SELECT u.game_sum_cents, r.threshold_cents, r.bouns::text AS bouns, r.enabled,
           coalesce((SELECT o.game_sum_cents FROM increase_offers o WHERE o.user_id = u.id ORDER BY o.id DESC LIMIT 1),
                    u.increase_from_cents) AS since_cents
      FROM users u CROSS JOIN increase_rule r
     WHERE u.id = ${userId} AND u.status = 'active'`.execute(ctx.db);
  const state = row.rows[0];
  if (!state?.enabled) return;
  const since = BigInt(state.since_cents);
  const draft = increaseOffer(
    BigInt(state.game_sum_cents) - since,
    BigInt(state.threshold_cents),
    state.bouns,
  );
  if (!draft) return;
  if (!(await canReceiveRewards(ctx.db, userId))) return;
  const inserted = await sql`
    INSERT INTO increase_offers (user_id, from_game_sum_cents, game_sum_cents, amount_cents, bouns, reward_cents)
    VALUES (${userId}, ${since}, ${BigInt(state.game_sum_cents)}, ${draft.amountCents}, ${state.bouns}::numeric,
            ${draft.rewardCents})
    ON CONFLICT (user_id, from_game_sum_cents) DO NOTHING
    RETURNING id`.execute(ctx.db);
  if (inserted.rows.length === 0) return;
  ctx.realtime.emitToUser(userId, 'userBetAmount', {
    bouns: bounsNumber(state.bouns),
    amount: centsToReais(draft.amountCents),
  });
}

/** Receives the latest offer, once; an older offer that a newer one replaced can no longer be received. */
export async function receiveIncrease(ctx: AppContext, userId: bigint) {
  refuseBonuses(ctx.config);
  await ctx.db.transaction().execute(async (trx) => {
    await lockRewardedPlayer(trx, userId);
    const latest = await trx
      .selectFrom('increase_offers')
      .select(['id', 'reward_cents', 'received_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.received_at !== null) throw conflict('engage.increase_none');
    await trx
      .updateTable('increase_offers')
      .set({ received_at: sql`now()` })
      .where('id', '=', latest.id)
      .execute();
    await creditReward(trx, {
      userId,
      kind: 'increase',
      campaign: 'increase',
      amountCents: latest.reward_cents,
      key: `increase_reward:${latest.id}`,
      referenceType: 'increase_offer',
      referenceId: latest.id.toString(),
    });
  });
  await ctx.events.publish('balanceChanged', { userId });
  return balanceAnswer(ctx.db, userId);
}
