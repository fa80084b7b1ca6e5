import { centsToReais } from '@aposta/money';
import {
  type BuilderRefusal,
  builderLegsMax,
  builderLegsMin,
  oddsDecimalFromMilli,
  oddsMilliPerUnit,
  priceBuilder,
  type SportCode,
} from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { SPORTS } from '../stakes/stake.rules.ts';
import { takeStake } from '../stakes/stake.ts';
import { type AcceptOdds, placementMessages } from './bets.service.ts';
import { legOf, pricingFor } from './builder.pricing.ts';
import {
  type BoardRow,
  type BuilderMatchRow,
  builderBoard,
  builderMatch,
  findBuilderQuote,
  insertBuilderBet,
  insertBuilderQuote,
} from './builder.repository.ts';
import { addExposure, checkPlayerLimits, suspendOverexposed } from './risk.service.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/**
 * Bet builder (api-contract section 19, decision 0062): a quote prices 2..12 legs of one match from the match
 * model's simulated joint outcomes with the operator's margin; a bet takes a quote whose price still holds.
 */

export const BUILDER_QUOTE_SECONDS = 30;

type Refusal = BuilderRefusal | 'closed' | 'otherMatch';

/** 409 with the contract's fixed sentence; `data.reason` says why, for the client to explain it. */
const refuse = (reason: Refusal) => conflict(placementMessages.sameMatch, {}, { reason });

interface Priced {
  match: BuilderMatchRow;
  legs: BoardRow[];
  oddsMilli: number;
  probability: number;
  inputs: ReturnType<typeof pricingFor>['inputs'];
}

/** Prices the selections on the match as it stands (rows read by the caller, locked when placing). */
function priceSelections(
  match: BuilderMatchRow,
  board: readonly BoardRow[],
  selectionIds: readonly bigint[],
  marginRate: number,
): Priced {
  if (selectionIds.length < builderLegsMin || selectionIds.length > builderLegsMax) throw refuse('count');
  if (new Set(selectionIds).size !== selectionIds.length) throw refuse('sameMarket');
  const byId = new Map(board.map((row) => [row.selection_id, row]));
  const legs = selectionIds.map((id) => byId.get(id));
  if (legs.some((leg) => leg === undefined)) throw refuse('otherMatch');
  const rows = legs as BoardRow[];
  if (match.period < 0 || match.period > 5 || rows.some((row) => row.status !== 'open'))
    throw refuse('closed');
  const placement =
    match.period > 0 ? { home: match.score_home, away: match.score_away } : { home: 0, away: 0 };
  const { inputs, samples } = pricingFor(match, board);
  const price = priceBuilder(
    match.sport as SportCode,
    rows.map((row) => legOf(row, placement)),
    samples,
    { marginRate },
  );
  if ('refused' in price) throw refuse(price.refused);
  return { match, legs: rows, oddsMilli: price.oddsMilli, probability: price.probability, inputs };
}

async function storeQuote(db: Db | Tx, userId: bigint, priced: Priced) {
  const quote = await insertBuilderQuote(db, {
    userId,
    matchId: priced.match.id,
    selectionIds: priced.legs.map((leg) => leg.selection_id),
    legOddsMilli: priced.legs.map((leg) => leg.odds_milli),
    oddsMilli: priced.oddsMilli,
    probabilityPpm: ppm(priced.probability),
    seconds: BUILDER_QUOTE_SECONDS,
  });
  return {
    quoteId: Number(quote.id),
    odds: oddsDecimalFromMilli(priced.oddsMilli),
    expiresAt: quote.expires_at.getTime(),
    legs: priced.legs.map((leg) => ({
      selectionId: Number(leg.selection_id),
      odds: oddsDecimalFromMilli(leg.odds_milli),
    })),
  };
}

const ppm = (probability: number) => Math.min(999_999, Math.max(1, Math.round(probability * 1_000_000)));

export async function quoteBuilder(
  ctx: AppContext,
  userId: bigint,
  input: { matchId: bigint; selectionIds: readonly bigint[] },
) {
  const match = await builderMatch(ctx.db, input.matchId);
  if (!match) throw notFound();
  const board = await builderBoard(ctx.db, input.matchId);
  const priced = priceSelections(match, board, input.selectionIds, ctx.config.sportsbook.marginRate);
  return storeQuote(ctx.db, userId, priced);
}

function oddsAcceptable(acceptOdds: AcceptOdds, quotedMilli: number, currentMilli: number): boolean {
  if (acceptOdds === 'any') return true;
  if (acceptOdds === 'better') return currentMilli >= quotedMilli;
  return currentMilli === quotedMilli;
}

