import type { AppContext } from '../../app-context.ts';
import { afterBalancePush } from '../engagement/events.ts';
import { getBalance, pushUserInfo } from '../users/users.service.ts';

/**
 * After a balance change commits: `insBalance` with the new balances, then the fresh user object, then
 * engagement's events (`freeBalance` when the bonus balance changed, `userBetAmount` when an increase is offered).
 */
export async function pushBalance(ctx: AppContext, userId: bigint): Promise<void> {
  if (!ctx.realtime.mayReach(userId)) return;
  ctx.realtime.emitToUser(userId, 'insBalance', await getBalance(ctx, userId));
  await pushUserInfo(ctx, userId);
  await afterBalancePush(ctx, userId);
}
