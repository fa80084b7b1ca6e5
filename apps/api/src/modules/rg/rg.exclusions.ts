import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { ExclusionPeriod } from '../../db/schema.rg.ts';
import { closeEverySession, revokeAllSessions } from '../../db/sessions.repository.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError, notFound } from '../../lib/domain-error.ts';
import { scheduleExclusionPayout } from './exclusion-payout.ts';
import { exclusionEnd } from './rg.rules.ts';
import { rgClock } from './rg.service.ts';

/** Time-outs and self-exclusions (api-contract section 17): taking one, and what it refuses while it runs. */

/** Formats an exclusion's end for a message: Brasília time, the way a Brazilian player reads it. */
export function formatUntil(until: Date): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(until);
}

/**
 * Ends every open session of every product, inside the transaction that changes the player's state: every
 * provider's slot sessions (a bet with an old session token is refused in the provider's words) and, for a
 * time-out or self-exclusion, the player's tokens (the web app, round games, sports, the sockets' authentication).
 * An operator's block keeps the tokens but they stop working on the status check of every call (1403, api-contract
 * section 12: "a blocked player's tokens stop working"). The caller drops the player's sockets after its commit.
 * A stake already on its way is refused by `assertMayStake` in its own transaction (rg.stake.ts).
 */
export async function endPlayerSessions(
  trx: Tx,
  userId: bigint,
  cause: 'exclusion' | 'block',
): Promise<void> {
  if (cause === 'exclusion') await revokeAllSessions(trx, { subject: 'player', subjectId: userId });
  await closeEverySession(trx, userId);
}

/**
 * Time-out or self-exclusion: the account becomes 'self_excluded', every token is revoked and every socket
 * dropped; logging in answers 500/1403 with the end until it has passed. A permanent one never ends.
 */
export async function exclude(ctx: AppContext, userId: bigint, period: ExclusionPeriod): Promise<void> {
  const now = rgClock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('status')
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!user) throw notFound();
    const exclusion = await trx
      .insertInto('rg_exclusions')
      .values({ user_id: userId, period, starts_at: now, ends_at: exclusionEnd(period, now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleExclusionPayout(ctx, trx, userId, exclusion.id);
    // A blocked account stays blocked; the exclusion is recorded all the same and outlives the block.
    await trx
      .updateTable('users')
      .set({ status: 'self_excluded' })
      .where('id', '=', userId)
      .where('status', '=', 'active')
      .execute();
    await endPlayerSessions(trx, userId, 'exclusion');
  });
  ctx.realtime.disconnectUser(userId);
}

/** The exclusion running now, if any: a permanent one first, else the one that ends last. */
async function activeExclusion(db: Db | Tx, userId: bigint, now: Date) {
  return db
    .selectFrom('rg_exclusions')
    .select(['period', 'ends_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy(sql`ends_at IS NULL`, 'desc')
    .orderBy('ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Login of a 'self_excluded' account: refused with 1403 and the end (message and `data.until`) while the
 * exclusion runs; once it has ended the account is active again and the login goes on.
 */
export async function refuseIfExcluded(db: Db, userId: bigint): Promise<void> {
  const running = await activeExclusion(db, userId, rgClock.now());
  if (running) {
    if (running.ends_at === null)
      throw new DomainError('ACCOUNT_REFUSED', 'rg.excluded_permanent', {}, { until: null });
    const until = new Date(running.ends_at);
    throw new DomainError(
      'ACCOUNT_REFUSED',
      'rg.excluded_until',
      { until: formatUntil(until) },
      { until: until.getTime() },
    );
  }
  await db
    .updateTable('users')
    .set({ status: 'active' })
    .where('id', '=', userId)
    .where('status', '=', 'self_excluded')
    .execute();
}

/**
 * Whether the player is in a time-out or self-exclusion now. Marketing (engagement's `canReceiveRewards`,
 * notices with offers, bonuses) must ask this and give nothing while it is true.
 */
export async function isExcluded(db: Db | Tx, userId: bigint): Promise<boolean> {
  return (await activeExclusion(db, userId, rgClock.now())) !== undefined;
}
