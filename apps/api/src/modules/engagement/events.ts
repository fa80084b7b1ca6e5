import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { playerBalances as findBalances } from '../ledger/ledger.service.ts';
import { depositGiftAllowed } from '../rg/rg.registration.ts';
import {
  offerDependsOnPlayer,
  payDiscountForEveryone,
  payDiscountsOf,
  runningDiscountCampaigns,
} from './discount.service.ts';
import { offerIncrease } from './increase.service.ts';

/**
 * Runs after every balance push to a connected player (`balancePushed`, wallet.events): `freeBalance` when the bonus
 * balance differs from the one last sent (kept in the database, so every server agrees), then the increase offer
 * when the stakes have crossed its threshold.
 */
export async function afterBalancePush(
  ctx: AppContext,
  userId: bigint,
  knownBonusCents?: bigint,
  /** The recharge flag of the push (wallet.events czflagOf): `freeBalance` carries it too. */
  czflag: 0 | 1 = 0,
): Promise<void> {
  try {
    await pushEngagementEvents(ctx, userId, knownBonusCents, czflag);
  } catch (error) {
    // The money has committed: a failed notification must not turn the player's answer into an error.
    ctx.log.warn({ err: error, userId: userId.toString() }, 'engagement events not sent');
  }
}

async function pushEngagementEvents(
  ctx: AppContext,
  userId: bigint,
  knownBonusCents: bigint | undefined,
  czflag: 0 | 1,
): Promise<void> {
  const bonusCents = knownBonusCents ?? (await findBalances(ctx.db, userId)).bonusCents;
  // Most pushes follow a bet that left the bonus balance as it was. A plain read settles those: the upsert
  // below locks the row even when it changes nothing, which made every bet commit (and wait for) a second WAL
  // flush.
  const sent = await sql<{ bonus_cents: bigint }>`
    SELECT bonus_cents FROM bonus_push_state WHERE user_id = ${userId}`.execute(ctx.db);
  const unchanged = sent.rows[0] !== undefined && BigInt(sent.rows[0].bonus_cents) === bonusCents;
  if (!unchanged) await pushFreeBalanceIfChanged(ctx, userId, bonusCents, czflag);
  await offerIncrease(ctx, userId);
}

/** `freeBalance` when the bonus balance differs from the last one sent; the upsert lets one of two racing pushes send it. */
async function pushFreeBalanceIfChanged(
  ctx: AppContext,
  userId: bigint,
  bonusCents: bigint,
  czflag: 0 | 1,
): Promise<void> {
  const changed = await sql<{ before: bigint | null }>`
    WITH before AS (SELECT bonus_cents FROM bonus_push_state WHERE user_id = ${userId})
    INSERT INTO bonus_push_state AS s (user_id, bonus_cents) VALUES (${userId}, ${bonusCents})
    ON CONFLICT (user_id) DO UPDATE SET bonus_cents = excluded.bonus_cents
      WHERE s.bonus_cents <> excluded.bonus_cents
    RETURNING (SELECT bonus_cents FROM before) AS before`.execute(ctx.db);
  const row = changed.rows[0];
  // No row: the same amount was already sent. A first push counts from zero (a new player's bonus balance).
  if (row && BigInt(row.before ?? 0n) !== bonusCents) {
    ctx.realtime.emitToUser(userId, 'freeBalance', { freeBalance: centsToReais(bonusCents), czflag });
  }
}

/**
 * A discount campaign created or changed: connected players get `updateUserInfo` carrying `payDiscount` alone (the
 * web merges a partial user object into the one it holds), so the deposit page follows at once (api-contract
 * section 13). After the change has committed; never fails the operator's call.
 *
 * Bounded: when no first-deposit campaign runs, every player is offered the same, so one query and one broadcast
 * (chunked by the hub). Otherwise each player's value comes from one set-based query per DISCOUNT_PUSH_BATCH
 * connected players, one batch at a time (so 1 + ⌈N / 500⌉ queries for N players, never several per player),
 * and a newer change stops an older push still running, so a stale value never arrives after a fresh one.
 */
export async function pushUserInfoToConnected(ctx: AppContext): Promise<void> {
  const generation = (discountPushes.get(ctx.realtime) ?? 0) + 1;
  discountPushes.set(ctx.realtime, generation);
  try {
    // Where deposit gifts are not allowed the user object's payDiscount is always null: nothing changed.
    if (!depositGiftAllowed(ctx.config)) return;
    const campaigns = await runningDiscountCampaigns(ctx.db);
    if (!offerDependsOnPlayer(campaigns)) {
      ctx.realtime.broadcast('updateUserInfo', { payDiscount: payDiscountForEveryone(campaigns) });
      return;
    }
    const connected = await ctx.realtime.connectedPlayers();
    for (let from = 0; from < connected.length; from += DISCOUNT_PUSH_BATCH) {
      if (discountPushes.get(ctx.realtime) !== generation) return;
      const values = await payDiscountsOf(
        ctx.db,
        campaigns,
        connected.slice(from, from + DISCOUNT_PUSH_BATCH),
      );
      if (discountPushes.get(ctx.realtime) !== generation) return;
      for (const [userId, payDiscount] of values)
        ctx.realtime.emitToUser(userId, 'updateUserInfo', { payDiscount });
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'updateUserInfo after a discount change not sent');
  }
}

/** Connected players whose discount one query computes. */
const DISCOUNT_PUSH_BATCH = 500;
/** The latest discount push of each hub: an older one still running stops. */
const discountPushes = new WeakMap<object, number>();
