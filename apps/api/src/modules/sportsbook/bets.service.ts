import type { ScoreDetailView } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { betResult, oddsDecimalFromMilli, oddsMilliPerUnit, settleParlay } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { SportsbookConfig } from '../../config/sportsbook.config.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { SPORTS } from '../stakes/stake.rules.ts';
import { takeStake } from '../stakes/stake.ts';
import { betCodes, legCodes } from './bet-codes.rules.ts';
import {
  insertBet,
  type LockedSelection,
  listPlayerBets,
  lockMatchesShared,
  lockSelections,
  matchIdsOfSelections,
} from './bets.repository.ts';
import { betExtras, boostedSelections, legExtras, recordBoost, takeBoost } from './boosts.service.ts';
import { cashoutValues } from './cashout.service.ts';
import { lineOf } from './present.ts';
import { addExposure, checkPlayerLimits, suspendOverexposed } from './risk.service.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/**
 * The placement refusals of api-contract section 11. The first three are the contract's fixed sentences, sent
 * verbatim in every language because clients recognise them by their text (spec.md section 8) and show their own
 * translation; the odds change is recognised by `data.odds`, so its message follows the caller's language.
 */
export const placementMessages = {
  notOpen: 'This option is currently not open for betting',
  parlayLimit: 'The parlay has reached the limit',
  sameMatch: 'current gameplay not available for purchase',
  oddsChanged: 'sports.odds_changed',
} as const;

export type AcceptOdds = 'none' | 'better' | 'any';

export interface PlaceBetInput {
  amountCents: bigint;
  selections: readonly { selectionId: bigint; oddsMilli: number }[];
  acceptOdds: AcceptOdds;
}

function oddsAcceptable(acceptOdds: AcceptOdds, shownMilli: number, currentMilli: number): boolean {
  if (acceptOdds === 'any') return true;
  if (acceptOdds === 'better') return currentMilli >= shownMilli;
  return currentMilli === shownMilli;
}

/** Product of the legs' odds in thousandths, floored: the parlay's displayed odds. */
function totalOddsMilli(legs: readonly { odds_milli: number }[]): bigint {
  let numerator = 1n;
  for (const leg of legs) numerator *= BigInt(leg.odds_milli);
  return numerator / BigInt(oddsMilliPerUnit) ** BigInt(legs.length - 1);
}

function checkStake(amountCents: bigint, config: SportsbookConfig): void {
  if (amountCents < config.stakeCentsMin || amountCents > config.stakeCentsMax) {
    throw invalidInput('game.stake_range', {
      min: money(config.stakeCentsMin),
      max: money(config.stakeCentsMax),
    });
  }
}

/** The checks of a placement that need the locked catalogue rows, in the order the player would fix them. */
function checkSelections(
  input: PlaceBetInput,
  selections: readonly LockedSelection[],
  matches: ReadonlyMap<bigint, { period: number }>,
): LockedSelection[] {
  if (selections.length !== input.selections.length) throw notFound();
  const byId = new Map(selections.map((selection) => [selection.id, selection]));
  const ordered = input.selections.map((pick) => byId.get(pick.selectionId)!);
  if (new Set(ordered.map((selection) => selection.match_id)).size !== ordered.length) {
    throw conflict(placementMessages.sameMatch);
  }
  for (const selection of ordered) {
    const period = matches.get(selection.match_id)?.period ?? -1;
    if (selection.status !== 'open' || period < 0 || period > 5) throw conflict(placementMessages.notOpen);
  }
  const moved = ordered.some(
    (selection, index) =>
      !oddsAcceptable(input.acceptOdds, input.selections[index]!.oddsMilli, selection.odds_milli),
  );
  if (moved) {
    throw conflict(
      placementMessages.oddsChanged,
      {},
      {
        odds: ordered.map((selection) => ({
          selectionId: Number(selection.id),
          odds: oddsDecimalFromMilli(selection.odds_milli),
        })),
      },
    );
  }
  return ordered;
}

/**
 * Places a single (one selection) or a parlay. The stake leaves the player's wallet through modules/stakes (cash
 * first, then bonus; it counts toward wagering, the game total and the VIP level) in the same database
 * transaction that writes the bet, at the odds read under a share lock of the markets:
 * a bet is accepted at the odds shown (or better, per `acceptOdds`) on an open market, or not at all.
 */
