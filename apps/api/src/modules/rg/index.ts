import { CompleteRegistrationBody, ExcludeBody, PlaySession, RgLimits, RgLimitsBody } from '@aposta/contract';
import { Type } from 'typebox';
import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { translateFor } from '../../http/error-handler.ts';
import { rgAdminRoutes } from './admin.routes.ts';
import { exclude } from './rg.exclusions.ts';
import { completeRegistration, registrationDue } from './rg.registration-due.ts';
import { getLimits, setLimits } from './rg.service.ts';
import { playSession, realityCheckTick } from './rg.sessions.ts';
import { sessionLimitTick } from './rg.time-limit.ts';

const REALITY_CHECK_TICK_MS = 60_000;

/**
 * Responsible gambling (issue 15, api-contract section 17): the player's limits and pending changes, time-out
 * and self-exclusion, the play session's timer and the reality check. The stake check is called from
 * modules/stakes (`assertWithinStakeLimits`), the deposit check from the wallet's prePay
 * (`assertDepositAllowed`), the login check from auth (`refuseIfExcluded`).
 */
export const register: RegisterModule = (app, ctx) => {
  const player = { onRequest: ctx.guards.requirePlayer };
  const tags = ['rg'];

  app.get(
    '/api/app/rg/limits',
    { ...player, schema: { tags, response: { 200: Envelope(RgLimits) } } },
    async (request) => ok(await getLimits(ctx, request.playerId)),
  );

  app.post(
    '/api/app/rg/limits',
    { ...player, schema: { tags, body: RgLimitsBody, response: { 200: Envelope(RgLimits) } } },
    async (request) =>
      ok(await setLimits(ctx, request.playerId, request.body), translateFor(request, 'rg.limits_saved')),
  );

  // An account opened before art. 31's fields completes them here (decision 0055, "Existing players").
  registrationDue.enforced = ctx.config.regulatoryProfile === 'br-licensed';
  app.post(
    '/api/app/rg/registration',
    { ...player, schema: { tags, body: CompleteRegistrationBody, response: { 200: Envelope(RgLimits) } } },
    async (request) => {
      await completeRegistration(ctx, request.playerId, request.body);
      return ok(await getLimits(ctx, request.playerId), translateFor(request, 'rg.registration_completed'));
    },
  );

  app.post(
    '/api/app/rg/exclude',
    { ...player, schema: { tags, body: ExcludeBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await exclude(ctx, request.playerId, request.body.period);
      return ok(null, translateFor(request, 'rg.excluded_done'));
    },
  );

  app.get(
    '/api/app/rg/session',
    { ...player, schema: { tags, response: { 200: Envelope(PlaySession) } } },
    async (request) => ok(await playSession(ctx, request.playerId)),
  );

  rgAdminRoutes(app, ctx, makeOperatorGuard(ctx));

  ctx.background.every({
    name: 'reality-check',
    intervalMs: REALITY_CHECK_TICK_MS,
    firstDelayMs: REALITY_CHECK_TICK_MS,
    // The reality check and the session time limit's alert (decision 0055), each pushed after its commit.
    tick: async () => (await realityCheckTick(ctx)) + (await sessionLimitTick(ctx)),
  });
};
