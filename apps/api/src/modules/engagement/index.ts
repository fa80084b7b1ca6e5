import type { RegisterModule } from '../../app-module.ts';
import { engagementAdminRoutes } from './admin.routes.ts';
import { engagementRoutes } from './engagement.routes.ts';
import { afterBalancePush } from './events.ts';

export { canReceiveRewards } from './rewards.ts';

/**
 * Engagement (api-contract section 13): VIP, bonus, daily sign-in, activities and awards, the increase reward,
 * deposit discounts, notices for players; the back office's rules for all of them (decision 0021).
 */
export const register: RegisterModule = (app, ctx) => {
  engagementRoutes(app, ctx);
  engagementAdminRoutes(app, ctx);
  ctx.events.on('balancePushed', (event) =>
    afterBalancePush(ctx, event.userId, event.balances.bonusCents, event.czflag),
  );
};
