import {
  applyMultiplier,
  DICE_WINNING_ROLL_COUNT_MAX,
  DICE_WINNING_ROLL_COUNT_MIN,
  type DoubleColor,
  diceMultiplier,
  dicePayoutMultiplier,
  diceRollHundredths,
  doubleColor,
  doubleColorMultiplier,
  doublePayoutMultiplier,
  LIMBO_TARGET_MAX_HUNDREDTHS,
  LIMBO_TARGET_MIN_HUNDREDTHS,
  limboMultiplier,
  limboPayoutMultiplier,
  limboResultHundredths,
  type Multiplier,
  multiplierToNumber,
  rowDoubleRoll,
} from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { GameCode } from '../../db/schema.games.ts';
import { decimal } from '../../http/messages.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { payStake } from '../stakes/payout.ts';
import { originals } from '../stakes/stake.rules.ts';
import { takeStake } from '../stakes/stake.ts';
import type { Balances } from '../users/users.repository.ts';
import { pushBalance } from '../wallet/wallet.events.ts';
import { activeSeedPair, type SeedPair } from './fair.service.ts';
import { balancesOfStake, checkStake, gameLimits } from './game-money.ts';

interface Outcome<Answer extends Record<string, unknown>> {
  /** The multiplier shown and paid on a win. */
  multiplier: Multiplier;
  /** What is paid: `multiplier` on a win, zero on a loss. */
  payoutMultiplier: Multiplier;
  detail: Record<string, unknown>;
  /** The game's own fields of the answer (dice's roll, limbo's result). */
  answer: Answer;
}

/**
 * One instant bet (dice, limbo, row double): seed pair locked, result derived from (server seed, client seed,
 * nonce), then the stake (with the bet row and the nonce) and the payout through modules/stakes, all in one
 * database transaction.
 */
async function placeInstantBet<Answer extends Record<string, unknown>>(
  ctx: AppContext,
  userId: bigint,
  game: GameCode,
  amountCents: bigint,
  potential: Multiplier,
  play: (pair: SeedPair) => Outcome<Answer>,
) {
  const limits = await gameLimits(ctx, game);
  checkStake(limits, amountCents, applyMultiplier(amountCents, potential));
  let committed: Balances | undefined;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const pair = await activeSeedPair(trx, userId, { lock: true });
    const outcome = play(pair);
    const payoutCents = applyMultiplier(amountCents, outcome.payoutMultiplier);
    const stake = await takeStake(trx, {
      userId,
      product: originals(game),
      amountCents,
      record: async () => {
        // The bet row and the seed pair's next nonce in one statement (one round trip fewer per bet); the pair
        // is locked above, so the nonce moves exactly once per bet.
        const bet = await trx
          .with('nonce', (db) =>
            db
              .updateTable('fair_seed_pairs')
              .set({ nonce: pair.nonce + 1 })
              .where('id', '=', pair.id),
          )
          .insertInto('game_bets')
          .values({
            user_id: userId,
            game,
            amount_cents: amountCents,
            payout_cents: payoutCents,
            multiplier_hundredths: Number(applyMultiplier(100n, outcome.multiplier)),
            detail: JSON.stringify(outcome.detail),
            status: 'settled',
            seed_pair_id: pair.id,
            nonce: pair.nonce,
            round_key: null,
            settled_at: sql`now()` as unknown as Date,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return bet.id;
      },
    });
    // Settled at once: the payout posting follows the stake's, in the same transaction (the game's bank is
    // already locked by the stake, so nothing more waits on it).
    await payStake(trx, { userId, product: originals(game), betId: stake.betId, payoutCents });
    committed = { cashCents: stake.cashCents + payoutCents, bonusCents: stake.bonusCents };
    return {
      betId: Number(stake.betId),
      win: payoutCents > 0n,
      multiplier: multiplierToNumber(outcome.multiplier),
      payout: centsToReais(payoutCents),
      nonce: pair.nonce,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      ...outcome.answer,
      ...balancesOfStake(stake, payoutCents),
    };
  });
  await pushBalance(ctx, userId, committed);
  return result;
}

const toHundredths = (value: number, field: string): number => {
  const hundredths = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(hundredths - value * 100) > 1e-6) {
    throw invalidInput('validation.field', { field, reason: '2 decimals' });
  }
  return hundredths;
};

export function betDice(
  ctx: AppContext,
  userId: bigint,
  input: { amountCents: bigint; target: number; direction: 'under' | 'over' },
) {
  const bet = { direction: input.direction, targetHundredths: toHundredths(input.target, 'target') };
  let potential: Multiplier;
  try {
    potential = diceMultiplier(bet);
  } catch {
    // The nominal chance of n winning roll values is n / 100 percent (0.01 % to 98 %).
    throw invalidInput('game.dice_chance', {
      min: DICE_WINNING_ROLL_COUNT_MIN / 100,
      max: DICE_WINNING_ROLL_COUNT_MAX / 100,
    });
  }
  return placeInstantBet(ctx, userId, 'dice', input.amountCents, potential, (pair) => {
    const rollHundredths = diceRollHundredths({
      serverSeedHex: pair.serverSeed,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
    });
    const roll = rollHundredths / 100;
    return {
      multiplier: potential,
      payoutMultiplier: dicePayoutMultiplier(bet, rollHundredths),
      detail: { target: input.target, direction: input.direction, roll },
      answer: { roll },
    };
  });
}

export function betLimbo(ctx: AppContext, userId: bigint, input: { amountCents: bigint; target: number }) {
  const targetHundredths = toHundredths(input.target, 'target');
  let potential: Multiplier;
  try {
    potential = limboMultiplier(targetHundredths);
  } catch {
    throw invalidInput('game.limbo_target', {
      min: decimal(LIMBO_TARGET_MIN_HUNDREDTHS / 100, 2),
      max: decimal(LIMBO_TARGET_MAX_HUNDREDTHS / 100, 2),
    });
  }
  return placeInstantBet(ctx, userId, 'limbo', input.amountCents, potential, (pair) => {
    const resultHundredths = limboResultHundredths({
      serverSeedHex: pair.serverSeed,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
    });
    return {
      multiplier: potential,
      payoutMultiplier: limboPayoutMultiplier(targetHundredths, resultHundredths),
      detail: { target: input.target, result: resultHundredths / 100 },
      answer: { result: resultHundredths / 100 },
    };
  });
}

export function betRowDouble(
  ctx: AppContext,
  userId: bigint,
  input: { amountCents: bigint; color: DoubleColor },
) {
  const potential = doubleColorMultiplier(input.color);
  return placeInstantBet(ctx, userId, 'rowDouble', input.amountCents, potential, (pair) => {
    const roll = rowDoubleRoll({
      serverSeedHex: pair.serverSeed,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
    });
    return {
      multiplier: potential,
      payoutMultiplier: doublePayoutMultiplier(input.color, roll),
      detail: { pick: input.color, roll, color: doubleColor(roll) },
      answer: { roll, color: doubleColor(roll) },
    };
  });
}
