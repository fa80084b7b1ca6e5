import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import type { BalancesCents } from '../../platform/events.ts';
import { findBalances } from '../users/users.repository.ts';

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
 * The wallet's part of telling a player about a balance change: every module publishes `balanceChanged`
 * (platform/events.ts) in or after the transaction that moved the money, and this runs once it has committed.
 */
export function subscribeBalancePush(ctx: AppContext): void {
  ctx.events.on('balanceChanged', (event) =>
    pushBalance(ctx, event.userId, event.balances, event.change ?? 'other'),
  );
}

/**
 * `insBalance` with the new balances to a connected player, then `balancePushed`, on which the users module
 * sends the fresh user object and the engagement module its events (`freeBalance` when the bonus balance
 * changed, `userBetAmount` when an increase is offered). `known`: the balances the committed transaction left (a
 * bet's answer carries them), so the push leaves at once instead of after a read, and the later events do not read
 * them again.
 */
async function pushBalance(
  ctx: AppContext,
  userId: bigint,
  known: BalancesCents | undefined,
  change: BalanceChange,
): Promise<void> {
  if (!(await ctx.realtime.mayReach(userId))) return;
  const balances = known ?? (await findBalances(ctx.db, userId));
  const czflag = czflagOf(change);
  ctx.realtime.emitToUser(userId, 'insBalance', {
    balance: centsToReais(balances.cashCents),
    freeBalance: centsToReais(balances.bonusCents),
    czflag,
  });
  await ctx.events.publish('balancePushed', { userId, balances, czflag });
}
