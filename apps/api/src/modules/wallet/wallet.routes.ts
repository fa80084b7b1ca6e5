import {
  KycBody,
  OrderParams,
  OrderStatusAnswer,
  PkgParams,
  PrePayAnswer,
  PrePayBody,
  RecordsAnswer,
  RecordsQuery,
  TransferAnswer,
  TransferBody,
  TransferRecordsAnswer,
  TransferRecordsQuery,
  WithdrawBody,
  WithdrawInfoAnswer,
} from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { translateFor } from '../../http/error-handler.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { readAmountCents, readOptionalAmountCents, readZoneMinutes } from '../../lib/amount.ts';
import { cancelDeposit, type DepositProviders, getStatus, prePay } from './deposits.service.ts';
import { updateKyc } from './kyc.service.ts';
import { listRecords, listTransfers } from './records.service.ts';
import { transfer } from './transfers.service.ts';
import { getWithdrawInfo, requestWithdrawal } from './withdrawals.service.ts';

/**
 * The amount as the client sent it. With the contract's `AmountInput` (number first) AJV's type coercion turns the
 * strings "1e3", "0x14", " 20", "020" or `true` into numbers before the handler sees them, and they would be
 * accepted. String first, a string is left as sent and a JSON number becomes its shortest text, so
 * `readAmountCents` judges exactly what was sent (api-contract section 1: never rounded, anything else a 400).
 */
const ExactAmount = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);
const WithdrawBodyExact = Type.Object({ ...WithdrawBody.properties, amount: Type.Optional(ExactAmount) });
const TransferBodyExact = Type.Object({ ...TransferBody.properties, amount: ExactAmount });

export function walletRoutes(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  payments: DepositProviders,
): void {
  depositRoutes(app, ctx, guards, payments);
  withdrawalRoutes(app, ctx, guards, payments);
  transferRoutes(app, ctx, guards);
  recordRoutes(app, ctx, guards);
}

const tags = ['wallet'];

function depositRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards, payments: DepositProviders) {
  const player = { onRequest: guards.requirePlayer };

  app.post(
    '/api/app/order/prePay/:pkgId',
    {
      ...player,
      schema: {
        tags,
        params: PkgParams,
        body: Type.Optional(PrePayBody),
        response: { 200: Envelope(PrePayAnswer) },
      },
    },
    async (request) =>
      ok(
        await idempotent(ctx.db, request, () =>
          prePay(ctx, payments, request.playerId, {
            pkgId: request.params.pkgId,
            gift: String(request.body?.gift ?? '1') === '1',
            isApp: String(request.body?.isapp ?? '0') === '1',
          }),
        ),
      ),
  );

  app.get(
    '/api/app/order/getStatus/:orderId',
    { ...player, schema: { tags, params: OrderParams, response: { 200: Envelope(OrderStatusAnswer) } } },
    async (request) => ok(await getStatus(ctx, request.playerId, request.params.orderId)),
  );

  app.post(
    '/api/app/order/cancel/:orderId',
    { ...player, schema: { tags, params: OrderParams, response: { 200: Envelope(OrderStatusAnswer) } } },
    async (request) => ok(await cancelDeposit(ctx, payments, request.playerId, request.params.orderId)),
  );
}

function withdrawalRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards, payments: DepositProviders) {
  const player = { onRequest: guards.requirePlayer };
  app.get(
    '/api/app/order/getWithdraw',
    { ...player, schema: { tags, response: { 200: Envelope(WithdrawInfoAnswer) } } },
    async (request) =>
      ok(await getWithdrawInfo(ctx, request.playerId, readZoneMinutes(request.headers.zone))),
  );

  app.post(
    '/api/app/order/withdraw',
    { ...player, schema: { tags, body: WithdrawBodyExact, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const body = request.body;
      await idempotent(ctx.db, request, () =>
        requestWithdrawal(
          ctx,
          request.playerId,
          readZoneMinutes(request.headers.zone),
          {
            ...body,
            amountCents: readOptionalAmountCents(body.amount),
          },
          payments.deposit,
        ),
      );
      return ok(null, translateFor(request, 'withdraw.done'));
    },
  );

  app.post(
    '/api/app/user/updateKyc',
    { ...player, schema: { tags, body: KycBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const { messageKey } = await updateKyc(ctx, request.playerId, request.body);
      return ok(null, translateFor(request, messageKey));
    },
  );
}

function transferRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards) {
  const player = { onRequest: guards.requirePlayer };
  app.post(
    '/api/app/order/transfer',
    {
      ...player,
      schema: { tags, body: TransferBodyExact, response: { 200: Envelope(TransferAnswer) } },
      // Per player, after the guard: probing usernames with transfers costs time as well as money.
      config: {
        rateLimit: {
          max: ctx.config.rateLimits.transferPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `transfer:${request.playerId}`,
        },
      },
    },
    async (request) => {
      const amountCents = readAmountCents(request.body.amount);
      const result = await idempotent(ctx.db, request, () =>
        transfer(ctx, request.playerId, { toUser: request.body.toUser, amountCents }),
      );
      return ok(result, translateFor(request, 'transfer.done'));
    },
  );
}

function recordRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards) {
  const player = { onRequest: guards.requirePlayer };
  app.get(
    '/api/app/order/records',
    { ...player, schema: { tags, querystring: RecordsQuery, response: { 200: Envelope(RecordsAnswer) } } },
    async (request) =>
      ok(
        await listRecords(ctx, request.playerId, {
          type: request.query.type,
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );

  app.get(
    '/api/app/order/transfers',
    {
      ...player,
      schema: { tags, querystring: TransferRecordsQuery, response: { 200: Envelope(TransferRecordsAnswer) } },
    },
    async (request) =>
      ok(
        await listTransfers(ctx, request.playerId, {
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );
}
