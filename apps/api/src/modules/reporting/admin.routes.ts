import {
  RetentionAnswer,
  SpaDayParams,
  SpaFileParams,
  SpaReportFile,
  SpaReportsAnswer,
  SpaReportsQuery,
  SpaRunAnswer,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf, writeAudit } from '../../backoffice/audit.ts';
import { reportDays } from '../../backoffice/report-days.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { notFound } from '../../lib/domain-error.ts';
import { retentionTable } from './retention.rules.ts';
import { lastRetentionRuns } from './retention.service.ts';
import { sha256Hex } from './spa-layout.ts';
import {
  listSpaReports,
  MANIFEST_NAME,
  produceSpaReport,
  spaReportFile,
  spaReportingEnabled,
} from './spa-report.service.ts';

/**
 * The SPA report's back-office calls (finance, the `reports` permission): list, (re)produce a day, download a
 * file. Producing and downloading are audited: who took which regulatory file, and when.
 */
export function reportingAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const reports = { onRequest: guard.allow('reports') };

  app.get(
    '/api/admin/reports/spa',
    {
      ...reports,
      schema: { tags, querystring: SpaReportsQuery, response: { 200: Envelope(SpaReportsAnswer) } },
    },
    async (request) => {
      reportDays(request.query.from, request.query.to);
      return ok({
        enabled: spaReportingEnabled(ctx),
        reports: await listSpaReports(ctx, request.query.from, request.query.to),
      });
    },
  );

  app.post(
    '/api/admin/reports/spa/:day/run',
    { ...reports, schema: { tags, params: SpaDayParams, response: { 200: Envelope(SpaRunAnswer) } } },
    async (request) => {
      if (!spaReportingEnabled(ctx)) throw notFound();
      const day = request.params.day;
      reportDays(day, day);
      const { changed } = await produceSpaReport(ctx, day);
      const [report] = await listSpaReports(ctx, day, day);
      if (!report) throw notFound();
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, actorOf(request), {
          action: 'spa_report.run',
          target: `spa_report:${day}`,
          before: null,
          after: { changed, revision: report.revision, manifestSha256: report.manifestSha256 },
        }),
      );
      return ok({ changed, report });
    },
  );

  app.get(
    '/api/admin/reports/spa/:day/files/:name',
    { ...reports, schema: { tags, params: SpaFileParams, response: { 200: Envelope(SpaReportFile) } } },
    async (request) => {
      const { day, name } = request.params;
      const content = await spaReportFile(ctx, day, name);
      const sha256 = sha256Hex(content);
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, actorOf(request), {
          action: 'spa_report.download',
          target: `spa_report:${day}/${name}`,
          before: null,
          after: { sha256 },
        }),
      );
      const contentType = name === MANIFEST_NAME ? 'application/json' : 'text/csv; charset=utf-8';
      return ok({ name, contentType, sha256, content });
    },
  );

  app.get(
    '/api/admin/retention',
    { ...reports, schema: { tags, response: { 200: Envelope(RetentionAnswer) } } },
    async () => ok({ rules: retentionTable(), runs: await lastRetentionRuns(ctx) }),
  );
}
