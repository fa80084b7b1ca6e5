import { applyMultiplier, type Multiplier, multiplierToNumber } from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import { bigintArray } from '../../../db/arrays.ts';
import type { GameCode } from '../../../db/schema.games.ts';
import type { IdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { TakenStake } from '../../stakes/stake.ts';
import type { Balances } from '../../users/users.repository.ts';
import type { SeedPair } from '../fair.service.ts';
import { balancesOfStake } from '../game-money.ts';

/**
 * What an instant bet (dice, limbo, row double) is, whichever path places it: alone in its own transaction, or in
 * a batch of the bet engine (decision 0058). Both use these, so a bet's outcome, row and answer have one copy.
 */
export interface Outcome<Answer extends Record<string, unknown> = Record<string, unknown>> {
  /** The multiplier shown and paid on a win. */
  multiplier: Multiplier;
  /** What is paid: `multiplier` on a win, zero on a loss. */
  payoutMultiplier: Multiplier;
  detail: Record<string, unknown>;
  /** The game's own fields of the answer (dice's roll, limbo's result). */
  answer: Answer;
}

export interface InstantBet {
  userId: bigint;
  game: GameCode;
  amountCents: bigint;
  /** The multiplier a win pays, for the game's payout cap. */
  potential: Multiplier;
  play: (pair: SeedPair) => Outcome<Record<string, unknown>>;
  /** The request's Idempotency-Key: recorded with the bet, in its transaction (batch/keyed.ts). */
  key?: IdempotencyKey;
}

/** The fields of every instant bet's answer; each game adds its own (`Outcome.answer`). */
export interface SettledAnswer {
  betId: number;
  win: boolean;
  multiplier: number;
  payout: number;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  balance: number;
  freeBalance: number;
}

/** What the player is answered, and pushed after commit; a key's replayed answer has no balances (no push). */
export interface InstantResult {
  answer: SettledAnswer & Record<string, unknown>;
  balances?: Balances;
}

/** The answer of a settled bet: its id, result, the pair's public part and the player's balances after it. */
export function settledAnswer(
  pair: SeedPair,
  outcome: Outcome,
  stake: TakenStake,
  payoutCents: bigint,
): InstantResult {
  return {
    answer: {
      betId: Number(stake.betId),
      win: payoutCents > 0n,
      multiplier: multiplierToNumber(outcome.multiplier),
      payout: centsToReais(payoutCents),
      nonce: pair.nonce,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      ...outcome.answer,
      ...balancesOfStake(stake, payoutCents),
    },
    balances: { cashCents: stake.cashCents + payoutCents, bonusCents: stake.bonusCents },
  };
}

export const multiplierHundredths = (multiplier: Multiplier) => Number(applyMultiplier(100n, multiplier));

/** A settled bet's row, for `settledBetRows`. */
export interface SettledBet {
  betId: bigint;
  userId: bigint;
  game: GameCode;
  amountCents: bigint;
  payoutCents: bigint;
  outcome: Outcome;
  pair: SeedPair;
}

/**
 * Many settled bet rows in one statement, with each seed pair's next nonce: the batch's form of the single bet's
 * row (instant-games.service.ts `settledBetRow`). The ids were drawn from the table's own sequence.
 */
export function settledBetRows(bets: readonly SettledBet[]) {
  // OVERRIDING SYSTEM VALUE: the id column is an identity column, and these ids come from its own sequence.
  return sql`/*prepared*/
    WITH x AS (
      SELECT * FROM unnest(${bigintArray(bets.map((bet) => bet.betId))}::bigint[],
                           ${bigintArray(bets.map((bet) => bet.userId))}::bigint[],
                           ${bets.map((bet) => bet.game)}::text[],
                           ${bigintArray(bets.map((bet) => bet.amountCents))}::bigint[],
                           ${bigintArray(bets.map((bet) => bet.payoutCents))}::bigint[],
                           ${bigintArray(bets.map((bet) => multiplierHundredths(bet.outcome.multiplier)))}::int[],
                           ${bets.map((bet) => JSON.stringify(bet.outcome.detail))}::text[],
                           ${bigintArray(bets.map((bet) => bet.pair.id))}::bigint[],
                           ${bigintArray(bets.map((bet) => bet.pair.nonce))}::int[])
             AS x(id, user_id, game, amount, payout, mult, detail, pair_id, nonce)
    ), nonces AS (
      UPDATE fair_seed_pairs p SET nonce = x.nonce + 1 FROM x WHERE p.id = x.pair_id
    )
    INSERT INTO game_bets (id, user_id, game, amount_cents, payout_cents, multiplier_hundredths, detail, status,
                           seed_pair_id, nonce, round_key, settled_at)
    OVERRIDING SYSTEM VALUE
    SELECT id, user_id, game, amount, payout, mult, detail::jsonb, 'settled', pair_id, nonce, NULL, now() FROM x`;
}
