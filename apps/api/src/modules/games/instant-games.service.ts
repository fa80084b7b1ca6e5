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
  rowDoubleRoll,
} from '@aposta/fair';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { inOneTrip } from '../../db/one-trip.ts';
import type { Tx } from '../../db/tx.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import type { IdempotencyKey } from '../../lib/idempotency-key.ts';
import { decimal } from '../../lib/messages.ts';
import { inTransaction } from '../../platform/after-commit.ts';
import { traced } from '../../platform/tracing.ts';
import { originals } from '../stakes/stake.rules.ts';
import { judgeStake, recordStakeAndPayout, stakeOpening, takenStake } from '../stakes/stake.ts';
import { BetEngine, betEngineLimits, type EngineLimits } from './batch/bet-engine.ts';
import { runInstantBatch } from './batch/instant-batch.ts';
import {
  type InstantBet,
  type InstantResult,
  multiplierHundredths,
  type Outcome,
  type SettledAnswer,
  type SettledBet,
  settledAnswer,
} from './batch/instant-bet.ts';
import { keyedAlone } from './batch/keyed.ts';
import {
  activeSeedPair,
  ensureSeedPair,
  forgetSeedPair,
  type SeedPair,
  seedPairOf,
  seedPairRow,
} from './fair.service.ts';
import { catalogRow, checkStake, limitsOf } from './game-money.ts';

/**
 * One instant bet (dice, limbo, row double) alone, in one database transaction and three waits for the database:
 * 1. in one trip: the game's catalogue row, the player's seed pair (locked), the stake's opening (modules/stakes:
 *    the player's row, counters and accounts, locked) and the bet's id;
 * 2. the checks (the game's limits, the stake's verdicts and split) and the result, derived from (server seed,
 *    client seed, nonce);
 * 3. in one trip: the bet row with the pair's next nonce, the stake's ledger transaction and, on a win, the payout's;
 * 4. the commit.
 * Any refusal throws before the commit and the transaction rolls back with everything the trips wrote. The bet
 * engine (batch/, decision 0058) places bets in batches; this is its path for one bet (a batch split down to one,
 * a player busy too long) and for a bet inside an Idempotency-Key's transaction.
 */
async function runInstantBet(ctx: AppContext, bet: InstantBet): Promise<InstantResult> {
  const { userId, game, amountCents } = bet;
  const product = originals(game);
  const place = async (trx: Tx) => {
    const opening = stakeOpening(userId, amountCents);
    const [catalog, pairs, openingRows, ids] = await inOneTrip(trx, [
      catalogRow(trx, game),
      seedPairRow(trx, userId, { lock: true }),
      opening.statement,
      sql<{ id: bigint }>`SELECT nextval(pg_get_serial_sequence('game_bets', 'id')) AS id`,
    ]);
    checkStake(limitsOf(catalog[0]), amountCents, applyMultiplier(amountCents, bet.potential));
    // `ensureSeedPair` opened the pair before, unless the transaction that opened it rolled back (or, in tests,
    // it was another database): then it is opened here, after the player's row, which a first mines game of the
    // same player at the same moment could deadlock with (PostgreSQL then fails one of them).
    if (!pairs[0]) forgetSeedPair(userId);
    const pair = pairs[0] ? seedPairOf(pairs[0]) : await activeSeedPair(trx, userId, { lock: true });
    const opened = opening.read(openingRows);
    const split = await judgeStake(trx, { userId, amountCents }, opened, opening.clock);
    const outcome = bet.play(pair);
    const payoutCents = applyMultiplier(amountCents, outcome.payoutMultiplier);
    const betId = BigInt(ids[0]!.id);
    await recordStakeAndPayout(trx, {
      userId,
      product,
      split,
      betId,
      payoutCents,
      record: settledBetRow({ userId, game, amountCents, payoutCents, outcome, pair, betId }),
    });
    return settledAnswer(pair, outcome, takenStake(opened, split, betId), payoutCents);
  };
  const result = await ctx.db.transaction().execute((trx) => keyedAlone(trx, bet.key, () => place(trx)));
  // Delivered once the bet has committed: inside an Idempotency-Key's transaction, when the key's answer has too.
  if (result.balances) await ctx.events.publish('balanceChanged', { userId, balances: result.balances });
  return result;
}

