import type { BetSettledEvent } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import {
  type BetResultCode,
  betResult,
  diffPayout,
  type MarketType,
  type MatchFacts,
  type MatchPeriodCode,
  matchPeriod,
  type Outcome,
  type OutrightMarketType,
  type RaceResult,
  type SettledResultCode,
  type SportCode,
  settleOutright,
  settleParlay,
  settleSelection,
  singleReturnCents,
} from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { notFound } from '../../lib/domain-error.ts';
import type { JobHandler } from '../jobs/jobs.service.ts';
import { payStakesInJournal } from '../stakes/payout.ts';
import { SPORTS } from '../stakes/stake.rules.ts';
import { builderSettlers } from './builder.settlement.ts';
import { findMatch, type MatchRow } from './catalog.repository.ts';
import { SETTLE_JOB } from './catalog.service.ts';
import { findMarkets } from './markets.repository.ts';
import { shiftExposure } from './risk.repository.ts';
import {
  applyLegResults,
  type BetSettlementWrite,
  balancesOf,
  betsToSettle,
  distinctPicks,
  type LegResult,
  type LegTarget,
  type LockedBet,
  legsOfBets,
  lockBets,
  writeBetSettlements,
} from './settlement.repository.ts';
import { type ExposureBet, exposureShifts } from './settlement.rules.ts';

/**
 * Settlement of one match, set-based and idempotent:
 * 1. the pure rules (@aposta/sports settleSelection) give each distinct pick on the match its result;
 * 2. the bets whose legs differ from those results are found in one query and settled in batches, each batch
 *    one database transaction: lock the bets, write the leg results, recompute each bet from all its legs
 *    (settleParlay / singleReturnCents: exact, floored once to the centavo), and move money by the difference
 *    with the stored payout (diffPayout): reverse the earlier payout, pay the new one;
 * 3. after each commit, `betSettled` and `insBalance` reach the players.
 * Running it again finds no difference and moves nothing; a corrected score re-settles only what changed.
 */

