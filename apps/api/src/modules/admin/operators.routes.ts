import {
  CreateOperatorBody,
  OperatorParams,
  OperatorsAnswer,
  OperatorView,
  UpdateOperatorBody,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { createOperator, listOperators, updateOperator } from './operators.service.ts';

/** Operator management: owner only (api-contract section 12). */
export function operatorsRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const owner = { onRequest: guard.allow('operators') };

  app.get(
    '/api/admin/operators',
    { ...owner, schema: { tags, response: { 200: Envelope(OperatorsAnswer) } } },
    async () => ok(await listOperators(ctx)),
  );

  app.post(
    '/api/admin/operators',
    { ...owner, schema: { tags, body: CreateOperatorBody, response: { 200: Envelope(OperatorView) } } },
    async (request) => ok(await createOperator(ctx, actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/operators/:id',
    {
      ...owner,
      schema: {
        tags,
        params: OperatorParams,
        body: UpdateOperatorBody,
        response: { 200: Envelope(OperatorView) },
      },
    },
    async (request) =>
      ok(await updateOperator(ctx, actorOf(request), BigInt(request.params.id), request.body)),
  );
}