/** The engine of a context (one per server): batches of instant bets, each batch one database transaction. */
const engines = new WeakMap<AppContext, BetEngine<InstantBet, InstantResult>>();

export function instantBetEngine(ctx: AppContext, options: Partial<EngineLimits> = {}) {
  let engine = engines.get(ctx);
  if (!engine || Object.keys(options).length > 0) {
    engine = new BetEngine<InstantBet, InstantResult>({
      ...betEngineLimits(),
      ...options,
      runBatch: (bets) => runInstantBatch(ctx, bets),
      runOne: (bet) => runInstantBet(ctx, bet),
    });
    engines.set(ctx, engine);
  }
  return engine;
}

async function placeInstantBetNow<Answer extends Record<string, unknown>>(
  ctx: AppContext,
  bet: InstantBet & { play: (pair: SeedPair) => Outcome<Answer> },
): Promise<SettledAnswer & Answer> {
  await ensureSeedPair(ctx.db, bet.userId);
  // Inside a transaction (an Idempotency-Key's) the bet must commit with it (the key's answer): placed there, alone.
  const placed = inTransaction()
    ? await runInstantBet(ctx, bet)
    : await instantBetEngine(ctx).submit(bet.userId, bet);
  return placed.answer as SettledAnswer & Answer;
}
const placeInstantBet = traced('games.instantBet', placeInstantBetNow);

/**
 * The bet row, settled, with the seed pair's next nonce in the same statement. The id was drawn from the table's
 * own sequence in the first trip, so the stake's ledger transaction (keyed by it) travels with this statement.
 */
function settledBetRow(bet: SettledBet) {
  const { pair, outcome } = bet;
  // OVERRIDING SYSTEM VALUE: the id column is an identity column, and this id comes from its own sequence.
  return sql<{ id: bigint }>`
    WITH nonce AS (UPDATE fair_seed_pairs SET nonce = ${pair.nonce + 1} WHERE id = ${pair.id})
    INSERT INTO game_bets (id, user_id, game, amount_cents, payout_cents, multiplier_hundredths, detail, status,
                           seed_pair_id, nonce, round_key, settled_at)
    OVERRIDING SYSTEM VALUE
    VALUES (${bet.betId}, ${bet.userId}, ${bet.game}, ${bet.amountCents}, ${bet.payoutCents},
            ${multiplierHundredths(outcome.multiplier)}, ${JSON.stringify(outcome.detail)}, 'settled',
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
  input: { amountCents: bigint; target: number; direction: 'under' | 'over'; key?: IdempotencyKey },
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
  return placeInstantBet(ctx, {
    userId,
    key: input.key,
    game: 'dice',
    amountCents: input.amountCents,
    potential,
    play: (pair) => {
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
    },
  });
}

export function betLimbo(
  ctx: AppContext,
  userId: bigint,
  input: { amountCents: bigint; target: number; key?: IdempotencyKey },
) {
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
  return placeInstantBet(ctx, {
    userId,
    key: input.key,
    game: 'limbo',
    amountCents: input.amountCents,
    potential,
    play: (pair) => {
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
    },
  });
}

export function betRowDouble(
  ctx: AppContext,
  userId: bigint,
  input: { amountCents: bigint; color: DoubleColor; key?: IdempotencyKey },
) {
  const potential = doubleColorMultiplier(input.color);
  return placeInstantBet(ctx, {
    userId,
    key: input.key,
    game: 'rowDouble',
    amountCents: input.amountCents,
    potential,
    play: (pair) => {
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
    },
  });
}
