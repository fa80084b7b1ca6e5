import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { DEFAULT_REALITY_MINUTES, MINUTES_MIN, SESSION_IDLE_MS } from './rg.rules.ts';
import { keyOf, loadLimits, MINUTE_MS, playTotals, rgClock } from './rg.service.ts';

/** The player's play session: the header's timer, and the reality check sent as it runs. */

/** The player's current play session (the header's timer): null when none runs. */
export async function playSession(ctx: AppContext, userId: bigint): Promise<{ startedAt: number | null }> {
  const now = rgClock.now();
  const row = await ctx.db
    .selectFrom('rg_play_sessions')
    .select(['started_at', 'last_play_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || new Date(row.last_play_at).getTime() < now.getTime() - SESSION_IDLE_MS)
    return { startedAt: null };
  return { startedAt: new Date(row.started_at).getTime() };
}

/**
 * Sends `realityCheck { sessionMinutes, net, limitMinutes? }` to each player whose play session has run another
 * `realityCheckMinutes` since the last one (default 60). Runs every minute in servers; tests call it.
 */
export async function realityCheckTick(ctx: AppContext): Promise<number> {
  const now = rgClock.now();
  const idleBefore = new Date(now.getTime() - SESSION_IDLE_MS);
  const dueBefore = new Date(now.getTime() - MINUTES_MIN.reality * 60_000);
  // Sessions are found by their last check (indexed), not by their last stake, which every bet moves. An ended
  // session is marked so (NULL) and leaves the index's range; the next stake starts a new one (rg.service). A
  // stake racing this update moves last_play_at first, and the re-checked condition then leaves its row alone.
  await ctx.db
    .updateTable('rg_play_sessions')
    .set({ last_reality_at: null })
    .where('last_reality_at', '<=', dueBefore)
    .where('last_play_at', '<', idleBefore)
    .execute();
  const candidates = await ctx.db
    .selectFrom('rg_play_sessions')
    .select(['user_id', 'started_at', 'last_reality_at'])
    .where('last_reality_at', '<=', dueBefore)
    .where('last_play_at', '>=', idleBefore)
    .execute();
  let sent = 0;
  for (const { last_reality_at: lastRealityAt, ...candidate } of candidates) {
    if (lastRealityAt === null) continue;
    const state = await loadLimits(ctx.db, candidate.user_id, now);
    const minutes = Number(state.effective.get(keyOf('reality', '')) ?? BigInt(DEFAULT_REALITY_MINUTES));
    if (now.getTime() - new Date(lastRealityAt).getTime() < minutes * 60_000) continue;
    const startedAt = new Date(candidate.started_at);
    const limit = state.effective.get(keyOf('session', ''));
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('rg_play_sessions')
        .set({ last_reality_at: now })
        .where('user_id', '=', candidate.user_id)
        .where('last_reality_at', '=', lastRealityAt)
        .returning('user_id')
        .executeTakeFirst();
      // Another server sent this one.
      if (!claim) return false;
      // The session's first stake was written in a transaction that began (its created_at) a moment before the
      // session's clock was read; nothing else precedes it by less than the 30 idle minutes.
      const [totals] = await playTotals(trx, candidate.user_id, [new Date(startedAt.getTime() - MINUTE_MS)]);
      // Sent once the claim has committed (platform/after-commit.ts): a rolled-back claim is never announced.
      await afterCommit(() =>
        ctx.realtime.emitToUser(candidate.user_id, 'realityCheck', {
          sessionMinutes: Math.floor((now.getTime() - startedAt.getTime()) / 60_000),
          net: centsToReais(totals!.net),
          // The session time limit, when the player has one: the alert says how much of it is left.
          ...(limit === undefined ? {} : { limitMinutes: Number(limit) }),
        }),
      );
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
