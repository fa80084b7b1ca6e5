import type { GameCode } from '../../db/schema.games.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { AccountRef, HouseAccountKind, Posting } from '../ledger/ledger.types.ts';

/**
 * Pure rules of a stake and its payout, shared by every product: which bank a product stakes into, the ledger
 * codes and keys it writes, and the cash-first split. The VIP level is the database's (the `users` trigger on the
 * operator's `vip_levels`, migration 0050): no TypeScript computes it.
 */

/**
 * What a stake is on. In-house games ('originals') each have their own bank, named by the game; the sportsbook
 * has one. A new product (slots, through a provider's callbacks) is a new variant here and a row in `bookOf`.
 */
export type StakeProduct =
  | { code: 'originals'; game: GameCode }
  | { code: 'sports' }
  | { code: 'slots'; provider: SlotProvider };

export const SPORTS: StakeProduct = { code: 'sports' };
export const originals = (game: GameCode): StakeProduct => ({ code: 'originals', game });

/** How a product's money is booked: its ledger codes, what its journal rows refer to, and its bank. */
export interface ProductBook {
  stakeCode: string;
  payoutCode: string;
  /** Taking back part of an earlier payout (a corrected settlement); absent where results are final. */
  reversalCode?: string;
  referenceType: string;
  house: { kind: HouseAccountKind; name?: string };
}

export function bookOf(product: StakeProduct): ProductBook {
  switch (product.code) {
    case 'originals':
      return {
        stakeCode: 'bet_stake',
        payoutCode: 'bet_payout',
        referenceType: 'game_bet',
        house: { kind: 'house_game', name: product.game },
      };
    case 'sports':
      return {
        stakeCode: 'sports_stake',
        payoutCode: 'sports_payout',
        reversalCode: 'sports_payout_reversal',
        referenceType: 'sports_bet',
        house: { kind: 'house_sportsbook' },
      };
    case 'slots':
      // A provider's slots (modules/slots): one bank per provider; a rollback's refund is slots_refund.
      return {
        stakeCode: 'slots_stake',
        payoutCode: 'slots_payout',
        referenceType: 'slot_transaction',
        house: { kind: 'house_slots', name: product.provider },
      };
  }
}

/**
 * The idempotency key of a bet's posting. Results that can be corrected (sports) number each settlement, so a
 * re-settlement posts anew; final results (in-house games) are keyed by the bet alone.
 */
export function postingKey(code: string, betId: bigint, settlement?: number): string {
  return settlement === undefined ? `${code}:${betId}` : `${code}:${betId}:${settlement}`;
}

export interface StakeSplit {
  fromCashCents: bigint;
  fromBonusCents: bigint;
}

/** Splits a stake between cash and bonus: cash pays first (the product rule for bets); undefined if short. */
export function splitCashFirst(
  amountCents: bigint,
  cashCents: bigint,
  bonusCents: bigint,
): StakeSplit | undefined {
  if (amountCents <= 0n) throw new Error('stakes: a stake must be positive');
  if (cashCents < 0n || bonusCents < 0n) throw new Error('stakes: balances cannot be negative');
  if (cashCents + bonusCents < amountCents) return undefined;
  const fromCashCents = cashCents >= amountCents ? amountCents : cashCents;
  return { fromCashCents, fromBonusCents: amountCents - fromCashCents };
}

/** The player's legs (cash, then bonus, each only when it moves money) and, last, the product's bank. */
export function stakePostings(userId: bigint, product: StakeProduct, split: StakeSplit): Posting[] {
  const player: Posting[] = [];
  if (split.fromCashCents > 0n) {
    player.push({ account: { kind: 'player_cash', userId }, amountCents: -split.fromCashCents });
  }
  if (split.fromBonusCents > 0n) {
    player.push({ account: { kind: 'player_bonus', userId }, amountCents: -split.fromBonusCents });
  }
  const house: AccountRef = bookOf(product).house;
  return [...player, { account: house, amountCents: split.fromCashCents + split.fromBonusCents }];
}
