import {
  CaptchaParams,
  CheckEmailBody,
  LoginBody,
  RegisterBody,
  SendEmailBody,
  SetPwdBody,
  TokenAnswer,
} from '@aposta/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { translateFor } from '../../http/error-handler.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { readZoneMinutes } from '../../lib/amount.ts';
import { resolveLanguage } from '../../lib/messages.ts';
import * as auth from './auth.service.ts';
import { issueCaptcha } from './captcha.service.ts';
import * as reset from './password-reset.service.ts';
import { DEVICE_COOKIE, readDeviceProof } from './trusted-devices.ts';

/** Where a login comes from (also used by the operators' sign-in). */
export const loginClient = (request: FastifyRequest): auth.LoginClient => ({
  address: request.ip,
  device: readDeviceProof(request.headers),
});

/** The device cookie: HttpOnly (scripts cannot read it), for the API only, a year. */
export function setDeviceCookie(reply: FastifyReply, value: string | undefined, secure: boolean): void {
  if (!value) return;
  const attributes = ['Path=/api/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${365 * 24 * 3600}`];
  if (secure) attributes.push('Secure');
  reply.header('set-cookie', `${DEVICE_COOKIE}=${value}; ${attributes.join('; ')}`);
}

export function authRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards): void {
  signInRoutes(app, ctx, guards);
  passwordResetRoutes(app, ctx);
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

function signInRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards) {
  const limits = ctx.config.rateLimits;
  // Per address, except for a device that has signed in to the account it names: a flood from a shared address
  // (a carrier-grade NAT) must not keep the owner out. Counted after the body is read, to know the account.
  const loginLimit = (subject: 'player' | 'operator') => ({
    rateLimit: {
      max: limits.loginPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest) =>
        auth.fromTrustedDevice(ctx, subject, request.body, readDeviceProof(request.headers)),
    },
  });

  app.get(
    '/api/auth/user/captcha/:codeId',
    { schema: { tags: ['auth'], params: CaptchaParams }, config: perMinute(limits.captchaPerMinute) },
    async (request, reply) => {
      const svg = await issueCaptcha(ctx.db, request.params.codeId);
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    '/api/auth/user/restLogin',
    {
      schema: { tags: ['auth'], body: LoginBody, response: { 200: Envelope(TokenAnswer) } },
      config: loginLimit('player'),
    },
    async (request, reply) => {
      const result = await auth.login(ctx, request.body, loginClient(request));
      setDeviceCookie(reply, result.deviceCookie, ctx.config.isProduction);
      return ok(result.token);
    },
  );

  app.post(
    '/api/auth/user/restRegister',
    {
      schema: { tags: ['auth'], body: RegisterBody, response: { 200: Envelope(TokenAnswer) } },
      config: perMinute(limits.registerPerMinute),
    },
    async (request, reply) => {
      const result = await auth.register(
        ctx,
        { ...request.body, zoneMinutes: readZoneMinutes(request.headers.zone), signupIp: request.ip },
        readDeviceProof(request.headers),
      );
      setDeviceCookie(reply, result.deviceCookie, ctx.config.isProduction);
      return ok(result.token);
    },
  );

  app.post(
    '/api/auth/user/logout',
    {
      schema: { tags: ['auth'], response: { 200: Envelope(Type.Null()) } },
      onRequest: guards.requirePlayer,
    },
    async (request) => {
      await auth.logout(ctx, request.tokenHash!);
      return ok(null, translateFor(request, 'auth.logged_out'));
    },
  );
}

function passwordResetRoutes(app: TypedApp, ctx: AppContext) {
  const limits = ctx.config.rateLimits;
  app.post(
    '/api/app/main/RESETPWD/sendEmail',
    {
      schema: { tags: ['auth'], body: SendEmailBody, response: { 200: Envelope(Type.Null()) } },
      config: perMinute(limits.resetPerMinute),
    },
    async (request) => {
      await reset.sendResetCode(ctx, request.body.email, resolveLanguage(request.headers.lang));
      return ok(null, translateFor(request, 'reset.sent'));
    },
  );

  app.post(
    '/api/app/main/RESETPWD/checkEmail',
    {
      schema: { tags: ['auth'], body: CheckEmailBody, response: { 200: Envelope(Type.String()) } },
      config: perMinute(limits.resetPerMinute),
    },
    async (request) => ok(await reset.checkResetCode(ctx, request.body.email, request.body.code)),
  );

  app.post(
    '/api/app/main/setPwd',
    {
      schema: { tags: ['auth'], body: SetPwdBody, response: { 200: Envelope(Type.Null()) } },
      config: perMinute(limits.resetPerMinute),
    },
    async (request) => {
      await reset.setNewPassword(ctx, request.body.chkId, request.body.nPwd);
      return ok(null, translateFor(request, 'reset.done'));
    },
  );
}
