import { centsToReais } from '@aposta/money';
import { oddsDecimalFromMilli } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../backoffice/audit.ts';
import { writeAudit } from '../../backoffice/audit.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import type { LockedSelection } from './bets.repository.ts';
import {
  addBoostLiability,
  type BoostRow,
  boostedBets,
  boostTarget,
  endBoost,
  insertBoost,
  listBoosts,
  lockActiveBoost,
  markBoostedLeg,
  stakedOnBoost,
} from './boosts.repository.ts';
import { boostCostCents, checkBoostStake } from './boosts.rules.ts';
import { getMatch } from './catalog.service.ts';
import { lineOf } from './present.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';

/**
 * Odds boosts (api-contract section 19, decision 0063): an operator prices one selection higher. A bet on it (a
 * single, or a parlay leg) is taken at the boosted odds within the boost's stake cap per player and its liability
 * cap; a stake over either cap is refused with a 409 that says the most the player may still stake (never
 * silently split between two prices).
 */
export const boostMessages = {
  stakeCap: 'sports.boost_stake_cap',
  exhausted: 'sports.boost_exhausted',
  notBoostable: 'sports.boost_not_open',
  alreadyBoosted: 'sports.boost_exists',
  oddsNotHigher: 'sports.boost_odds_not_higher',
} as const;

export interface AppliedBoost {
  boost: BoostRow;
  normalOddsMilli: number;
}

/**
 * The locked selections at their boosted odds where an active boost prices them higher, and those boosts (locked
 * FOR UPDATE after the markets, in the selections' order: placement's lock order).
 */
export async function boostedSelections(
  trx: Tx,
  selections: LockedSelection[],
): Promise<{ selections: LockedSelection[]; applied: AppliedBoost[] }> {
  const applied: AppliedBoost[] = [];
  const priced: LockedSelection[] = [];
  for (const selection of selections) {
    const boost = await lockActiveBoost(trx, selection.id);
    if (!boost || boost.boosted_odds_milli <= selection.odds_milli) {
      priced.push(selection);
      continue;
    }
    priced.push({ ...selection, odds_milli: boost.boosted_odds_milli });
    applied.push({ boost, normalOddsMilli: selection.odds_milli });
  }
  return { selections: priced, applied };
}

/** Checks each boost's caps for this bet and counts its extra liability; 409 when the bet does not fit. */
export async function takeBoost(
  trx: Tx,
  userId: bigint,
  applied: readonly AppliedBoost[],
  bet: { stakeCents: bigint; potentialCents: bigint },
): Promise<void> {
  for (const { boost, normalOddsMilli } of applied) {
    const verdict = checkBoostStake(
      {
        boostedOddsMilli: boost.boosted_odds_milli,
        normalOddsMilli,
        stakeCapCents: boost.stake_cap_cents,
        liabilityCapCents: boost.liability_cap_cents,
        liabilityUsedCents: boost.liability_used_cents,
      },
      bet,
      await stakedOnBoost(trx, boost.id, userId),
    );
    if (!verdict.ok && verdict.reason === 'stakeCap') {
      throw conflict(
        boostMessages.stakeCap,
        { max: money(verdict.maxStakeCents) },
        { boostId: Number(boost.id), maxStake: centsToReais(verdict.maxStakeCents) },
      );
    }
    if (!verdict.ok) throw conflict(boostMessages.exhausted, {}, { boostId: Number(boost.id) });
    await addBoostLiability(trx, boost.id, verdict.extraCents);
  }
}

/** Records on the placed bet's legs which boost each took and its normal odds (the boost's cost comes from them). */
export async function recordBoost(trx: Tx, betId: bigint, applied: readonly AppliedBoost[]): Promise<void> {
  for (const { boost, normalOddsMilli } of applied)
    await markBoostedLeg(trx, betId, boost.selection_id, boost.id, normalOddsMilli);
}

export interface CreateBoostInput {
  selectionId: bigint;
  boostedOddsMilli: number;
  stakeCapCents: bigint;
  liabilityCapCents: bigint;
}

/** Operator: boosts a selection of an open market above its odds; audited in the same transaction. */
export async function createBoost(
  ctx: AppContext,
  events: SportsbookEvents,
  actor: Actor,
  input: CreateBoostInput,
) {
  const created = await ctx.db.transaction().execute(async (trx) => {
    const target = await boostTarget(trx, input.selectionId);
    if (!target) throw notFound();
    if (target.market_status !== 'open' || target.match_period < 0 || target.match_period > 5)
      throw conflict(boostMessages.notBoostable);
    if (input.boostedOddsMilli <= target.odds_milli)
      throw invalidInput(boostMessages.oddsNotHigher, { odds: oddsDecimalFromMilli(target.odds_milli) });
    const id = await insertBoost(trx, { ...input, by: actor.username });
    if (id === undefined) throw conflict(boostMessages.alreadyBoosted);
    await writeAudit(trx, actor, {
      action: 'sports.boost_create',
      target: `selection:${input.selectionId}`,
      before: { odds: oddsDecimalFromMilli(target.odds_milli) },
      after: {
        boostId: id,
        boostedOdds: oddsDecimalFromMilli(input.boostedOddsMilli),
        stakeCap: centsToReais(input.stakeCapCents),
        liabilityCap: centsToReais(input.liabilityCapCents),
      },
    });
    return { id, matchId: target.match_id };
  });
  await pushMatchOdds(ctx, events, created.matchId, input.selectionId);
  return boostView(ctx, created.id);
}

