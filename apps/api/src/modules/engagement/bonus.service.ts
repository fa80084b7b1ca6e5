import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { playerBalances as findBalances } from '../ledger/ledger.service.ts';
import { GIFT_WAGERING_MULTIPLE } from './engagement.rules.ts';

/** `/bonus`: the bonus balance, the wagering of the current cycle, and the bonus credits with what released them. */

/** What released a bonus credit, from its ledger code: a reward's kind, a deposit's gift, an operator. */
export function bonusKind(code: string): string {
  if (code.endsWith('_reward')) return code.slice(0, -'_reward'.length);
  if (code === 'admin_adjustment') return 'adjustment';
  return code;
}

export async function bonusOverview(ctx: AppContext, userId: bigint) {
  const [balances, user, history, rules] = await Promise.all([
    findBalances(ctx.db, userId),
    ctx.db
      .selectFrom('users')
      .select(['wagering_total_cents', 'wagering_remaining_cents'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    sql<{ code: string; amount_cents: bigint; created_at: Date }>`
      SELECT t.code, p.amount_cents, t.created_at
        FROM ledger_accounts a
        JOIN ledger_postings p ON p.account_id = a.id
        JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE a.owner_user_id = ${userId} AND a.kind = 'player_bonus' AND a.currency = 'BRL'
         AND p.amount_cents > 0
       ORDER BY p.id DESC
       LIMIT 50`.execute(ctx.db),
    wageringRules(ctx),
  ]);
  const total = BigInt(user.wagering_total_cents);
  const remaining = BigInt(user.wagering_remaining_cents);
  return {
    freeBalance: centsToReais(balances.bonusCents),
    wagering: {
      required: centsToReais(total),
      done: centsToReais(total > remaining ? total - remaining : 0n),
    },
    history: history.rows.map((row) => ({
      kind: bonusKind(row.code),
      amount: centsToReais(BigInt(row.amount_cents)),
      time: new Date(row.created_at).getTime(),
    })),
    rules,
  };
}

/**
 * The wagering multiples the money paths apply (the deposit's credit and creditReward), so the pages show the
 * server's numbers rather than their own: a reward the operator credits as cash has none (0).
 */
export async function wageringRules(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('reward_rules')
    .select(['kind', 'wagering_multiple', 'to_cash'])
    .execute();
  const rewards: Record<string, number> = {};
  for (const row of rows) rewards[row.kind] = row.to_cash ? 0 : row.wagering_multiple;
  return { depositGift: Number(GIFT_WAGERING_MULTIPLE), rewards };
}
