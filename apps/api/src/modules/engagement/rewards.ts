import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import type { RewardKind } from '../../db/schema.engagement.ts';
import type { Tx } from '../../db/tx.ts';
import { accountRefused } from '../../lib/domain-error.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { isExcluded } from '../rg/rg.exclusions.ts';

/**
 * Whether the player may receive rewards now: the account is active (not blocked, not self-excluded) and no
 * time-out or self-exclusion runs (modules/rg; the exclusion table, so an operator changing the status does not
 * reopen marketing to an excluded player).
 */
export async function canReceiveRewards(trx: Db | Tx, userId: bigint): Promise<boolean> {
  const row = await trx.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  if (row?.status !== 'active') return false;
  return !(await isExcluded(trx, userId));
}

/**
 * Locks the player's row (the first lock of every money path, docs/ledger.md) and refuses a player who may not
 * receive rewards (1403). Two claims of one player, from two devices at once, run one after the other here.
 */
export async function lockRewardedPlayer(trx: Tx, userId: bigint): Promise<void> {
  await lockPlayer(trx, userId);
  if (!(await canReceiveRewards(trx, userId))) throw accountRefused('engage.rewards_refused');
}

export interface RewardCredit {
  userId: bigint;
  kind: RewardKind;
  /** The campaign the house pays it from: a named bonus-cost account, so each campaign's cost is its balance. */
  campaign: string;
  amountCents: bigint;
  /** The business key: the ledger refuses a second transaction with it. */
  key: string;
  referenceType: string;
  referenceId: string;
}

/**
 * Credits a reward as one balanced ledger transaction keyed by its business key: into the bonus balance with the
 * kind's wagering multiple, or into cash when the operator's rule says so. Call it inside the transaction that
 * writes the claim, after `lockRewardedPlayer`. Answers whether this call moved money (false: already credited).
 */
export async function creditReward(trx: Tx, credit: RewardCredit): Promise<boolean> {
  if (credit.amountCents <= 0n) throw new Error('engagement: a reward must be positive');
  const rule = await trx
    .selectFrom('reward_rules')
    .select(['wagering_multiple', 'to_cash'])
    .where('kind', '=', credit.kind)
    .executeTakeFirstOrThrow();
  const posted = await postTransaction(trx, {
    code: `${credit.kind}_reward`,
    idempotencyKey: credit.key,
    referenceType: credit.referenceType,
    referenceId: credit.referenceId,
    postings: [
      { account: { kind: 'house_bonus_cost', name: credit.campaign }, amountCents: -credit.amountCents },
      {
        account: { kind: rule.to_cash ? 'player_cash' : 'player_bonus', userId: credit.userId },
        amountCents: credit.amountCents,
      },
    ],
  });
  if (posted.replayed) return false;
  const wageringCents = rule.to_cash ? 0n : credit.amountCents * BigInt(rule.wagering_multiple);
  if (wageringCents > 0n) {
    await trx
      .updateTable('users')
      .set({ wagering_remaining_cents: sql`wagering_remaining_cents + ${wageringCents}::bigint` })
      .where('id', '=', credit.userId)
      .execute();
  }
  return true;
}