export const matchFacts = (match: MatchRow): MatchFacts => {
  const pair = (home: number | null, away: number | null) =>
    home === null || away === null ? undefined : { home, away };
  const score = { home: match.score_home, away: match.score_away };
  const scoreAfterOvertime = pair(match.overtime_home, match.overtime_away);
  const deciding = scoreAfterOvertime ?? score;
  const winner =
    match.winner ??
    (deciding.home > deciding.away ? 'home' : deciding.home < deciding.away ? 'away' : 'draw');
  const optional = {
    scoreAfterOvertime,
    halfTimeScore: pair(match.half_time_home, match.half_time_away),
    corners: pair(match.corners_home, match.corners_away),
    firstHalfCorners: pair(match.half_time_corners_home, match.half_time_corners_away),
  };
  return {
    sport: match.sport as SportCode,
    periodCode: match.period as MatchPeriodCode,
    score,
    winner,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
};

const stoppedPeriods: ReadonlySet<number> = new Set([
  matchPeriod.cancelled,
  matchPeriod.cutInHalf,
  matchPeriod.interrupted,
  matchPeriod.postponed,
]);

/**
 * How a race stands for settleOutright: finished (-1) with the classified order the feed last sent in
 * `scoreDetail.order` and every runner of the field a starter; stopped for good (cancelled, interrupted…) is
 * abandoned; anything else is still on.
 */
export function raceResult(match: MatchRow): RaceResult {
  if (stoppedPeriods.has(match.period)) return { status: 'abandoned' };
  if (match.period !== matchPeriod.finished) return { status: match.period === 0 ? 'scheduled' : 'running' };
  const runners = (match.runners ?? []) as { id: string }[];
  const detail = (match.score_detail ?? {}) as { order?: string[] };
  return {
    status: 'finished',
    starters: runners.map((runner) => runner.id),
    // Missing order → empty: settleOutright then leaves the picks as they are until the feed sends it.
    finishingOrder: detail.order ?? [],
  };
}

const isOutright = (type: string): type is OutrightMarketType => type === 'winner' || type === 'podium';

/** The result of every distinct pick on the match; a pick the facts cannot settle yet (missing data) is left out. */
async function legTargets(ctx: AppContext, match: MatchRow): Promise<LegTarget[]> {
  const facts = matchFacts(match);
  const [picks, { markets }] = await Promise.all([
    distinctPicks(ctx.db, match.id),
    findMarkets(ctx.db, [match.id]),
  ]);
  const marketOf = new Map(markets.map((market) => [market.id, market]));
  const targets: LegTarget[] = [];
  for (const pick of picks) {
    const market = marketOf.get(pick.market_id)!;
    try {
      if (isOutright(market.type)) {
        targets.push({
          marketId: pick.market_id,
          outcome: pick.outcome,
          placementHome: pick.placement_home,
          placementAway: pick.placement_away,
          result: settleOutright(market.type, pick.outcome, raceResult(match)),
        });
        continue;
      }
      const result = settleSelection(
        {
          market: {
            type: market.type as MarketType,
            period: market.period,
            ...(market.line_quarters !== null && { line: market.line_quarters / 4 }),
            includesOvertime: market.includes_overtime,
          },
          outcome: pick.outcome as Outcome,
          placementScore: { home: pick.placement_home, away: pick.placement_away },
        },
        facts,
      );
      targets.push({
        marketId: pick.market_id,
        outcome: pick.outcome,
        placementHome: pick.placement_home,
        placementAway: pick.placement_away,
        result,
      });
    } catch (error) {
      // Incomplete facts (e.g. no half-time score yet): the pick stays as it is until the feed says more.
      ctx.log.warn(
        { err: error, matchId: String(match.id), marketId: String(market.id) },
        'pick not settleable yet',
      );
    }
  }
  return targets;
}

interface SettledBet {
  betId: bigint;
  userId: bigint;
  result: number;
  payoutCents: bigint;
}

/** A bet's result and return from all its legs (a single's result is its leg's). */
function settleBet(
  bet: { type: string; stake_cents: bigint },
  legs: readonly { odds_milli: number; result: number }[],
): { result: BetResultCode; payoutCents: bigint } {
  // All of it cashed out: the legs still get their results, nothing is left to pay.
  if (bet.stake_cents === 0n) return { ...settleBet({ ...bet, stake_cents: 1n }, legs), payoutCents: 0n };
  if (bet.type === 'single') {
    const leg = legs[0]!;
    const result = leg.result as BetResultCode;
    const payoutCents =
      result === betResult.open
        ? 0n
        : singleReturnCents(bet.stake_cents, leg.odds_milli, result as SettledResultCode);
    return { result, payoutCents };
  }
  const parlay = settleParlay(
    bet.stake_cents,
    legs.map((leg) => ({ oddsMilli: leg.odds_milli, result: leg.result as BetResultCode })),
  );
  return { result: parlay.result, payoutCents: parlay.returnCents ?? 0n };
}

type BetChange = SettledBet & {
  reverseCents: bigint;
  payCents: bigint;
  settleCount: number;
  wasOpen: boolean;
};

/** Each bet's legs: a single's one leg came back from the update; parlays (and bets another settler got to first) read theirs. */
async function legsByBetOf(
  trx: Tx,
  bets: readonly LockedBet[],
  written: readonly LegResult[],
): Promise<Map<bigint, LegResult[]>> {
  const singleLegs = new Map(written.map((leg) => [leg.bet_id, leg]));
  const toRead = bets.filter((bet) => bet.type !== 'single' || !singleLegs.has(bet.id)).map((bet) => bet.id);
  const legsByBet = new Map<bigint, LegResult[]>();
  for (const leg of await legsOfBets(trx, toRead)) {
    const list = legsByBet.get(leg.bet_id) ?? [];
    list.push(leg);
    legsByBet.set(leg.bet_id, list);
  }
  for (const bet of bets) {
    const single = singleLegs.get(bet.id);
    if (bet.type === 'single' && single) legsByBet.set(bet.id, [single]);
  }
  return legsByBet;
}

/** The bets whose open liability moves: a settled one leaves it (-1), a re-opened one weighs again (+1). */
function exposureBetsOf(
  changes: readonly BetChange[],
  betOf: ReadonlyMap<bigint, LockedBet>,
  legsByBet: ReadonlyMap<bigint, LegResult[]>,
): ExposureBet[] {
  return changes.flatMap((change): ExposureBet[] => {
    const sign =
      change.wasOpen && change.result !== betResult.open
        ? -1
        : !change.wasOpen && change.result === betResult.open
          ? 1
          : 0;
    if (sign === 0) return [];
    const bet = betOf.get(change.betId)!;
    return [
      {
        sign,
        potentialPayoutCents: bet.potential_payout_cents,
        stakeCents: bet.full_stake_cents,
        cashedOutStakeCents: bet.cashed_out_stake_cents,
        legs: (legsByBet.get(change.betId) ?? []).map((leg) => ({
          selectionId: leg.selection_id,
          matchId: leg.match_id,
        })),
      },
    ];
  });
}

/** Settles one batch of bets in one database transaction; returns the bets whose settlement changed. */
export async function settleBatch(
  trx: Tx,
  matchId: bigint,
  betIds: readonly bigint[],
  targets: readonly LegTarget[],
  openLegsOnly: boolean,
): Promise<SettledBet[]> {
  const bets = await lockBets(trx, betIds);
  const written = await applyLegResults(trx, matchId, betIds, targets, openLegsOnly);
  const legsByBet = await legsByBetOf(trx, bets, written);
  // Builder bets (decision 0062) settle by their own rule: all legs together, a void leg repriced out.
  const builders = await builderSettlers(trx, betIds);
  const changes: BetChange[] = [];
  for (const bet of bets) {
    const legs = legsByBet.get(bet.id) ?? [];
    const next = builders.get(bet.id)?.(legs) ?? settleBet(bet, legs);
    if (next.result === bet.result && next.payoutCents === bet.payout_cents) continue;
    const diff = diffPayout(bet.payout_cents, next.payoutCents);
    changes.push({
      betId: bet.id,
      userId: bet.user_id,
      result: next.result,
      payoutCents: next.payoutCents,
      reverseCents: diff.reverseCents,
      payCents: diff.payCents,
      settleCount: bet.settle_count + 1,
      wasOpen: bet.result === betResult.open,
    });
  }
  if (changes.length === 0) return [];
  // A settled bet no longer weighs on its markets' and matches' open liability; a re-opened one weighs again.
  // Exposure rows are locked before the players' cash, in placement's order.
  const betOf = new Map(bets.map((bet) => [bet.id, bet]));
  await shiftExposure(trx, exposureShifts(exposureBetsOf(changes, betOf, legsByBet)));
  // The one payout path, set-based: the batch's payouts and reversals as one journal transaction each; a reversal
  // takes back at most what the player holds, the rest is written off on the bet (uncollected).
  const paid = await payStakesInJournal(
    trx,
    SPORTS,
    changes.map((change) => ({
      betId: change.betId,
      userId: change.userId,
      payCents: change.payCents,
      reverseCents: change.reverseCents,
      settlement: change.settleCount,
    })),
    { type: 'sports_match', id: matchId.toString() },
  );
  const writes: BetSettlementWrite[] = changes.map((change) => ({
    betId: change.betId,
    result: change.result,
    payoutCents: change.payoutCents,
    uncollectedCents: paid.uncollected.get(change.betId) ?? 0n,
    journalIds: paid.journalIdsOf.get(change.betId) ?? [],
  }));
  await writeBetSettlements(trx, writes);
  return changes;
}

export async function notifySettled(ctx: AppContext, settled: readonly SettledBet[]): Promise<void> {
  if (settled.length === 0) return;
  for (const bet of settled) {
    ctx.realtime.emitToUser(bet.userId, 'betSettled', {
      betId: Number(bet.betId),
      result: bet.result,
      payout: centsToReais(bet.payoutCents),
    } satisfies BetSettledEvent);
  }
  const balances = await balancesOf(ctx.db, [...new Set(settled.map((bet) => bet.userId))]);
  for (const [userId, balance] of balances) {
    ctx.realtime.emitToUser(userId, 'insBalance', {
      balance: centsToReais(balance.cashCents),
      freeBalance: centsToReais(balance.bonusCents),
      // Not a deposit arriving: the recharge flag is 0 (wallet.events czflagOf).
      czflag: 0,
    });
  }
}

/**
 * Settles (or re-settles) every bet on a match; returns how many bets changed settlement in this run. On PostgreSQL
 * two batches are in flight at once: one computes and writes its legs while the other holds the shared rows
 * (exposure, the players' cash) to its commit, so the server and the database work at the same time. Every batch
 * takes the shared rows in the same order (selections, match, players by id), so two cannot deadlock. PGlite has one
 * connection: one batch at a time.
 */
export async function settleMatch(
  ctx: AppContext,
  matchId: bigint,
  options: { batchSize?: number; notify?: boolean; concurrency?: number } = {},
): Promise<{ settledBets: number }> {
  const match = await findMatch(ctx.db, matchId);
  if (!match) throw notFound();
  const targets = await legTargets(ctx, match);
  // A cancelled or postponed match voids its OPEN bets; what was already settled stands (api-contract 11).
  const openLegsOnly = match.period === -10 || match.period === -14;
  const betIds = await betsToSettle(ctx.db, matchId, targets, openLegsOnly);
  const batchSize = options.batchSize ?? ctx.config.sportsbook.settleBatchSize;
  const batches: bigint[][] = [];
  for (let start = 0; start < betIds.length; start += batchSize)
    batches.push(betIds.slice(start, start + batchSize));
  const concurrency = options.concurrency ?? (ctx.config.databaseUrl ? 2 : 1);
  let settledBets = 0;
  let next = 0;
  let failed = false;
  const settleBatches = async () => {
    // A failed batch stops the others after their current one; the job runs again and finds what is left.
    while (!failed && next < batches.length) {
      const batch = batches[next++]!;
      try {
        const settled = await ctx.db
          .transaction()
          .execute((trx) => settleBatch(trx, matchId, batch, targets, openLegsOnly));
        settledBets += settled.length;
        if (options.notify !== false) await notifySettled(ctx, settled);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, batches.length) }, settleBatches),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  if (settledBets > 0) ctx.log.info({ matchId: String(matchId), settledBets }, 'sportsbook match settled');
  return { settledBets };
}

/** The durable job behind automatic settlement (scheduled when a match reaches half-time, ends or stops). */
export const settlementJobHandlers: Record<string, JobHandler> = {
  [SETTLE_JOB]: async (ctx, payload) => {
    await settleMatch(ctx, BigInt(String(payload.matchId)));
  },
};
