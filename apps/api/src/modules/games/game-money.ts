import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { GameCode } from '../../db/schema.games.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { playerBalances } from '../ledger/ledger.service.ts';

export interface GameLimits {
  betMinCents: bigint;
  betMaxCents: bigint;
  payoutMaxCents: bigint;
}

/** The catalogue row of a game: closed games refuse bets ('Em Breve...'), limits bound every stake. */
export async function gameLimits(ctx: AppContext, game: GameCode): Promise<GameLimits> {
  return limitsOf(await catalogRow(ctx.db, game).executeTakeFirst());
}

/** `gameLimits`'s read, for a caller that sends it with others in one trip; judged by `limitsOf`. */
export const catalogRow = (db: Db | Tx, game: GameCode) =>
  db
    .selectFrom('game_catalog')
    .select(['stop', 'bet_min_cents', 'bet_max_cents', 'payout_max_cents'])
    .where('code', '=', game);

export function limitsOf(
  row: { stop: boolean; bet_min_cents: bigint; bet_max_cents: bigint; payout_max_cents: bigint } | undefined,
): GameLimits {
  if (!row || row.stop) throw new DomainError('CONFLICT', 'game.closed');
  return {
    betMinCents: row.bet_min_cents,
    betMaxCents: row.bet_max_cents,
    payoutMaxCents: row.payout_max_cents,
  };
}

/** The most one bet may pay; read even for a closed game, so an open mines game can still be cashed out. */
export async function payoutCapCents(ctx: AppContext, game: GameCode): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('game_catalog')
    .select('payout_max_cents')
    .where('code', '=', game)
    .executeTakeFirst();
  return row?.payout_max_cents ?? 0n;
}

export function checkStake(limits: GameLimits, amountCents: bigint, potentialPayoutCents: bigint): void {
  if (amountCents < limits.betMinCents || amountCents > limits.betMaxCents) {
    throw new DomainError('INVALID_INPUT', 'game.stake_range', {
      min: money(limits.betMinCents),
      max: money(limits.betMaxCents),
    });
  }
  if (potentialPayoutCents > limits.payoutMaxCents) {
    throw new DomainError('INVALID_INPUT', 'game.payout_max', { max: money(limits.payoutMaxCents) });
  }
}

/** The player's balances read inside the transaction that moved them, for the answer. */
export async function balancesAfter(trx: Tx, userId: bigint) {
  const { cashCents, bonusCents } = await playerBalances(trx, userId);
  return { balance: centsToReais(cashCents), freeBalance: centsToReais(bonusCents) };
}

/** The answer's balances from a stake's exact after-balances, plus what the bet paid in the same transaction. */
export function balancesOfStake(stake: { cashCents: bigint; bonusCents: bigint }, paidCents = 0n) {
  return { balance: centsToReais(stake.cashCents + paidCents), freeBalance: centsToReais(stake.bonusCents) };
}
