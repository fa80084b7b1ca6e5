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

/** The unique key of a provider's transaction ids (migration 0060). */
const PROVIDER_TX_ID_KEY = 'slot_transactions_provider_provider_tx_id_key';

/**
 * The callback's insert lost a race for its provider transaction id to another player's callback that committed
 * first. Copies of one player's call never get here (they queue on the player's row); another player's do, since
 * each callback locks only its own player's row.
 */
function lostProviderIdRace(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === '23505' && failure.constraint === PROVIDER_TX_ID_KEY;
}

/**
 * A refusal leaves nothing behind (its transaction rolls back); the answer still carries the player's balance,
 * read afresh after the rollback. A callback that lost the race for its provider transaction id (above) runs once
 * more: its transaction rolled back, and the second run finds the winner's row and answers as for any reused id
 * (`duplicate_mismatch`, in the provider's words) or, were it the same call, its first answer.
 */
export async function withBalanceOnRefusal<T>(
  ctx: AppContext,
  userId: bigint,
  run: () => Promise<T>,
): Promise<T> {
  try {
    try {
      return await run();
    } catch (error) {
      if (!lostProviderIdRace(error)) throw error;
      return await run();
    }
  } catch (error) {
    const refusal =
      error instanceof SlotRefusal
        ? error
        : error instanceof DomainError && error.code === 'INSUFFICIENT_FUNDS'
          ? new SlotRefusal('insufficient_funds')
          : error instanceof DomainError && error.code === 'ACCOUNT_REFUSED'
            ? new SlotRefusal('player_refused')
            : undefined;
    if (!refusal) throw error;
    refusal.balanceCents = await walletBalance(ctx.db, userId);
    throw refusal;
  }
}
