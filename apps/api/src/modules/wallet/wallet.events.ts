import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { afterBalancePush } from '../engagement/events.ts';
import { type Balances, findBalances } from '../users/users.repository.ts';
import { pushUserInfo } from '../users/users.service.ts';

/**
 * spec.md section 3: the balance events carry `czflag`, the recharge flag (cz, "chongzhi"): 1 when the change is
 * a deposit arriving, 0 for every other change (bets, wins, transfers, rewards). The client leaves its
 * low-balance offers shut on a recharge (docs/decisions/0032).
 */
export type Czflag = 0 | 1;

/** What a change is, for the events it sends: a deposit (`czflag` 1) or anything else. */
export type BalanceChange = 'deposit' | 'other';

export const czflagOf = (change: BalanceChange): Czflag => (change === 'deposit' ? 1 : 0);

/**
 * After a balance change commits: `insBalance` with the new balances, then the fresh user object, then
 * engagement's events (`freeBalance` when the bonus balance changed, `userBetAmount` when an increase is offered).
 * `known`: the balances the committed transaction left (a bet's answer carries them), so the push leaves at
 * once instead of after a read, and the later events do not read them again.
 */
export async function pushBalance(
  ctx: AppContext,
  userId: bigint,
  known?: Balances,
  change: BalanceChange = 'other',
): Promise<void> {
  if (!(await ctx.realtime.mayReach(userId))) return;
  const balances = known ?? (await findBalances(ctx.db, userId));
  const czflag = czflagOf(change);
  ctx.realtime.emitToUser(userId, 'insBalance', {
    balance: centsToReais(balances.cashCents),
    freeBalance: centsToReais(balances.bonusCents),
    czflag,
  });
  await pushUserInfo(ctx, userId, balances);
  await afterBalancePush(ctx, userId, balances.bonusCents, czflag);
}
