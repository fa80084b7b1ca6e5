import {
  AdminTournamentsAnswer,
  MissionClaimAnswer,
  MissionCreateBody,
  MissionsAnswer,
  TournamentBoard,
  TournamentCreateBody,
  TournamentIdParams,
  TournamentPayAnswer,
  TournamentsAnswer,
} from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { ModuleContext } from '../../app-module.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { findLivePlayer } from '../../db/sessions.repository.ts';
import { bearerToken } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { sha256 } from '../../lib/secrets.ts';
import { adminOverview, createMission, createTournament } from './admin.service.ts';
import { claimMission, listMissions } from './missions.service.ts';
import { listTournaments, payTournament, tournamentBoard } from './tournaments.service.ts';

/** The caller when signed in (their own rank and progress), or null for a guest: the lists are public. */
async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<bigint | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const player = await findLivePlayer(ctx.db, sha256(token));
  return player?.status === 'active' ? player.userId : null;
}

export function tournamentsRoutes(app: TypedApp, ctx: ModuleContext): void {
  const tags = ['tournaments'];
  app.get(
    '/api/app/tournaments',
    { schema: { tags, response: { 200: Envelope(TournamentsAnswer) } } },
    async () => ok({ tournaments: await listTournaments(ctx) }),
  );
  app.get(
    '/api/app/tournaments/:id',
    { schema: { tags, params: TournamentIdParams, response: { 200: Envelope(TournamentBoard) } } },
    async (request) =>
      ok(await tournamentBoard(ctx, BigInt(request.params.id), await callerOf(ctx, request))),
  );
  app.get(
    '/api/app/missions',
    { schema: { tags, response: { 200: Envelope(MissionsAnswer) } } },
    async (request) => ok({ missions: await listMissions(ctx, await callerOf(ctx, request)) }),
  );
  app.post(
    '/api/app/missions/:id/claim',
    {
      onRequest: ctx.guards.requirePlayer,
      schema: { tags, params: TournamentIdParams, response: { 200: Envelope(MissionClaimAnswer) } },
    },
    async (request) => ok(await claimMission(ctx, request.playerId, BigInt(request.params.id))),
  );
}

export function tournamentsAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const Created = Envelope(Type.Object({ id: Type.Integer() }));
  app.get(
    '/api/admin/tournaments',
    {
      onRequest: guard.allow('tournaments'),
      schema: { tags, response: { 200: Envelope(AdminTournamentsAnswer) } },
    },
    async () => ok(await adminOverview(ctx)),
  );
  app.post(
    '/api/admin/tournaments',
    {
      onRequest: guard.allow('tournaments'),
      schema: { tags, body: TournamentCreateBody, response: { 200: Created } },
    },
    async (request) => ok(await createTournament(ctx, actorOf(request), request.body)),
  );
  app.post(
    '/api/admin/tournaments/:id/pay',
    {
      onRequest: guard.allow('tournaments'),
      schema: { tags, params: TournamentIdParams, response: { 200: Envelope(TournamentPayAnswer) } },
    },
    async (request) => ok(await payTournament(ctx, BigInt(request.params.id), actorOf(request))),
  );
  app.post(
    '/api/admin/missions',
    {
      onRequest: guard.allow('tournaments'),
      schema: { tags, body: MissionCreateBody, response: { 200: Created } },
    },
    async (request) => ok(await createMission(ctx, actorOf(request), request.body)),
  );
}
