import {
  CrashBetAnswer,
  CrashBetBody,
  CrashCashoutAnswer,
  CrashCashoutBody,
  CrashRoundAnswer,
  CrashStateAnswer,
} from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthGuards } from '../../../http/auth.ts';
import { Envelope, ok } from '../../../http/envelope.ts';
import { idempotent } from '../../../http/idempotency.ts';
import type { TypedApp } from '../../../http/typed-app.ts';
import { readAmountCents } from '../../../lib/amount.ts';
import { invalidInput } from '../../../lib/domain-error.ts';
import {
  type CrashDeps,
  cashOutCrashBet,
  crashRoundDetail,
  crashState,
  placeCrashBet,
  readAutoCashout,
} from './crash.service.ts';

const tags = ['games'];

/** Crash's calls (api-contract section 20); the verifier is `GET /api/app/fair/verify?game=crash&seed=…`. */
export function crashRoutes(app: TypedApp, deps: CrashDeps, guards: AuthGuards): void {
  const { ctx } = deps;
  app.get(
    '/api/app/game/crash/state',
    { schema: { tags, response: { 200: Envelope(CrashStateAnswer) } } },
    async () => ok(await crashState(deps)),
  );
  app.post(
    '/api/app/game/crash/bet',
    {
      onRequest: guards.requirePlayer,
      // A stake is a number or a numeric string; AJV's array coercion would turn `[1]` into "1", so look first.
      preValidation: async (request: FastifyRequest) => {
        const amount = (request.body as { amount?: unknown } | undefined)?.amount;
        if (amount !== null && typeof amount === 'object')
          throw invalidInput('validation.amount', { field: 'amount' });
      },
      schema: { tags, body: CrashBetBody, response: { 200: Envelope(CrashBetAnswer) } },
    },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      const autoHundredths = readAutoCashout(body.autoCashout);
      return ok(
        await idempotent(ctx.db, request, () =>
          placeCrashBet(deps, request.playerId, { roundId: body.roundId, amountCents, autoHundredths }),
        ),
      );
    },
  );
  app.post(
    '/api/app/game/crash/cashout',
    {
      onRequest: guards.requirePlayer,
      schema: { tags, body: CrashCashoutBody, response: { 200: Envelope(CrashCashoutAnswer) } },
    },
    async (request) =>
      ok(
        await idempotent(ctx.db, request, () => cashOutCrashBet(deps, request.playerId, request.body.betId)),
      ),
  );
  app.get(
    '/api/app/game/crash/rounds/:roundId',
    {
      schema: {
        tags,
        params: Type.Object({ roundId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: Envelope(CrashRoundAnswer) },
      },
    },
    async (request) => ok(await crashRoundDetail(ctx, request.params.roundId)),
  );
}
