import { betResult } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../backoffice/audit.ts';
import { writeAudit } from '../../backoffice/audit.ts';
import { notFound } from '../../lib/domain-error.ts';
import type { JobHandler } from '../jobs/jobs.service.ts';
import {
  betsToPayEarly,
  earlyPicks,
  leagueIdOf,
  listRules,
  markEarlyPaid,
  matchSportAndLeague,
  type RuleRow,
  upsertRule,
} from './early-payout.repository.ts';
import { leadingSide, ruleLead } from './early-payout.rules.ts';
import { EARLY_PAYOUT_JOB } from './early-payout.schedule.ts';
import type { LegTarget } from './settlement.repository.ts';
import { notifySettled, settleBatch } from './settlement.service.ts';

/**
 * Early payout (api-contract section 19, decision 0063). Every live state a match reaches schedules a durable job
 * with the score of that state; the job pays the open full-time 1X2 legs of the side that leads by its rule's
 * margin as won, through settlement's own batch (bets locked, leg results, exposure, one journal transaction per
 * batch, idempotent by the bet's settlement count), marks them early-paid in the same transaction, and pushes
 * `betSettled` / `insBalance` after the commit. Settlement never rewrites an early-paid leg.
 */
/** Pays early what a match's score at one moment of play wins early; answers how many bets it changed. */
export async function payEarly(
  ctx: AppContext,
  matchId: bigint,
  score: { home: number; away: number },
  batchSize = ctx.config.sportsbook.settleBatchSize,
): Promise<{ paidBets: number }> {
  const match = await matchSportAndLeague(ctx.db, matchId);
  if (!match) return { paidBets: 0 };
  const rules = await listRules(ctx.db, match.sport);
  const lead = ruleLead(
    rules.map((rule) => ({ leagueId: rule.league_id, lead: rule.lead, enabled: rule.enabled })),
    match.league_id,
  );
  const side = lead === null ? null : leadingSide(score, lead);
  if (!side) return { paidBets: 0 };
  const targets: LegTarget[] = (await earlyPicks(ctx.db, matchId, side)).map((pick) => ({
    marketId: pick.market_id,
    outcome: side,
    placementHome: pick.placement_home,
    placementAway: pick.placement_away,
    result: betResult.win,
  }));
  const betIds = await betsToPayEarly(ctx.db, matchId, side);
  let paidBets = 0;
  for (let start = 0; start < betIds.length; start += batchSize) {
    const batch = betIds.slice(start, start + batchSize);
    const settled = await ctx.db.transaction().execute(async (trx) => {
      const changed = await settleBatch(trx, matchId, batch, targets, true);
      await markEarlyPaid(trx, matchId, side, batch);
      return changed;
    });
    paidBets += settled.length;
    await notifySettled(ctx, settled);
  }
  if (paidBets > 0) ctx.log.info({ matchId: String(matchId), side, paidBets }, 'sportsbook early payout');
  return { paidBets };
}

export const earlyPayoutJobHandlers: Record<string, JobHandler> = {
  [EARLY_PAYOUT_JOB]: async (ctx, payload) => {
    await payEarly(ctx, BigInt(String(payload.matchId)), {
      home: Number(payload.home),
      away: Number(payload.away),
    });
  },
};

const ruleView = (rule: RuleRow) => ({
  ruleId: Number(rule.id),
  sport: rule.sport,
  league: rule.league,
  lead: rule.lead,
  enabled: rule.enabled,
  updatedAt: rule.updated_at.getTime(),
});

export async function earlyPayoutRules(ctx: AppContext) {
  return (await listRules(ctx.db)).map(ruleView);
}

/** Operator: sets the rule of a sport (league null) or of one league; audited in the same transaction. */
export async function setEarlyPayoutRule(
  ctx: AppContext,
  actor: Actor,
  input: { sport: string; league: string | null; lead: number; enabled: boolean },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const leagueId = input.league === null ? null : await leagueIdOf(trx, input.sport, input.league);
    if (leagueId === undefined) throw notFound();
    const before = await upsertRule(trx, {
      sport: input.sport,
      leagueId,
      lead: input.lead,
      enabled: input.enabled,
    });
    await writeAudit(trx, actor, {
      action: 'sports.early_payout_rule',
      target: `${input.sport}:${input.league ?? '*'}`,
      before,
      after: { lead: input.lead, enabled: input.enabled },
    });
  });
  return earlyPayoutRules(ctx);
}
