import {
  AdminBoostBody,
  AdminBoostsAnswer,
  AdminBoostsQuery,
  AdminBoostView,
  AutoCashoutAnswer,
  AutoCashoutBody,
  BetParams,
  BoostParams,
  EarlyPayoutRuleBody,
  EarlyPayoutRulesAnswer,
} from '@aposta/contract';
import { oddsMilliFromDecimal } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { setAutoCashout } from './auto-cashout.service.ts';
import { boostList, createBoost, endBoostById } from './boosts.service.ts';
import { earlyPayoutRules, setEarlyPayoutRule } from './early-payout.service.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/**
 * Calls of odds boosts, early payout and auto cash-out (api-contract section 19, decision 0063): the player's auto
 * cash-out, and the trader's boosts and early-payout rules (role `trader` or owner; each change audited in its
 * own transaction).
 */
export function boostRoutes(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  guard: OperatorGuard,
  events: SportsbookEvents,
): void {
  app.post(
    '/api/app/sports/bets/:betId/autoCashout',
    {
      onRequest: guards.requirePlayer,
      schema: {
        tags: ['sportsbook'],
        params: BetParams,
        body: AutoCashoutBody,
        response: { 200: Envelope(AutoCashoutAnswer) },
      },
    },
    async (request) =>
      ok(
        await setAutoCashout(
          ctx,
          request.playerId,
          BigInt(request.params.betId),
          request.body.amount === null ? null : readAmountCents(request.body.amount),
        ),
      ),
  );
  boostAdminRoutes(app, ctx, guard, events);
  earlyPayoutRoutes(app, ctx, guard);
}

const tags = ['sportsbook-admin'];

function boostAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard, events: SportsbookEvents) {
  const operator = { onRequest: guard.allow('sports') };
  app.get(
    '/api/admin/sports/boosts',
    {
      ...operator,
      schema: { tags, querystring: AdminBoostsQuery, response: { 200: Envelope(AdminBoostsAnswer) } },
    },
    async (request) =>
      ok(
        await boostList(ctx, {
          status: request.query.status,
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );
  app.post(
    '/api/admin/sports/boosts',
    { ...operator, schema: { tags, body: AdminBoostBody, response: { 200: Envelope(AdminBoostView) } } },
    async (request) =>
      ok(
        await createBoost(ctx, events, actorOf(request), {
          selectionId: BigInt(request.body.selectionId),
          boostedOddsMilli: oddsMilliFromDecimal(request.body.boostedOdds),
          stakeCapCents: readAmountCents(request.body.stakeCap, 'stakeCap'),
          liabilityCapCents: readAmountCents(request.body.liabilityCap, 'liabilityCap'),
        }),
      ),
  );
  app.post(
    '/api/admin/sports/boosts/:boostId/end',
    { ...operator, schema: { tags, params: BoostParams, response: { 200: Envelope(AdminBoostView) } } },
    async (request) => ok(await endBoostById(ctx, events, actorOf(request), BigInt(request.params.boostId))),
  );
}

function earlyPayoutRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard) {
  const operator = { onRequest: guard.allow('sports') };
  app.get(
    '/api/admin/sports/early-payout-rules',
    { ...operator, schema: { tags, response: { 200: Envelope(EarlyPayoutRulesAnswer) } } },
    async () => ok(await earlyPayoutRules(ctx)),
  );
  app.post(
    '/api/admin/sports/early-payout-rules',
    {
      ...operator,
      schema: { tags, body: EarlyPayoutRuleBody, response: { 200: Envelope(EarlyPayoutRulesAnswer) } },
    },
    async (request) => ok(await setEarlyPayoutRule(ctx, actorOf(request), request.body)),
  );
}
