import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { bestDiscount, centsTimes, type DiscountCampaign, type DiscountOffer } from './engagement.rules.ts';
import { canReceiveRewards, creditReward } from './rewards.ts';

/**
 * Deposit discounts: the offer a player sees (`payDiscount` in the user object), the discount an order keeps from
 * prePay, and its credit when the order is paid.
 */

/** The campaigns running now (the first 50), as the rules read them. */
export async function runningDiscountCampaigns(db: Db | Tx): Promise<DiscountCampaign[]> {
  const campaigns = await db
    .selectFrom('discount_campaigns')
    .select(['id', 'audience', 'discount', 'hours', 'starts_at', 'ends_at'])
    .where('enabled', '=', true)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`)
    .limit(50)
    .execute();
  return campaigns.map((campaign) => ({
    id: campaign.id,
    audience: campaign.audience,
    discount: String(campaign.discount),
    hours: campaign.hours,
    startsAt: campaign.starts_at,
    endsAt: campaign.ends_at,
  }));
}

/** Whether the player's offer can differ from everyone else's (a first-deposit campaign is running). */
export const offerDependsOnPlayer = (campaigns: readonly DiscountCampaign[]): boolean =>
  campaigns.some((campaign) => campaign.audience === 'first_deposit');

export async function offeredDiscount(db: Db | Tx, userId: bigint): Promise<DiscountOffer | undefined> {
  const [campaigns, player] = await Promise.all([
    runningDiscountCampaigns(db),
    sql<{ created_at: Date; paid: boolean; status: string }>`
      SELECT u.created_at, u.status,
             EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.type = '10' AND o.status = '10') AS paid
        FROM users u WHERE u.id = ${userId}`.execute(db),
  ]);
  const row = player.rows[0];
  if (row?.status !== 'active' || campaigns.length === 0) return undefined;
  return bestDiscount(
    campaigns,
    { registeredAt: new Date(row!.created_at), hasPaidDeposit: row!.paid },
    Date.now(),
  );
}

export type PayDiscount = { discount: number; expiredTime: number } | null;

const asPayDiscount = (offer: DiscountOffer | undefined): PayDiscount =>
  offer ? { discount: Number(offer.discount), expiredTime: offer.expiresAt.getTime() } : null;

/** The offer of running campaigns that do not depend on the player (no first-deposit one): everyone's. */
export const payDiscountForEveryone = (campaigns: readonly DiscountCampaign[]): PayDiscount =>
  asPayDiscount(
    bestDiscount(
      campaigns.filter((campaign) => campaign.audience !== 'first_deposit'),
      { registeredAt: new Date(0), hasPaidDeposit: true },
      Date.now(),
    ),
  );

/**
 * Each listed player's `payDiscount` under the given campaigns, in one query whatever the number of players (the
 * caller bounds the list). Players this database does not hold are left out.
 */
export async function payDiscountsOf(
  db: Db,
  campaigns: readonly DiscountCampaign[],
  userIds: readonly bigint[],
): Promise<Map<bigint, PayDiscount>> {
  const answer = new Map<bigint, PayDiscount>();
  if (userIds.length === 0) return answer;
  const players = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.created_at',
      'u.status',
      sql<boolean>`EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.type = '10' AND o.status = '10')`.as(
        'paid',
      ),
    ])
    .where('u.id', 'in', [...userIds])
    .execute();
  const now = Date.now();
  for (const player of players) {
    answer.set(
      BigInt(player.id),
      player.status === 'active'
        ? asPayDiscount(
            bestDiscount(
              campaigns,
              { registeredAt: new Date(player.created_at), hasPaidDeposit: player.paid },
              now,
            ),
          )
        : null,
    );
  }
  return answer;
}

/** The user object's `payDiscount`. */
export async function payDiscountOf(db: Db, userId: bigint): Promise<PayDiscount> {
  return asPayDiscount(await offeredDiscount(db, userId));
}

/** Called by prePay in the order's transaction: the order keeps the discount offered now, whatever happens later. */
export async function attachDiscount(trx: Tx, userId: bigint, orderId: bigint): Promise<void> {
  const offer = await offeredDiscount(trx, userId);
  if (!offer) return;
  await trx
    .updateTable('orders')
    .set({ discount: offer.discount, discount_campaign_id: offer.campaignId })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Called by the deposit's credit, in its transaction (the player's row is locked there, and this order is not
 * marked paid yet): price × discount extra, keyed by the order, so a repeated delivery credits nothing more. A
 * first-deposit discount is paid only if no other deposit was paid first: a new player who opens several orders
 * before paying gets it on the first one paid, not on each. A player who may not receive rewards gets the deposit
 * without the extra.
 */
export async function creditDepositDiscount(trx: Tx, orderId: bigint): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .leftJoin('discount_campaigns', 'discount_campaigns.id', 'orders.discount_campaign_id')
    .select([
      'orders.user_id',
      'orders.amount_cents',
      'orders.discount',
      'orders.discount_campaign_id',
      'discount_campaigns.audience',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.discount === null || order.discount_campaign_id === null) return;
  if (order.audience === 'first_deposit') {
    const paidBefore = await trx
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', order.user_id)
      .where('type', '=', '10')
      .where('status', '=', '10')
      .where('id', '<>', orderId)
      .limit(1)
      .executeTakeFirst();
    if (paidBefore) return;
  }
  const extraCents = centsTimes(order.amount_cents, String(order.discount));
  if (extraCents <= 0n || !(await canReceiveRewards(trx, order.user_id))) return;
  await creditReward(trx, {
    userId: order.user_id,
    kind: 'discount',
    campaign: `discount:${order.discount_campaign_id}`,
    amountCents: extraCents,
    key: `discount_reward:${orderId}`,
    referenceType: 'order',
    referenceId: orderId.toString(),
  });
}

export const discountAmount = (priceCents: bigint, discount: string) =>
  centsToReais(centsTimes(priceCents, discount));
