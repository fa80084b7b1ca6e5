import {
  AdminMarketsAnswer,
  AdminMatchesAnswer,
  AdminMatchesQuery,
  AuditAnswer,
  AuditQuery,
  DailyReportAnswer,
  DailyReportQuery,
  JournalAnswer,
  JournalQuery,
  LedgerCheckAnswer,
  MatchParams,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { pagingOf } from '../../backoffice/paging.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { ledgerCheck, listAudit, searchJournal } from './ledger.service.ts';
import { dailyReport } from './reports.service.ts';
import { listTradingMatches, tradingMarkets } from './trading.service.ts';

/** Reports, the ledger's check and journal, the audit log and the trading views (read-only calls). */
export function reportsRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const ledger = { onRequest: guard.allow('ledger') };

  app.get(
    '/api/admin/reports/daily',
    {
      onRequest: guard.allow('reports'),
      schema: { tags, querystring: DailyReportQuery, response: { 200: Envelope(DailyReportAnswer) } },
    },
    async (request) => ok(await dailyReport(ctx, request.query.from, request.query.to)),
  );

  app.get(
    '/api/admin/ledger/check',
    { ...ledger, schema: { tags, response: { 200: Envelope(LedgerCheckAnswer) } } },
    async () => ok(await ledgerCheck(ctx)),
  );
  app.get(
    '/api/admin/ledger/journal',
    { ...ledger, schema: { tags, querystring: JournalQuery, response: { 200: Envelope(JournalAnswer) } } },
    async (request) => ok(await searchJournal(ctx, request.query, pagingOf(request.query))),
  );

  app.get(
    '/api/admin/audit',
    {
      onRequest: guard.allow('audit'),
      schema: { tags, querystring: AuditQuery, response: { 200: Envelope(AuditAnswer) } },
    },
    async (request) => ok(await listAudit(ctx, request.query, pagingOf(request.query))),
  );

  const sports = { onRequest: guard.allow('sports') };
  app.get(
    '/api/admin/sports/matches',
    {
      ...sports,
      schema: { tags, querystring: AdminMatchesQuery, response: { 200: Envelope(AdminMatchesAnswer) } },
    },
    async (request) => ok(await listTradingMatches(ctx, request.query, pagingOf(request.query))),
  );
  app.get(
    '/api/admin/sports/matches/:matchId/markets',
    { ...sports, schema: { tags, params: MatchParams, response: { 200: Envelope(AdminMarketsAnswer) } } },
    async (request) => ok(await tradingMarkets(ctx, BigInt(request.params.matchId))),
  );
}
