import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { scheduleDueChecks } from './compliance.jobs.ts';
import { complianceAdminRoutes } from './compliance.routes.ts';
import { CHECK_JOB, checkJob } from './compliance.service.ts';
import { transferUnclaimed } from './compliance.unclaimed.ts';
import { complianceEmulatorRoutes } from './emulator.routes.ts';

const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * SIGAP list checks (issue 30, decision 0051): each CPF is asked about at onboarding (KYC), at the first login of
 * each day (auth calls `checkListsAtLogin`) and every 15 days (the sweep below queues `compliance.check` jobs); a
 * listed player is blocked, told, and their balance refunded. Only under br-licensed; the routes are the
 * operator's view.
 */
export const register: RegisterModule = (app, ctx) => {
  ctx.jobs.add({ [CHECK_JOB]: checkJob });
  complianceAdminRoutes(app, ctx, makeOperatorGuard(ctx));
  if (!ctx.config.isProduction && !ctx.config.compliance.listsUrl) complianceEmulatorRoutes(app);
  if (ctx.config.regulatoryProfile !== 'br-licensed') return;
  ctx.background.every({
    name: 'compliance-sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    firstDelayMs: 60_000,
    tick: () => scheduleDueChecks(ctx),
  });
  ctx.background.every({
    name: 'compliance-unclaimed',
    intervalMs: SWEEP_INTERVAL_MS,
    firstDelayMs: 90_000,
    tick: () => transferUnclaimed(ctx),
  });
};

export { checkListsAtLogin, screenCpfAtOnboarding } from './compliance.service.ts';
