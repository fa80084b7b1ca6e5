import {
  WithdrawalClockSummary,
  WithdrawalParams,
  WithdrawalRecord,
  WithdrawalRejectBody,
  WithdrawalsAnswer,
  WithdrawalsQuery,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { pagingOf } from '../../backoffice/paging.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  withdrawalClockSummary,
} from './withdrawals.service.ts';

export function withdrawalsRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const review = { onRequest: guard.allow('withdrawals.review') };

  app.get(
    '/api/admin/withdrawals',
    {
      onRequest: guard.allow('withdrawals.read'),
      schema: { tags, querystring: WithdrawalsQuery, response: { 200: Envelope(WithdrawalsAnswer) } },
    },
    async (request) => ok(await listWithdrawals(ctx, request.query.status, pagingOf(request.query))),
  );

  // Decision 0052: how many open withdrawals are near or past the 120-minute payout deadline.
  app.get(
    '/api/admin/withdrawals/clock',
    {
      onRequest: guard.allow('withdrawals.read'),
      schema: { tags, response: { 200: Envelope(WithdrawalClockSummary) } },
    },
    async () => ok(await withdrawalClockSummary(ctx)),
  );

  app.post(
    '/api/admin/withdrawals/:orderId/approve',
    { ...review, schema: { tags, params: WithdrawalParams, response: { 200: Envelope(WithdrawalRecord) } } },
    async (request) => ok(await approveWithdrawal(ctx, actorOf(request), BigInt(request.params.orderId))),
  );

  app.post(
    '/api/admin/withdrawals/:orderId/reject',
    {
      ...review,
      schema: {
        tags,
        params: WithdrawalParams,
        body: WithdrawalRejectBody,
        response: { 200: Envelope(WithdrawalRecord) },
      },
    },
    async (request) =>
      ok(
        await rejectWithdrawal(
          ctx,
          actorOf(request),
          BigInt(request.params.orderId),
          request.body.reason.trim(),
        ),
      ),
  );
}