class NewQuoteNeeded extends Error {
  readonly priced: Priced;
  constructor(priced: Priced) {
    super('builder quote moved');
    this.priced = priced;
  }
}

/**
 * Places a builder bet on a quote: under the share locks of the match and its markets the legs are priced again;
 * an expired, used or moved quote (beyond `acceptOdds`) is refused with a fresh quote in `data`. The stake goes
 * through modules/stakes with the bet, its legs and its pricing inputs in the same transaction; the match's
 * exposure counts the combination once (risk.service addExposure).
 */
export async function placeBuilderBet(
  ctx: AppContext,
  userId: bigint,
  input: { amountCents: bigint; quoteId: bigint; acceptOdds: AcceptOdds },
  events?: SportsbookEvents,
) {
  const config = ctx.config.sportsbook;
  if (input.amountCents < config.stakeCentsMin || input.amountCents > config.stakeCentsMax) {
    throw invalidInput('game.stake_range', {
      min: money(config.stakeCentsMin),
      max: money(config.stakeCentsMax),
    });
  }
  const quote = await findBuilderQuote(ctx.db, userId, input.quoteId);
  if (!quote) throw notFound();
  let placed: Awaited<ReturnType<typeof placeInTransaction>>;
  try {
    placed = await ctx.db.transaction().execute((trx) => placeInTransaction(ctx, trx, userId, input, quote));
  } catch (error) {
    if (!(error instanceof NewQuoteNeeded)) throw error;
    throw conflict(placementMessages.oddsChanged, {}, await storeQuote(ctx.db, userId, error.priced));
  }
  const { suspend, ...answer } = placed;
  await ctx.events.publish('balanceChanged', { userId });
  await suspendOverexposed(ctx, events, suspend);
  return answer;
}

async function placeInTransaction(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
  input: { amountCents: bigint; quoteId: bigint; acceptOdds: AcceptOdds },
  quote: NonNullable<Awaited<ReturnType<typeof findBuilderQuote>>>,
) {
  const config = ctx.config.sportsbook;
  const match = (await builderMatch(trx, quote.match_id, true))!;
  const board = await builderBoard(trx, quote.match_id, true);
  const priced = priceSelections(match, board, quote.selection_ids, config.marginRate);
  // The quote locked: two placements on one quote go one after the other, and the second finds it used.
  const again = await findBuilderQuote(trx, userId, input.quoteId, true);
  if (
    again!.used ||
    again!.expired ||
    !oddsAcceptable(input.acceptOdds, quote.odds_milli, priced.oddsMilli)
  ) {
    throw new NewQuoteNeeded(priced);
  }
  const stakeCents = input.amountCents;
  const potential = (stakeCents * BigInt(priced.oddsMilli)) / BigInt(oddsMilliPerUnit);
  if (potential > config.payoutCentsMax)
    throw invalidInput('game.payout_max', { max: money(config.payoutCentsMax) });
  await checkPlayerLimits(trx, userId, stakeCents, potential, config);
  const suspend = await addExposure(
    trx,
    priced.legs.map((leg) => ({ id: leg.selection_id, market_id: leg.market_id, match_id: match.id })),
    stakeCents,
    potential,
    config,
  );
  const live = match.period > 0;
  const stake = await takeStake(trx, {
    userId,
    product: SPORTS,
    amountCents: stakeCents,
    record: (split) =>
      insertBuilderBet(trx, {
        userId,
        matchId: match.id,
        quoteId: quote.id,
        stakeCents,
        stakeCashCents: split.fromCashCents,
        stakeBonusCents: split.fromBonusCents,
        oddsMilli: priced.oddsMilli,
        potentialPayoutCents: potential,
        legs: priced.legs.map((leg) => ({
          marketId: leg.market_id,
          selectionId: leg.selection_id,
          outcome: leg.outcome,
          oddsMilli: leg.odds_milli,
        })),
        placement: live ? { home: match.score_home, away: match.score_away } : { home: 0, away: 0 },
        pricing: {
          model: priced.inputs.model,
          liveState: priced.inputs.live,
          seed: priced.inputs.seed,
          samples: priced.inputs.samples,
          marginBp: Math.round(config.marginRate * 10_000),
          probabilityPpm: ppm(priced.probability),
        },
      }),
  });
  return {
    betId: Number(stake.betId),
    type: 'builder' as const,
    odds: oddsDecimalFromMilli(priced.oddsMilli),
    potentialPayout: centsToReais(potential),
    result: 0,
    balance: centsToReais(stake.cashCents),
    freeBalance: centsToReais(stake.bonusCents),
    suspend,
  };
}
