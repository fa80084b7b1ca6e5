import {
  AssignBody,
  CannedAnswer,
  CannedAnswerBody,
  CannedAnswersAnswer,
  ChatAgentsAnswer,
  ChatHistoryAnswer,
  ChatHistoryQuery,
  ChatMessage,
  ChatReadBody,
  ConversationParams,
  ConversationRecord,
  ConversationsAnswer,
  ConversationsQuery,
  ReplyBody,
  SendChatBody,
  SupportConfig,
  SupportSettingsBody,
} from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ModuleContext } from '../../app-module.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { pagingOf } from '../../backoffice/paging.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import {
  assignConversation,
  closeConversation,
  conversationMessages,
  listAgents,
  listConversations,
  markReadByAgent,
  markReadByPlayer,
  playerHistory,
  reopenConversation,
  reply,
  sendAsPlayer,
} from './chat.service.ts';
import { onlineValue } from './online-count.ts';
import {
  createCanned,
  deleteCanned,
  type FrameOrigins,
  listCanned,
  readSupportConfig,
  updateCanned,
  updateSupportConfig,
} from './settings.service.ts';

/** The player's chat calls and the public support config (api-contract sections 13 and 16). */
export function playerChatRoutes(app: TypedApp, ctx: ModuleContext): void {
  const tags = ['support'];
  const player = { onRequest: ctx.guards.requirePlayer };

  app.get(
    '/api/app/main/config',
    { schema: { tags, response: { 200: Envelope(SupportConfig) } } },
    async () => {
      const config = await readSupportConfig(ctx);
      // Players see the operator's base plus who is connected now; the back office edits the base alone.
      const onlineBase = await onlineValue(ctx, config.onlineBase);
      return ok({ ...config, onlineBase, regulatoryProfile: ctx.config.regulatoryProfile });
    },
  );

  app.get(
    '/api/app/chat/messages',
    {
      ...player,
      schema: { tags, querystring: ChatHistoryQuery, response: { 200: Envelope(ChatHistoryAnswer) } },
    },
    async (request) =>
      ok(await playerHistory(ctx, request.playerId, request.query.before, request.query.size ?? 30)),
  );

  app.post(
    '/api/app/chat/messages',
    {
      ...player,
      schema: { tags, body: SendChatBody, response: { 200: Envelope(ChatMessage) } },
      // Per player, after the token is checked (so one address behind a carrier NAT is not one bucket).
      config: {
        rateLimit: {
          max: ctx.config.rateLimits.chatPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `chat:${request.playerId}`,
        },
      },
    },
    async (request) => ok(await sendAsPlayer(ctx, request.playerId, request.body)),
  );

  app.post(
    '/api/app/chat/read',
    { ...player, schema: { tags, body: ChatReadBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await markReadByPlayer(ctx, request.playerId, request.body.upTo);
      return ok(null);
    },
  );
}

/** The operators' inbox, canned answers and support settings. */
export function adminChatRoutes(
  app: TypedApp,
  ctx: ModuleContext,
  guard: OperatorGuard,
  frames: FrameOrigins,
): void {
  inboxRoutes(app, ctx, guard);
  cannedAndSettingsRoutes(app, ctx, guard, frames);
}

const adminTags = ['admin', 'support'];
const conversation = { params: ConversationParams };
const id = (request: { params: { id: number } }) => BigInt(request.params.id);

function inboxRoutes(app: TypedApp, ctx: ModuleContext, guard: OperatorGuard) {
  const tags = adminTags;
  const chat = { onRequest: guard.allow('chat') };

  app.get(
    '/api/admin/chat/conversations',
    {
      ...chat,
      schema: { tags, querystring: ConversationsQuery, response: { 200: Envelope(ConversationsAnswer) } },
    },
    async (request) => ok(await listConversations(ctx, request.query.status, pagingOf(request.query))),
  );

  app.get(
    '/api/admin/chat/conversations/:id/messages',
    {
      ...chat,
      schema: {
        tags,
        ...conversation,
        querystring: ChatHistoryQuery,
        response: { 200: Envelope(Type.Array(ChatMessage)) },
      },
    },
    async (request) =>
      ok(await conversationMessages(ctx, id(request), request.query.before, request.query.size ?? 50)),
  );

  app.post(
    '/api/admin/chat/conversations/:id/messages',
    { ...chat, schema: { tags, ...conversation, body: ReplyBody, response: { 200: Envelope(ChatMessage) } } },
    async (request) => ok(await reply(ctx, actorOf(request), id(request), request.body)),
  );

  app.post(
    '/api/admin/chat/conversations/:id/read',
    {
      ...chat,
      schema: { tags, ...conversation, body: ChatReadBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await markReadByAgent(ctx, id(request), request.body.upTo);
      return ok(null);
    },
  );

  for (const [action, change] of [
    ['close', closeConversation],
    ['reopen', reopenConversation],
  ] as const) {
    app.post(
      `/api/admin/chat/conversations/:id/${action}`,
      { ...chat, schema: { tags, ...conversation, response: { 200: Envelope(ConversationRecord) } } },
      async (request) => ok(await change(ctx, actorOf(request), id(request))),
    );
  }

  app.post(
    '/api/admin/chat/conversations/:id/assign',
    {
      ...chat,
      schema: { tags, ...conversation, body: AssignBody, response: { 200: Envelope(ConversationRecord) } },
    },
    async (request) =>
      ok(await assignConversation(ctx, actorOf(request), id(request), request.body.operatorId)),
  );

  app.get(
    '/api/admin/chat/agents',
    { ...chat, schema: { tags, response: { 200: Envelope(ChatAgentsAnswer) } } },
    async () => ok(await listAgents(ctx)),
  );
}

function cannedAndSettingsRoutes(
  app: TypedApp,
  ctx: ModuleContext,
  guard: OperatorGuard,
  frames: FrameOrigins,
) {
  const tags = adminTags;
  const chat = { onRequest: guard.allow('chat') };
  const settings = { onRequest: guard.allow('settings') };
  app.get(
    '/api/admin/chat/canned',
    { ...chat, schema: { tags, response: { 200: Envelope(CannedAnswersAnswer) } } },
    async () => ok(await listCanned(ctx)),
  );
  app.post(
    '/api/admin/chat/canned',
    { ...chat, schema: { tags, body: CannedAnswerBody, response: { 200: Envelope(CannedAnswer) } } },
    async (request) => ok(await createCanned(ctx, actorOf(request), request.body)),
  );
  app.post(
    '/api/admin/chat/canned/:id',
    {
      ...chat,
      schema: { tags, ...conversation, body: CannedAnswerBody, response: { 200: Envelope(CannedAnswer) } },
    },
    async (request) => ok(await updateCanned(ctx, actorOf(request), id(request), request.body)),
  );
  app.post(
    '/api/admin/chat/canned/:id/delete',
    { ...chat, schema: { tags, ...conversation, response: { 200: Envelope(Type.Null()) } } },
    async (request) => ok(await deleteCanned(ctx, actorOf(request), id(request))),
  );

  app.get(
    '/api/admin/support/settings',
    { ...settings, schema: { tags, response: { 200: Envelope(SupportConfig) } } },
    async () => ok(await readSupportConfig(ctx)),
  );
  app.post(
    '/api/admin/support/settings',
    { ...settings, schema: { tags, body: SupportSettingsBody, response: { 200: Envelope(SupportConfig) } } },
    async (request) => ok(await updateSupportConfig(ctx, actorOf(request), request.body, frames)),
  );
}
