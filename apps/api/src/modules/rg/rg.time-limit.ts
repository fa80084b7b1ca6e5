import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { SESSION_IDLE_MS } from './rg.rules.ts';
import { rgClock } from './rg.service.ts';

/**
 * The alert of the session time limit (Portaria SPA/MF 1.231/2024 as amended by 2.579/2025: limits of time with
 * alerts and pauses; decision 0055). The stake path already refuses play past the limit (rg.stake.ts); this tells
 * the player the moment it is reached, once per session, instead of at their next stake.
 */

/** The pause a reached session limit imposes: a new session starts only after this long without a stake. */
export const BREAK_MINUTES = SESSION_IDLE_MS / 60_000;

/**
 * Sends `sessionLimit { limitMinutes, breakMinutes }` to each player whose running session has reached its time
 * limit and was not told yet. The push waits for the commit of the mark that claims it (several servers tick).
 */
export async function sessionLimitTick(ctx: AppContext): Promise<number> {
  const now = rgClock.now();
  const idleBefore = new Date(now.getTime() - SESSION_IDLE_MS);
  // Only players with a session limit (rg_limits' rows of kind 'session'); a raise still pending does not count,
  // so a player is never told late. The session must still run: a stake in the last 30 minutes.
  const due = await sql<{ user_id: bigint; started_at: Date; minutes: number }>`
    SELECT s.user_id, s.started_at, l.value::int AS minutes
      FROM rg_limits l JOIN rg_play_sessions s ON s.user_id = l.user_id
     WHERE l.kind = 'session' AND l.period = ''
       AND s.last_play_at >= ${idleBefore}
       AND s.started_at + l.value * interval '1 minute' <= ${now}
       AND (s.limit_alerted_at IS NULL OR s.limit_alerted_at < s.started_at)`.execute(ctx.db);
  let sent = 0;
  for (const row of due.rows) {
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const mark = await trx
        .updateTable('rg_play_sessions')
        .set({ limit_alerted_at: now })
        .where('user_id', '=', row.user_id)
        .where('started_at', '=', row.started_at)
        .where((eb) =>
          eb.or([eb('limit_alerted_at', 'is', null), eb('limit_alerted_at', '<', row.started_at)]),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (mark)
        await afterCommit(() =>
          ctx.realtime.emitToUser(row.user_id, 'sessionLimit', {
            limitMinutes: row.minutes,
            breakMinutes: BREAK_MINUTES,
          }),
        );
      return mark !== undefined;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
