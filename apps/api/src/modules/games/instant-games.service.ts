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
import { inOneTrip } from '../../db/one-trip.ts';
import type { GameCode } from '../../db/schema.games.ts';
import type { Tx } from '../../db/tx.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { decimal } from '../../lib/messages.ts';
import { traced } from '../../platform/tracing.ts';
import { originals } from '../stakes/stake.rules.ts';
import { judgeStake, recordStakeAndPayout, stakeOpening, takenStake } from '../stakes/stake.ts';
import type { Balances } from '../users/users.repository.ts';
import {
  activeSeedPair,
  ensureSeedPair,
  forgetSeedPair,
  type SeedPair,
  seedPairOf,
  seedPairRow,
} from './fair.service.ts';
import { balancesOfStake, catalogRow, checkStake, limitsOf } from './game-money.ts';

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
 * One instant bet (dice, limbo, row double), in one database transaction and three waits for the database:
 * 1. in one trip: the game's catalogue row, the player's seed pair (locked), the stake's opening (modules/stakes:
 *    the player's row, counters and accounts, locked) and the bet's id;
 * 2. the checks (the game's limits, the stake's verdicts and split) and the result, derived from (server seed,
 *    client seed, nonce);
 * 3. in one trip: the bet row with the pair's next nonce, the stake's ledger transaction and, on a win, the payout's;
 * 4. the commit.
 * Any refusal throws before the commit and the transaction rolls back with everything the trips wrote.
 */
async function runInstantBet<Answer extends Record<string, unknown>>(
  ctx: AppContext,
  userId: bigint,
  game: GameCode,
  amountCents: bigint,
  potential: Multiplier,
  play: (pair: SeedPair) => Outcome<Answer>,
) {
  const product = originals(game);
  let committed: Balances | undefined;
  const bet = async (trx: Tx) => {
    const opening = stakeOpening(userId, amountCents);
    const [catalog, pairs, openingRows, ids] = await inOneTrip(trx, [
      catalogRow(trx, game),
      seedPairRow(trx, userId, { lock: true }),
      opening.statement,
      sql<{ id: bigint }>`SELECT nextval(pg_get_serial_sequence('game_bets', 'id')) AS id`,
    ]);
    checkStake(limitsOf(catalog[0]), amountCents, applyMultiplier(amountCents, potential));
    // `ensureSeedPair` opened the pair before, unless the transaction that opened it rolled back (or, in tests,
    // it was another database): then it is opened here, after the player's row, which a first mines game of the
    // same player at the same moment could deadlock with (PostgreSQL then fails one of them).
    if (!pairs[0]) forgetSeedPair(userId);
    const pair = pairs[0] ? seedPairOf(pairs[0]) : await activeSeedPair(trx, userId, { lock: true });
    const opened = opening.read(openingRows);
    const split = await judgeStake(trx, { userId, amountCents }, opened, opening.clock);
    const outcome = play(pair);
    const payoutCents = applyMultiplier(amountCents, outcome.payoutMultiplier);
    const betId = ids[0]!.id;
    await recordStakeAndPayout(trx, {
      userId,
      product,
      split,
      betId,
      payoutCents,
      record: settledBetRow({ userId, game, amountCents, payoutCents, outcome, pair, betId }),
    });
    const stake = takenStake(opened, split, betId);
    committed = { cashCents: stake.cashCents + payoutCents, bonusCents: stake.bonusCents };
    return {
      betId: Number(betId),
      win: payoutCents > 0n,
      multiplier: multiplierToNumber(outcome.multiplier),
      payout: centsToReais(payoutCents),
      nonce: pair.nonce,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      ...outcome.answer,
      ...balancesOfStake(stake, payoutCents),
    };
  };
  await ensureSeedPair(ctx.db, userId);
  const result = await ctx.db.transaction().execute(bet);
  // Delivered once the bet has committed: inside an Idempotency-Key's transaction, when the key's answer has too.
  await ctx.events.publish('balanceChanged', { userId, balances: committed });
  return result;
}
const placeInstantBet = traced('games.instantBet', runInstantBet);

/**
 * The bet row, settled, with the seed pair's next nonce in the same statement. The id was drawn from the table's
 * own sequence in the first trip, so the stake's ledger transaction (keyed by it) travels with this statement.
 */
function settledBetRow(bet: {
  userId: bigint;
  game: GameCode;
  amountCents: bigint;
  payoutCents: bigint;
  outcome: Outcome<Record<string, unknown>>;
  pair: SeedPair;
  betId: bigint;
}) {
  const { pair, outcome } = bet;
  // OVERRIDING SYSTEM VALUE: the id column is an identity column, and this id comes from its own sequence.
  return sql<{ id: bigint }>`
    WITH nonce AS (UPDATE fair_seed_pairs SET nonce = ${pair.nonce + 1} WHERE id = ${pair.id})
    INSERT INTO game_bets (id, user_id, game, amount_cents, payout_cents, multiplier_hundredths, detail, status,
                           seed_pair_id, nonce, round_key, settled_at)
    OVERRIDING SYSTEM VALUE
    VALUES (${bet.betId}, ${bet.userId}, ${bet.game}, ${bet.amountCents}, ${bet.payoutCents},
            ${Number(applyMultiplier(100n, outcome.multiplier))}, ${JSON.stringify(outcome.detail)}, 'settled',
            ${pair.id}, ${pair.nonce}, NULL, now())
    RETURNING id`;
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
