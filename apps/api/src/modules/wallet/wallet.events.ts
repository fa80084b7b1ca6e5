import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { afterBalancePush } from '../engagement/events.ts';
import { type Balances, findBalances } from '../users/users.repository.ts';
import { pushUserInfo } from '../users/users.service.ts';

/**
 * After a balance change commits: `insBalance` with the new balances, then the fresh user object, then
 * engagement's events (`freeBalance` when the bonus balance changed, `userBetAmount` when an increase is offered).
 * `known`: the balances the committed transaction left (a bet's answer carries them), so the push leaves at
 * once instead of after a read, and the later events do not read them again.
 */
export async function pushBalance(ctx: AppContext, userId: bigint, known?: Balances): Promise<void> {
  if (!(await ctx.realtime.mayReach(userId))) return;
  const balances = known ?? (await findBalances(ctx.db, userId));
  ctx.realtime.emitToUser(userId, 'insBalance', {
    balance: centsToReais(balances.cashCents),
    freeBalance: centsToReais(balances.bonusCents),
  });
  await pushUserInfo(ctx, userId, balances);
  await afterBalancePush(ctx, userId, balances.bonusCents);
}
