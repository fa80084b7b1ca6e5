import { Type } from 'typebox';
import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { bonusesAllowed } from '../rg/rg.bonuses.ts';
import { commissionAdminRoutes } from './admin.routes.ts';
import { settleCommissionDay } from './commission.job.ts';
import { inviteRoutes } from './invite.routes.ts';
import { dayToSettle, isDay, saoPauloDay } from './invite.rules.ts';

const SETTLE_CHECK_MS = 10 * 60_000;

/**
 * Invitations, friends and agents. In servers a loop settles the previous America/Sao_Paulo day's commissions;
 * it runs every few minutes on every server and settles a day once (settleCommissionDay). Outside production,
 * POST /dev/commission/run settles a given day at once (the browser journey settles "today" with it).
 */
export const register: RegisterModule = (app, ctx) => {
  inviteRoutes(app, ctx, ctx.guards);
  commissionAdminRoutes(app, ctx, makeOperatorGuard(ctx));
  ctx.background.every({
    name: 'commission-settle',
    intervalMs: SETTLE_CHECK_MS,
    tick: async () => {
      // Commissions are rewards: none is earned under the Brazilian licence (modules/rg, decision 0036).
      if (!bonusesAllowed(ctx.config)) return;
      const result = await settleCommissionDay(ctx.db, dayToSettle(new Date()));
      if (result.settled)
        ctx.log.info({ ...result, paidCents: String(result.paidCents) }, 'commission day settled');
    },
  });
  if (!ctx.config.isProduction) {
    app.post(
      '/dev/commission/run',
      {
        schema: {
          hide: true,
          body: Type.Optional(Type.Object({ day: Type.Optional(Type.String({ maxLength: 10 })) })),
          response: { 200: Envelope(Type.Object({ day: Type.String(), settled: Type.Boolean() })) },
        },
      },
      async (request) => {
        const day = request.body?.day ?? saoPauloDay(new Date());
        if (!isDay(day)) throw invalidInput('agent.day_invalid');
        if (!bonusesAllowed(ctx.config)) return ok({ day, settled: false });
        const result = await settleCommissionDay(ctx.db, day);
        return ok({ day: result.day, settled: result.settled });
      },
    );
  }
};
