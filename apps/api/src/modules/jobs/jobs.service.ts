import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import { type Loop, stoppableLoop } from '../../lib/loop.ts';

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<void>;

const CLAIM_BATCH = 10;
const LOCK_SECONDS = 60;

export interface ScheduleOptions {
  runAt?: Date;
  /** Scheduling twice with one key adds one job: callers may schedule inside retried transactions. */
  uniqueKey?: string;
  maxAttempts?: number;
}

export async function scheduleJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: ScheduleOptions = {},
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      unique_key: options.uniqueKey ?? null,
      run_at: options.runAt ?? new Date(),
      max_attempts: options.maxAttempts ?? 10,
      locked_until: null,
      done_at: null,
      failed_at: null,
      last_error: null,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}

/**
 * Claims due jobs (skipping those another process holds), runs them, and records the outcome. A failed job is
 * retried with exponential backoff until its attempts run out; then it is marked failed for the operator.
 */
export async function runDueJobs(ctx: AppContext, handlers: Record<string, JobHandler>): Promise<number> {
  const claimed = await sql<{
    id: string;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }>`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED)
    RETURNING id::text, kind, payload, attempts, max_attempts`.execute(ctx.db);
  for (const job of claimed.rows) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(ctx, job.payload);
      await ctx.db
        .updateTable('jobs')
        .set({ done_at: sql`now()`, locked_until: null })
        .where('id', '=', BigInt(job.id))
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = job.attempts >= job.max_attempts;
      ctx.log.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await ctx.db
        .updateTable('jobs')
        .set({
          last_error: message.slice(0, 2000),
          locked_until: null,
          run_at: sql`now() + make_interval(secs => ${Math.min(3600, 2 ** job.attempts)})`,
          ...(exhausted ? { failed_at: sql`now()` } : {}),
        })
        .where('id', '=', BigInt(job.id))
        .execute();
    }
  }
  return claimed.rows.length;
}

/** Polls for due jobs until stopped. One poller per server process; SKIP LOCKED shares the work. */
export function jobPoller(ctx: AppContext, handlers: Record<string, JobHandler>, intervalMs = 1000): Loop {
  return stoppableLoop({
    name: 'jobs',
    intervalMs,
    firstDelayMs: intervalMs,
    log: ctx.log,
    tick: () => runDueJobs(ctx, handlers),
  });
}
