import { SlipAnswer, SlipCreateBody, SlipCreated, SlipParams } from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { createSlip, readSlip } from './slips.service.ts';

/** Codes a player may create per 10 minutes: plenty to share every bet, too few to fill the table. */
export const SLIPS_PER_TEN_MINUTES = 30;

const tags = ['sportsbook'];

/** Shared slips (api-contract section 19): created by a player, opened by anyone. */
export function slipsRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards): void {
  app.post(
    '/api/app/sports/slips',
    {
      onRequest: guards.requirePlayer,
      schema: { tags, body: SlipCreateBody, response: { 200: Envelope(SlipCreated) } },
      // Per player, after the token is checked (one address behind a carrier NAT is many players).
      config: {
        rateLimit: {
          max: SLIPS_PER_TEN_MINUTES,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `slips:${request.playerId}`,
        },
      },
    },
    async (request) => ok(await createSlip(ctx, request.playerId, request.body)),
  );

  app.get(
    '/api/app/sports/slips/:code',
    { schema: { tags, params: SlipParams, response: { 200: Envelope(SlipAnswer) } } },
    async (request) => ok(await readSlip(ctx, request.params.code)),
  );
}