/** Operator: ends a boost; the selection goes back to its normal odds for new bets (bets taken keep theirs). */
export async function endBoostById(ctx: AppContext, events: SportsbookEvents, actor: Actor, boostId: bigint) {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const row = await endBoost(trx, boostId);
    if (!row) throw notFound();
    await writeAudit(trx, actor, {
      action: 'sports.boost_end',
      target: `boost:${boostId}`,
      before: { status: 'active' },
      after: { status: 'ended' },
    });
    return row;
  });
  await pushMatchOdds(ctx, events, ended.match_id, null);
  return boostView(ctx, boostId);
}

/** Players see the boost (or its end) at once: the market goes out in the batched `odds` event. */
async function pushMatchOdds(
  ctx: AppContext,
  events: SportsbookEvents,
  matchId: bigint,
  selectionId: bigint | null,
): Promise<void> {
  const match = await getMatch(ctx, matchId);
  const markets = match.markets.filter(
    (market) =>
      selectionId === null ||
      market.selections.some((selection) => selection.selectionId === Number(selectionId)),
  );
  events.queueOdds(match.matchId, markets);
}

async function boostView(ctx: AppContext, boostId: bigint) {
  const { records } = await boostList(ctx, { page: 1, size: 1 }, boostId);
  if (!records[0]) throw notFound();
  return records[0];
}

/** The back office's list: each boost with its caps, what it took and what it has cost so far. */
export async function boostList(
  ctx: AppContext,
  query: { status?: 'active' | 'ended' | undefined; page: number; size: number },
  only?: bigint,
) {
  const { rows: picked, total } = await listBoosts(ctx.db, {
    status: query.status,
    ...(only !== undefined && { id: only }),
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const bets = await boostedBets(
    ctx.db,
    picked.map((row) => row.id),
  );
  return {
    records: picked.map((row) => {
      const own = bets.filter((bet) => bet.boost_id === row.id);
      const cost = own.reduce(
        (sum, bet) =>
          sum +
          boostCostCents(
            { result: bet.result, payoutCents: bet.payout_cents },
            {
              result: bet.leg_result,
              boostedOddsMilli: bet.odds_milli,
              normalOddsMilli: bet.normal_odds_milli,
            },
          ),
        0n,
      );
      return {
        boostId: Number(row.id),
        selectionId: Number(row.selection_id),
        matchId: Number(row.match_id),
        sport: row.sport,
        home: row.home,
        away: row.away,
        marketId: Number(row.market_id),
        type: row.type,
        period: row.period,
        line: lineOf(row.line_quarters),
        outcome: row.outcome,
        odds: oddsDecimalFromMilli(row.odds_milli),
        boostedOdds: oddsDecimalFromMilli(row.boosted_odds_milli),
        stakeCap: centsToReais(row.stake_cap_cents),
        liabilityCap: centsToReais(row.liability_cap_cents),
        liabilityUsed: centsToReais(row.liability_used_cents),
        bets: own.length,
        stakes: centsToReais(own.reduce((sum, bet) => sum + bet.placed_stake_cents, 0n)),
        cost: centsToReais(cost),
        status: row.status,
        createdBy: row.created_by,
        createdAt: row.created_at.getTime(),
        endedAt: row.ended_at?.getTime() ?? null,
      };
    }),
    total,
  };
}

/** What my bets shows of this features on a bet: paid early, and the auto cash-out amount set. */
export function betExtras(bet: { early_paid: boolean; auto_cashout_cents: bigint | null }) {
  return {
    earlyPaid: bet.early_paid,
    autoCashout: bet.auto_cashout_cents === null ? null : centsToReais(bet.auto_cashout_cents),
  };
}

/** A leg paid early, and a leg taken at a boost with the odds it would have had without it. */
export function legExtras(leg: {
  early_paid: boolean;
  boost_id: bigint | null;
  normal_odds_milli: number | null;
}) {
  return {
    ...(leg.early_paid && { earlyPaid: true }),
    ...(leg.boost_id !== null &&
      leg.normal_odds_milli !== null && {
        boostId: Number(leg.boost_id),
        normalOdds: oddsDecimalFromMilli(leg.normal_odds_milli),
      }),
  };
}
