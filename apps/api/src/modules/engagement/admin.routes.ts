import {
  ActivityBody,
  ActivityUpdateBody,
  AdminActivitiesAnswer,
  AdminActivity,
  AdminAwardsAnswer,
  AdminDiscount,
  AdminDiscountsAnswer,
  AdminVipLevelBody,
  AwardBody,
  AwardsQuery,
  CampaignCostsAnswer,
  CampaignCostsQuery,
  DiscountBody,
  DiscountUpdateBody,
  IdParams,
  IncreaseRule,
  IncreaseRuleBody,
  RewardKindParams,
  RewardRule,
  RewardRuleBody,
  RewardRulesAnswer,
  SigninRewardsAnswer,
  SigninRewardsBody,
  VipClaimParams,
  VipLevel,
  VipLevelsAnswer,
} from '@aposta/contract';
import { Type } from 'typebox';
import type { ModuleContext } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import * as offers from './admin.offers.ts';
import * as admin from './admin.service.ts';
import { pushUserInfoToConnected } from './events.ts';

/** The back office's engagement calls (ours, issue 11): role marketing edits, finance reads the costs. */
export function engagementAdminRoutes(app: TypedApp, ctx: ModuleContext): void {
  const guard = makeOperatorGuard(ctx);
  vipAndRewardRoutes(app, ctx, guard);
  discountRoutes(app, ctx, guard);
  activityAndAwardRoutes(app, ctx, guard);
}

const tags = ['admin'];
type Guard = ReturnType<typeof makeOperatorGuard>;

function vipAndRewardRoutes(app: TypedApp, ctx: ModuleContext, guard: Guard) {
  const vip = { onRequest: guard.allow('vip') };
  const bonuses = { onRequest: guard.allow('bonuses') };

  app.get(
    '/api/admin/vip/levels',
    { ...vip, schema: { tags, response: { 200: Envelope(VipLevelsAnswer) } } },
    async () => ok(await admin.adminVipLevels(ctx)),
  );
  app.post(
    '/api/admin/vip/levels/:level',
    {
      ...vip,
      schema: {
        tags,
        params: VipClaimParams,
        body: AdminVipLevelBody,
        response: { 200: Envelope(VipLevel) },
      },
    },
    async (request) =>
      ok(await admin.updateVipLevel(ctx, actorOf(request), request.params.level, request.body)),
  );

  app.get(
    '/api/admin/rewards/rules',
    { ...bonuses, schema: { tags, response: { 200: Envelope(RewardRulesAnswer) } } },
    async () => ok(await admin.listRewardRules(ctx)),
  );
  app.post(
    '/api/admin/rewards/rules/:kind',
    {
      ...bonuses,
      schema: {
        tags,
        params: RewardKindParams,
        body: RewardRuleBody,
        response: { 200: Envelope(RewardRule) },
      },
    },
    async (request) =>
      ok(await admin.updateRewardRule(ctx, actorOf(request), request.params.kind, request.body)),
  );

  app.get(
    '/api/admin/signin/rewards',
    { ...bonuses, schema: { tags, response: { 200: Envelope(SigninRewardsAnswer) } } },
    async () => ok(await admin.listSigninRewards(ctx)),
  );
  app.post(
    '/api/admin/signin/rewards',
    {
      ...bonuses,
      schema: { tags, body: SigninRewardsBody, response: { 200: Envelope(SigninRewardsAnswer) } },
    },
    async (request) => ok(await admin.updateSigninRewards(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/api/admin/increase',
    { ...bonuses, schema: { tags, response: { 200: Envelope(IncreaseRule) } } },
    async () => ok(await admin.readIncreaseRule(ctx)),
  );
  app.post(
    '/api/admin/increase',
    { ...bonuses, schema: { tags, body: IncreaseRuleBody, response: { 200: Envelope(IncreaseRule) } } },
    async (request) => ok(await admin.updateIncreaseRule(ctx, actorOf(request), request.body)),
  );
}

function discountRoutes(app: TypedApp, ctx: ModuleContext, guard: Guard) {
  const bonuses = { onRequest: guard.allow('bonuses') };
  app.get(
    '/api/admin/discounts',
    { ...bonuses, schema: { tags, response: { 200: Envelope(AdminDiscountsAnswer) } } },
    async () => ok(await offers.listDiscounts(ctx)),
  );
  app.post(
    '/api/admin/discounts',
    { ...bonuses, schema: { tags, body: DiscountBody, response: { 200: Envelope(AdminDiscount) } } },
    async (request) => {
      const discount = await offers.createDiscount(ctx, actorOf(request), request.body);
      void pushUserInfoToConnected(ctx);
      return ok(discount);
    },
  );
  app.post(
    '/api/admin/discounts/:id',
    {
      ...bonuses,
      schema: {
        tags,
        params: IdParams,
        body: DiscountUpdateBody,
        response: { 200: Envelope(AdminDiscount) },
      },
    },
    async (request) => {
      const discount = await offers.updateDiscount(
        ctx,
        actorOf(request),
        BigInt(request.params.id),
        request.body,
      );
      void pushUserInfoToConnected(ctx);
      return ok(discount);
    },
  );
}

function activityAndAwardRoutes(app: TypedApp, ctx: ModuleContext, guard: Guard) {
  const activities = { onRequest: guard.allow('activities') };
  const gifts = { onRequest: guard.allow('gifts') };
  const read = { onRequest: guard.allow('engagement.read') };
  app.get(
    '/api/admin/activities',
    { ...activities, schema: { tags, response: { 200: Envelope(AdminActivitiesAnswer) } } },
    async () => ok(await offers.listActivities(ctx)),
  );
  app.post(
    '/api/admin/activities',
    { ...activities, schema: { tags, body: ActivityBody, response: { 200: Envelope(AdminActivity) } } },
    async (request) => ok(await offers.createActivity(ctx, actorOf(request), request.body)),
  );
  app.post(
    '/api/admin/activities/:id',
    {
      ...activities,
      schema: {
        tags,
        params: IdParams,
        body: ActivityUpdateBody,
        response: { 200: Envelope(AdminActivity) },
      },
    },
    async (request) =>
      ok(await offers.updateActivity(ctx, actorOf(request), BigInt(request.params.id), request.body)),
  );

  app.get(
    '/api/admin/awards',
    { ...gifts, schema: { tags, querystring: AwardsQuery, response: { 200: Envelope(AdminAwardsAnswer) } } },
    async (request) => ok(await admin.listAwards(ctx, request.query)),
  );
  app.post(
    '/api/admin/awards',
    {
      ...gifts,
      schema: {
        tags,
        body: AwardBody,
        response: { 200: Envelope(Type.Object({ granted: Type.Integer() })) },
      },
    },
    async (request) => ok(await admin.grantAwards(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/api/admin/engagement/costs',
    {
      ...read,
      schema: { tags, querystring: CampaignCostsQuery, response: { 200: Envelope(CampaignCostsAnswer) } },
    },
    async (request) => ok(await admin.campaignCosts(ctx, request.query.from, request.query.to)),
  );
}
