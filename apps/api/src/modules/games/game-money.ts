import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { GameCode } from '../../db/schema.games.ts';
import { DomainError, insufficientFunds } from '../../http/domain-error.ts';
import { money } from '../../http/messages.ts';
import { splitCashFirst } from '../ledger/ledger.rules.ts';
import { playerBalances, postTransaction, type Tx } from '../ledger/ledger.service.ts';
import { levelFor } from '../users/levels.ts';

export interface GameLimits {
  betMinCents: bigint;
  betMaxCents: bigint;
  payoutMaxCents: bigint;
}

/** The catalogue row of a game: closed games refuse bets ('Em Breve...'), limits bound every stake. */
export async function gameLimits(ctx: AppContext, game: GameCode): Promise<GameLimits> {
  const row = await ctx.db
    .selectFrom('game_catalog')
    .select(['stop', 'bet_min_cents', 'bet_max_cents', 'payout_max_cents'])
    .where('code', '=', game)
    .executeTakeFirst();
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

/**
 * Takes a stake inside the bet's database transaction: cash first, then bonus; the bet counts towards the
 * wagering requirement, `gameSumAmount` and the VIP level. Refuses with INSUFFICIENT_FUNDS (500/9999).
 */
export async function takeStake(
  trx: Tx,
  userId: bigint,
  game: GameCode,
  betId: bigint,
  amountCents: bigint,
): Promise<void> {
  // The player's row first, then the ledger accounts (docs/ledger.md, lock order): this also serialises one
  // player's bets, so the cash/bonus split below reads balances no other bet is changing.
  const user = await trx
    .updateTable('users')
    .set({
      game_sum_cents: sql`game_sum_cents + ${amountCents}`,
      wagering_remaining_cents: sql`greatest(0, wagering_remaining_cents - ${amountCents})`,
    })
    .where('id', '=', userId)
    .returning(['pay_sum_cents', 'game_sum_cents', 'level'])
    .executeTakeFirstOrThrow();
  const level = levelFor(centsToReais(user.pay_sum_cents), centsToReais(user.game_sum_cents));
  if (level > user.level) await trx.updateTable('users').set({ level }).where('id', '=', userId).execute();
  const { cashCents, bonusCents } = await playerBalances(trx, userId);
  const split = splitCashFirst(amountCents, cashCents, bonusCents);
  if (!split) throw insufficientFunds();
  const playerPostings = [];
  if (split.fromCashCents > 0n) {
    playerPostings.push({
      account: { kind: 'player_cash' as const, userId },
      amountCents: -split.fromCashCents,
    });
  }
  if (split.fromBonusCents > 0n) {
    playerPostings.push({
      account: { kind: 'player_bonus' as const, userId },
      amountCents: -split.fromBonusCents,
    });
  }
  await postTransaction(trx, {
    code: 'bet_stake',
    idempotencyKey: `bet_stake:${betId}`,
    referenceType: 'game_bet',
    referenceId: betId.toString(),
    postings: [...playerPostings, { account: { kind: 'house_game', name: game }, amountCents }],
  });
  // Nothing after the posting: the game's house account, locked by it, is shared by every player of the game.
}

/** Pays a win to cash, once per bet. */
export async function payWin(
  trx: Tx,
  userId: bigint,
  game: GameCode,
  betId: bigint,
  payoutCents: bigint,
): Promise<void> {
  if (payoutCents <= 0n) return;
  await postTransaction(trx, {
    code: 'bet_payout',
    idempotencyKey: `bet_payout:${betId}`,
    referenceType: 'game_bet',
    referenceId: betId.toString(),
    postings: [
      { account: { kind: 'house_game', name: game }, amountCents: -payoutCents },
      { account: { kind: 'player_cash', userId }, amountCents: payoutCents },
    ],
  });
}

export async function balancesAfter(trx: Tx, userId: bigint) {
  const { cashCents, bonusCents } = await playerBalances(trx, userId);
  return { balance: centsToReais(cashCents), freeBalance: centsToReais(bonusCents) };
}
