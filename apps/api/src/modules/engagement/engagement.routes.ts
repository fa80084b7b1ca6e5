import {
  ActivitiesAnswer,
  ActivityDetail,
  BalancesAnswer,
  BonusAnswer,
  GiftsAnswer,
  IdParams,
  NoticesAnswer,
  SigninAnswer,
  SigninClaimAnswer,
  VipClaimParams,
  VipLevelsAnswer,
  VipStatusAnswer,
} from '@aposta/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-module.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { refuseBonuses } from '../rg/rg.bonuses.ts';
import { activityDetail, listGifts, receiveGift, runningActivities } from './awards.service.ts';
import { bonusOverview } from './bonus.service.ts';
import { receiveIncrease } from './increase.service.ts';
import { enabledNotices } from './notices.service.ts';
import { claimSignin, signinCalendar } from './signin.service.ts';
import { claimVipReward, listVipLevels, vipStatus } from './vip.service.ts';

/** The player's calls of api-contract section 13 (userGift stays in the users module, which asks this one). */
export function engagementRoutes(app: TypedApp, ctx: ModuleContext): void {
  const player = { onRequest: ctx.guards.requirePlayer };
  const tags = ['engagement'];

  app.get(
    '/api/app/vip/levels',
    { schema: { tags, response: { 200: Envelope(VipLevelsAnswer) } } },
    async () => ok(await listVipLevels(ctx)),
  );
  app.get(
    '/api/app/vip/status',
    { ...player, schema: { tags, response: { 200: Envelope(VipStatusAnswer) } } },
    async (request) => ok(await vipStatus(ctx, request.playerId)),
  );
  app.post(
    '/api/app/vip/claim/:level',
    { ...player, schema: { tags, params: VipClaimParams, response: { 200: Envelope(BalancesAnswer) } } },
    async (request) => {
      // A level's reward is a reward like the others (Lei 14.790 art. 29 under br-licensed: modules/rg).
      refuseBonuses(ctx.config);
      return ok(
        await idempotent(ctx.db, request, () => claimVipReward(ctx, request.playerId, request.params.level)),
      );
    },
  );

  app.get(
    '/api/app/signin',
    { ...player, schema: { tags, response: { 200: Envelope(SigninAnswer) } } },
    async (request) => ok(await signinCalendar(ctx, request.playerId)),
  );
  app.post(
    '/api/app/signin',
    { ...player, schema: { tags, response: { 200: Envelope(SigninClaimAnswer) } } },
    async (request) => ok(await idempotent(ctx.db, request, () => claimSignin(ctx, request.playerId))),
  );

  app.get(
    '/api/app/activities',
    { schema: { tags, response: { 200: Envelope(ActivitiesAnswer) } } },
    async () => ok(await runningActivities(ctx)),
  );
  // /active{id} opens for guests too (spec.md section 2): the rules for everyone, the progress for a player.
  const maybePlayer = {
    onRequest: async (request: FastifyRequest) => {
      if (request.headers.authorization !== undefined) await ctx.guards.requirePlayer(request);
    },
  };
  app.get(
    '/api/app/activities/:id',
    { ...maybePlayer, schema: { tags, params: IdParams, response: { 200: Envelope(ActivityDetail) } } },
    async (request) => ok(await activityDetail(ctx, request.playerId, request.params.id)),
  );

  app.get(
    '/api/app/main/gifts',
    { ...player, schema: { tags, response: { 200: Envelope(GiftsAnswer) } } },
    async (request) => ok(await listGifts(ctx, request.playerId)),
  );
  app.post(
    '/api/app/main/gifts/:id/receive',
    { ...player, schema: { tags, params: IdParams, response: { 200: Envelope(BalancesAnswer) } } },
    async (request) =>
      ok(await idempotent(ctx.db, request, () => receiveGift(ctx, request.playerId, request.params.id))),
  );
  app.post(
    '/api/app/main/increase/receive',
    { ...player, schema: { tags, response: { 200: Envelope(BalancesAnswer) } } },
    async (request) => ok(await idempotent(ctx.db, request, () => receiveIncrease(ctx, request.playerId))),
  );

  app.get(
    '/api/app/bonus',
    { ...player, schema: { tags, response: { 200: Envelope(BonusAnswer) } } },
    async (request) => ok(await bonusOverview(ctx, request.playerId)),
  );
  app.get(
    '/api/app/main/notices',
    { schema: { tags, response: { 200: Envelope(NoticesAnswer) } } },
    async () => ok(await enabledNotices(ctx)),
  );
}
