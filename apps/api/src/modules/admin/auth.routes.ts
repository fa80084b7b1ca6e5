import {
  AdminLoginAnswer,
  AdminLoginBody,
  AdminMeAnswer,
  TotpConfirmAnswer,
  TotpConfirmBody,
  TotpEnrolAnswer,
} from '@aposta/contract';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { loginClient, setDeviceCookie } from '../auth/auth.routes.ts';
import { confirmTotp, describeMe, enrolTotp, operatorLogin, operatorLogout } from './auth.service.ts';

/** Operator sign-in (api-contract section 8) and the second factor (ours). */
export function adminAuthRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const signedIn = { onRequest: guard.signedIn };

  app.post(
    '/api/admin/auth/login',
    {
      schema: { tags, body: AdminLoginBody, response: { 200: Envelope(AdminLoginAnswer) } },
      config: { rateLimit: { max: ctx.config.rateLimits.loginPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await operatorLogin(ctx, request.body, loginClient(request));
      setDeviceCookie(reply, result.deviceCookie, ctx.config.isProduction);
      return ok(result.answer);
    },
  );

  app.post(
    '/api/admin/auth/logout',
    { ...signedIn, schema: { tags, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await operatorLogout(ctx, request.tokenHash!);
      return ok(null);
    },
  );

  app.get(
    '/api/admin/me',
    { ...signedIn, schema: { tags, response: { 200: Envelope(AdminMeAnswer) } } },
    async (request) => ok(describeMe(request.operator)),
  );

  app.post(
    '/api/admin/auth/totp/enrol',
    { ...signedIn, schema: { tags, response: { 200: Envelope(TotpEnrolAnswer) } } },
    async (request) => ok(await enrolTotp(ctx, actorOf(request))),
  );

  app.post(
    '/api/admin/auth/totp/confirm',
    { ...signedIn, schema: { tags, body: TotpConfirmBody, response: { 200: Envelope(TotpConfirmAnswer) } } },
    async (request) => ok(await confirmTotp(ctx, actorOf(request), request.body.code)),
  );
}
