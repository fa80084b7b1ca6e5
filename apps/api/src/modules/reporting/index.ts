import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { reportingAdminRoutes } from './admin.routes.ts';
import { brazilDayOf, isDay, previousBrazilDay } from './brazil-day.ts';
import { reportingClock } from './clock.ts';
import { runRetention } from './retention.service.ts';
import { produceSpaReport, spaReportingEnabled } from './spa-report.service.ts';

const SCHEDULE_TICK_MS = 10 * 60_000;
export const SPA_REPORT_JOB = 'reporting.spa-daily';
export const RETENTION_JOB = 'reporting.retention';

/**
 * Regulatory reporting and retention (issue 30, decision 0054). Under br-licensed, a durable job produces the
 * SPA's files for the previous São Paulo day; in both profiles a daily job applies the retention table. A loop
 * schedules each day's jobs once (unique keys), so several nodes and restarts never produce a day twice at once.
 */
export const register: RegisterModule = (app, ctx) => {
  ctx.jobs.add({
    [SPA_REPORT_JOB]: async (jobCtx, payload) => {
      const day = String(payload.day ?? '');
      if (!isDay(day)) throw new Error(`spa report: bad day ${day}`);
      if (spaReportingEnabled(jobCtx)) await produceSpaReport(jobCtx, day);
    },
    [RETENTION_JOB]: async (jobCtx) => {
      await runRetention(jobCtx);
    },
  });
  reportingAdminRoutes(app, ctx, makeOperatorGuard(ctx));
  ctx.background.every({
    name: 'reporting-schedule',
    intervalMs: SCHEDULE_TICK_MS,
    tick: () => scheduleDailyJobs(ctx),
  });
};

/** Schedules yesterday's SPA report and today's retention run (São Paulo days); a second call adds nothing. */
export async function scheduleDailyJobs(ctx: Parameters<RegisterModule>[1]): Promise<void> {
  const now = reportingClock.now();
  if (spaReportingEnabled(ctx)) {
    const day = previousBrazilDay(now);
    await scheduleJob(ctx.db, SPA_REPORT_JOB, { day }, { uniqueKey: `${SPA_REPORT_JOB}:${day}` });
  }
  const today = brazilDayOf(now);
  await scheduleJob(ctx.db, RETENTION_JOB, {}, { uniqueKey: `${RETENTION_JOB}:${today}` });
}
