import type { AppContext } from '../../app-context.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { duePlayers } from './compliance.repository.ts';
import { brasiliaDay, CHECK_JOB, checksOn, complianceClock } from './compliance.service.ts';

const DAY_MS = 86_400_000;
/** Players queued per sweep; the sweep runs every hour, so a large base is covered well within the 15 days. */
const SWEEP_BATCH = 5_000;

/**
 * The periodic check (IN SPA/MF 22/2025): every player whose last answer is older than the period (15 days) gets a
 * check job. One job per player and day (its unique key), so overlapping sweeps on several servers add one.
 */
export async function scheduleDueChecks(ctx: AppContext): Promise<number> {
  if (!checksOn(ctx)) return 0;
  const now = complianceClock.now();
  const before = new Date(now.getTime() - ctx.config.compliance.periodDays * DAY_MS);
  const due = await duePlayers(ctx.db, before, SWEEP_BATCH);
  for (const userId of due) {
    await scheduleJob(
      ctx.db,
      CHECK_JOB,
      { userId: userId.toString(), reason: 'periodic', attempt: 1 },
      { uniqueKey: `compliance:periodic:${userId}:${brasiliaDay(now)}`, maxAttempts: 3 },
    );
  }
  return due.length;
}
