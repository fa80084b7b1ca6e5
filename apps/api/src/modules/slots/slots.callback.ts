import type { AppContext } from '../../app-context.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { playerBalances } from '../ledger/ledger.service.ts';
import type { StakeProduct } from '../stakes/stake.rules.ts';
import type { SlotRefusalReason } from './slots.rules.ts';

/**
 * What every provider callback's transaction shares (slots.wallet.ts, slots.rollback.ts): the refusal, the
 * balance a provider sees, and the product its money is booked to.
 */

/** A refusal the protocol answers with its own code; the player's balance is part of most refusals. */
export class SlotRefusal extends Error {
  readonly reason: SlotRefusalReason;
  balanceCents: bigint | undefined;
  constructor(reason: SlotRefusalReason, balanceCents?: bigint) {
    super(`slots: ${reason}`);
    this.reason = reason;
    this.balanceCents = balanceCents;
  }
}

export const slotsProduct = (provider: SlotProvider): StakeProduct => ({ code: 'slots', provider });

/** The balance a provider sees: cash and bonus together (a stake takes cash first, then bonus). */
export async function walletBalance(trx: Tx | AppContext['db'], userId: bigint): Promise<bigint> {
  const { cashCents, bonusCents } = await playerBalances(trx as Tx, userId);
  return cashCents + bonusCents;
}

/**
 * A refusal leaves nothing behind (its transaction rolls back); the answer still carries the player's balance,
 * read afresh after the rollback.
 */
export async function withBalanceOnRefusal<T>(
  ctx: AppContext,
  userId: bigint,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal =
      error instanceof SlotRefusal
        ? error
        : error instanceof DomainError && error.code === 'INSUFFICIENT_FUNDS'
          ? new SlotRefusal('insufficient_funds')
          : undefined;
    if (!refusal) throw error;
    refusal.balanceCents = await walletBalance(ctx.db, userId);
    throw refusal;
  }
}
