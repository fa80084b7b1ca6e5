import {
  GameInfoAnswer,
  GameInfoQuery,
  GameLaunchAnswer,
  GameLaunchBody,
  GameListAnswer,
  GameListQuery,
  HotSlotsAnswer,
  HotSlotsQuery,
  InPlayAnswer,
  RecentSlotsAnswer,
  RecentSlotsQuery,
  SlotRoundsAnswer,
  SlotRoundsQuery,
} from '@aposta/contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf, writeAudit } from '../../backoffice/audit.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { parseJsonNumbersAsText } from '../../http/json-body.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { openWindowLimiter } from '../../platform/window-limiter.ts';
import { handleBg } from './bg.adapter.ts';
import { handleEvo } from './evo.adapter.ts';
import { handlePg } from './pg.adapter.ts';
import type { HttpCall } from './provider-http.ts';
import {
  admitCallback,
  bgAuthentic,
  bgBusy,
  evoAuthentic,
  evoBusy,
  pgAuthentic,
  pgBusy,
} from './slots.callback-gate.ts';
import { hotSlots, recentSlots } from './slots.lobby.ts';
import { gameInfo, inPlay, launch, listGames, listRounds, stopGame, syncCatalog } from './slots.service.ts';

const tags = ['slots'];

export function playerSlotRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards, http: HttpCall): void {
  app.get(
    '/api/app/game/list',
    { schema: { tags, querystring: GameListQuery, response: { 200: Envelope(GameListAnswer) } } },
    async (request) =>
      ok(
        await listGames(ctx, {
          productCode: request.query.productCode,
          q: request.query.q,
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );
  app.get(
    '/api/app/game/hot',
    { schema: { tags, querystring: HotSlotsQuery, response: { 200: Envelope(HotSlotsAnswer) } } },
    async (request) => ok({ records: await hotSlots(ctx, request.query.size ?? 10) }),
  );
  app.get(
    '/api/app/game/recent',
    {
      onRequest: guards.requirePlayer,
      schema: { tags, querystring: RecentSlotsQuery, response: { 200: Envelope(RecentSlotsAnswer) } },
    },
    async (request) => ok({ records: await recentSlots(ctx, request.playerId, request.query.size ?? 10) }),
  );
  app.get(
    '/api/app/game/info',
    { schema: { tags, querystring: GameInfoQuery, response: { 200: Envelope(GameInfoAnswer) } } },
    async (request) =>
      ok(await gameInfo(ctx, { ...request.query, lang: String(request.headers.lang ?? 'pt_BR') })),
  );
  app.post(
    '/api/app/game/launch',
    {
      onRequest: guards.requirePlayer,
      schema: { tags, body: GameLaunchBody, response: { 200: Envelope(GameLaunchAnswer) } },
    },
    async (request) => {
      const lang = String(request.headers.lang ?? 'pt_BR');
      return ok(await launch(ctx, http, request.playerId, { ...request.body, lang }));
    },
  );
  app.get(
    '/api/app/game/slotRounds',
    {
      onRequest: guards.requirePlayer,
      schema: { tags, querystring: SlotRoundsQuery, response: { 200: Envelope(SlotRoundsAnswer) } },
    },
    async (request) =>
      ok(
        await listRounds(ctx, request.playerId, {
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );
  app.get(
    '/api/app/game/inPlay',
    { onRequest: guards.requirePlayer, schema: { tags, response: { 200: Envelope(InPlayAnswer) } } },
    async (request) => ok(await inPlay(ctx, request.playerId)),
  );
  app.get(
    '/api/app/game/stopGame',
    { onRequest: guards.requirePlayer, schema: { tags, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await stopGame(ctx, request.playerId);
      return ok(null);
    },
  );
}

export function adminSlotRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard, http: HttpCall): void {
  app.post(
    '/api/admin/slots/sync',
    {
      onRequest: guard.allow('games'),
      schema: {
        tags: ['admin'],
        response: {
          200: Envelope(Type.Object({ PG: Type.Integer(), EVO: Type.Integer(), BG: Type.Integer() })),
        },
      },
    },
    async (request) => {
      const counts = await syncCatalog(ctx, http);
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, actorOf(request), {
          action: 'slots.sync',
          target: 'game_catalog',
          before: null,
          after: counts,
        }),
      );
      return ok(counts);
    },
  );
}

/**
 * The providers' callbacks. Each protocol answers in its own shapes and codes, not in the envelope, and the
 * signatures are checked over the raw body, so this scope reads every body as text and each adapter parses it.
 * Not under @fastify/rate-limit: each call is authenticated first and then counted against its provider's
 * ceiling, or against its address's small allowance when it is not authentic (slots.callback-gate.ts).
 */
export async function providerRoutes(app: TypedApp, ctx: AppContext): Promise<void> {
  const limiter = await openWindowLimiter(ctx.config.redisUrl, 'aposta-cb-');
  app.addHook('onClose', async () => limiter.close());
  const admit = (provider: SlotProvider, authentic: boolean, request: FastifyRequest) =>
    admitCallback(limiter, ctx.config.slots, provider, authentic, request.ip);
  await app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const raw = (body: unknown) => (typeof body === 'string' ? body : '');

    scope.post('/api/provider/pg/*', { schema: { tags, hide: true } }, async (request, reply) => {
      const call = (request.params as { '*': string })['*'];
      const form = new URLSearchParams(raw(request.body));
      const admission = await admit('PG', pgAuthentic(ctx.config.slots, form), request);
      if (!admission.allowed) return reply.header('retry-after', admission.retryAfterSeconds).send(pgBusy());
      return reply.code(200).send(await handlePg(ctx, call, form));
    });
    scope.post(
      '/api/provider/bg/:call',
      { schema: { tags, hide: true, params: Type.Object({ call: Type.String({ maxLength: 16 }) }) } },
      async (request, reply) => {
        const { call } = request.params;
        if (call !== 'play' && call !== 'rollback')
          return reply.code(404).send({ code: 404, message: 'Not found' });
        const header = request.headers['x-request-sign'];
        const signature = typeof header === 'string' ? header : undefined;
        const admission = await admit(
          'BG',
          bgAuthentic(ctx.config.slots, raw(request.body), signature),
          request,
        );
        const answer = admission.allowed ? await handleBg(ctx, call, raw(request.body), signature) : bgBusy();
        if (!admission.allowed) reply.header('retry-after', admission.retryAfterSeconds);
        return reply.code(answer.status).send(answer.body);
      },
    );
    scope.post('/api/provider/evo/callback', { schema: { tags, hide: true } }, async (request, reply) => {
      let body: Record<string, unknown> = {};
      try {
        const parsed = parseJsonNumbersAsText(raw(request.body));
        if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
      } catch {
        body = Object.fromEntries(new URLSearchParams(raw(request.body)));
      }
      const admission = await admit('EVO', evoAuthentic(ctx.config.slots, body), request);
      if (!admission.allowed) return reply.header('retry-after', admission.retryAfterSeconds).send(evoBusy());
      return reply.code(200).send(await handleEvo(ctx, body));
    });
  });
}