export async function placeBet(
  ctx: AppContext,
  userId: bigint,
  input: PlaceBetInput,
  config: SportsbookConfig = ctx.config.sportsbook,
  events?: SportsbookEvents,
) {
  if (input.selections.length > config.parlayLegsMax) throw conflict(placementMessages.parlayLimit);
  const selectionIds = input.selections.map((pick) => pick.selectionId);
  if (new Set(selectionIds).size !== selectionIds.length) throw conflict(placementMessages.sameMatch);
  checkStake(input.amountCents, config);
  const placed = await ctx.db.transaction().execute(async (trx) => {
    const matchIds = await matchIdsOfSelections(trx, selectionIds);
    if (matchIds.length === 0) throw notFound();
    const matches = await lockMatchesShared(trx, matchIds);
    // A boosted selection is taken at the boosted odds (boosts.service.ts).
    const boosted = await boostedSelections(trx, await lockSelections(trx, selectionIds));
    const legs = checkSelections(
      input,
      boosted.selections,
      new Map(matches.map((match) => [match.id, match])),
    );
    const stakeCents = input.amountCents;
    const potential = settleParlay(
      stakeCents,
      legs.map((leg) => ({ oddsMilli: leg.odds_milli, result: betResult.win })),
    ).returnCents!;
    if (potential > config.payoutCentsMax) {
      throw invalidInput('game.payout_max', { max: money(config.payoutCentsMax) });
    }
    await checkPlayerLimits(trx, userId, stakeCents, potential, config);
    await takeBoost(trx, userId, boosted.applied, { stakeCents, potentialCents: potential });
    const suspend = await addExposure(trx, legs, stakeCents, potential, config);
    const scoreOf = new Map(matches.map((match) => [match.id, match]));
    const type = legs.length === 1 ? ('single' as const) : ('parlay' as const);
    const oddsMilli = totalOddsMilli(legs);
    // The one stake path: counters and VIP level, cash first then bonus, the bet, the postings (a refusal rolls back).
    const stake = await takeStake(trx, {
      userId,
      product: SPORTS,
      amountCents: stakeCents,
      record: (split) =>
        insertBet(trx, {
          userId,
          type,
          stakeCents,
          stakeCashCents: split.fromCashCents,
          stakeBonusCents: split.fromBonusCents,
          oddsMilli,
          potentialPayoutCents: potential,
          legs: legs.map((leg) => {
            const match = scoreOf.get(leg.match_id)!;
            const live = match.period > 0;
            return {
              matchId: leg.match_id,
              marketId: leg.market_id,
              selectionId: leg.id,
              outcome: leg.outcome,
              oddsMilli: leg.odds_milli,
              placementHome: live ? match.score_home : 0,
              placementAway: live ? match.score_away : 0,
            };
          }),
        }),
    });
    await recordBoost(trx, stake.betId, boosted.applied);
    return {
      betId: Number(stake.betId),
      type,
      odds: Number(oddsMilli) / oddsMilliPerUnit,
      potentialPayout: centsToReais(potential),
      result: 0,
      balance: centsToReais(stake.cashCents),
      freeBalance: centsToReais(stake.bonusCents),
      suspend,
    };
  });
  const { suspend, ...answer } = placed;
  await ctx.events.publish('balanceChanged', { userId });
  await suspendOverexposed(ctx, events, suspend);
  return answer;
}

function stillPotential(remainingCents: bigint, legs: readonly { odds_milli: number }[]): bigint {
  if (remainingCents === 0n) return 0n;
  return settleParlay(
    remainingCents,
    legs.map((leg) => ({ oddsMilli: leg.odds_milli, result: betResult.win })),
  ).returnCents!;
}

export async function listBets(
  ctx: AppContext,
  userId: bigint,
  query: { status?: 'open' | 'settled' | undefined; page: number; size: number },
) {
  const { bets, legs, total } = await listPlayerBets(ctx.db, userId, {
    status: query.status,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const values = await cashoutValues(
    ctx.db,
    bets.map((bet) => ({ ...bet, user_id: userId })),
    ctx.config.sportsbook.cashoutMarginBasisPoints,
  );
  return {
    records: bets.map((bet) => {
      const betLegs = legs.filter((leg) => leg.bet_id === bet.id);
      return {
        betId: Number(bet.id),
        type: bet.type,
        amount: centsToReais(bet.stake_cents),
        odds: Number(bet.odds_milli) / oddsMilliPerUnit,
        // After a partial cash-out, what the stake still in play can return.
        potentialPayout: centsToReais(
          bet.cashed_out_stake_cents === 0n
            ? bet.potential_payout_cents
            : stillPotential(
                bet.stake_cents - bet.cashed_out_stake_cents,
                legs.filter((leg) => leg.bet_id === bet.id),
              ),
        ),
        payout: centsToReais(bet.payout_cents),
        result: bet.result,
        time: bet.created_at.getTime(),
        settledAt: bet.settled_at?.getTime() ?? null,
        // Ours (cash-out): what was paid back so far and the stake still riding.
        cashedOut: centsToReais(bet.cashout_paid_cents),
        remainingStake: centsToReais(bet.stake_cents - bet.cashed_out_stake_cents),
        cashoutValue: values.has(bet.id) ? centsToReais(values.get(bet.id)!) : null,
        ...betExtras(bet),
        ...betCodes(
          {
            result: bet.result,
            cashedOutInFull:
              bet.cashed_out_stake_cents > 0n && bet.cashed_out_stake_cents === bet.stake_cents,
          },
          betLegs,
        ),
        legs: betLegs.map((leg) => ({
          matchId: Number(leg.match_id),
          sport: leg.sport,
          home: leg.home,
          away: leg.away,
          // Ours: where the match stands, so my bets reads in the sport's words (2º set 6-4 3-2).
          matchPeriod: leg.match_period,
          score: { home: leg.score_home, away: leg.score_away },
          scoreDetail: (leg.score_detail ?? null) as ScoreDetailView | null,
          marketId: Number(leg.market_id),
          type: leg.type,
          period: leg.period,
          line: lineOf(leg.line_quarters),
          outcome: leg.outcome,
          // Ours (racing): the runner's name when the outcome is a runner id.
          ...runnerName(leg.runners, leg.outcome),
          odds: oddsDecimalFromMilli(leg.odds_milli),
          result: leg.result,
          ...legExtras(leg),
          ...legCodes(leg),
          // An in-play handicap counts from the score at placement: the leg tells it (decision 0030).
          ...(leg.type === 'handicap' && {
            placementScore: { home: leg.placement_home, away: leg.placement_away },
          }),
        })),
      };
    }),
    total,
  };
}

/** `{ runner }` for a pick on an outright market (the runner's name), nothing otherwise. */
function runnerName(runners: unknown, outcome: string): { runner?: string } {
  const runner = Array.isArray(runners)
    ? (runners as { id: string; name: string }[]).find((item) => item.id === outcome)
    : undefined;
  return runner ? { runner: runner.name } : {};
}
