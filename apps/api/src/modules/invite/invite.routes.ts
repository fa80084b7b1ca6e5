import {
  AgentClaimAnswer,
  AgentSummaryAnswer,
  FriendsAnswer,
  FriendsQuery,
  InviteInfoAnswer,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { agentSummary, claimCommission, inviteInfo, listFriends } from './invite.service.ts';

/** The player's calls of api-contract section 14. */
export function inviteRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards): void {
  const player = { onRequest: guards.requirePlayer };
  const tags = ['invite'];

  app.get(
    '/api/app/invite/info',
    { ...player, schema: { tags, response: { 200: Envelope(InviteInfoAnswer) } } },
    async (request) => ok(await inviteInfo(ctx, request.playerId)),
  );

  app.get(
    '/api/app/invite/friends',
    { ...player, schema: { tags, querystring: FriendsQuery, response: { 200: Envelope(FriendsAnswer) } } },
    async (request) => ok(await listFriends(ctx, request.playerId, request.query)),
  );

  app.get(
    '/api/app/agent/summary',
    { ...player, schema: { tags, response: { 200: Envelope(AgentSummaryAnswer) } } },
    async (request) => ok(await agentSummary(ctx, request.playerId)),
  );

  app.post(
    '/api/app/agent/claim',
    { ...player, schema: { tags, response: { 200: Envelope(AgentClaimAnswer) } } },
    async (request) => ok(await idempotent(ctx.db, request, () => claimCommission(ctx, request.playerId))),
  );
}
