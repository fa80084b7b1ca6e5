import {
  CommissionDaysAnswer,
  CommissionRatesAnswer,
  CommissionRatesBody,
  CommissionRunAnswer,
  CommissionRunBody,
  IdParam,
  PageQuery,
  ReferralTreeAnswer,
  RefusedCommissionsAnswer,
} from '@aposta/contract';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listDays, listRates, listRefused, referralTree, runDay, updateRates } from './admin.service.ts';

const paging = (query: { page?: number; size?: number }) => ({
  page: query.page ?? 1,
  size: query.size ?? 20,
});

/** The back office's commission calls under /api/admin/commissions (and a player's referral tree). */
export function commissionAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const read = { onRequest: guard.allow('commissions.read') };
  const write = { onRequest: guard.allow('commissions') };
  const Paged = Type.Object(PageQuery);

  app.get(
    '/api/admin/commissions/rates',
    { ...read, schema: { tags, response: { 200: Envelope(CommissionRatesAnswer) } } },
    async () => ok(await listRates(ctx)),
  );
  app.post(
    '/api/admin/commissions/rates',
    {
      ...write,
      schema: { tags, body: CommissionRatesBody, response: { 200: Envelope(CommissionRatesAnswer) } },
    },
    async (request) => ok(await updateRates(ctx, actorOf(request), request.body.rates)),
  );
  app.post(
    '/api/admin/commissions/run',
    {
      ...write,
      schema: {
        tags,
        body: Type.Optional(CommissionRunBody),
        response: { 200: Envelope(CommissionRunAnswer) },
      },
    },
    async (request) => ok(await runDay(ctx, actorOf(request), request.body?.day)),
  );
  app.get(
    '/api/admin/commissions/days',
    { ...read, schema: { tags, querystring: Paged, response: { 200: Envelope(CommissionDaysAnswer) } } },
    async (request) => ok(await listDays(ctx, paging(request.query))),
  );
  app.get(
    '/api/admin/commissions/refused',
    { ...read, schema: { tags, querystring: Paged, response: { 200: Envelope(RefusedCommissionsAnswer) } } },
    async (request) => ok(await listRefused(ctx, paging(request.query))),
  );
  app.get(
    '/api/admin/players/:uId/referrals',
    {
      ...read,
      schema: {
        tags,
        params: Type.Object({ uId: IdParam }),
        response: { 200: Envelope(ReferralTreeAnswer) },
      },
    },
    async (request) => ok(await referralTree(ctx, BigInt(request.params.uId))),
  );
}
