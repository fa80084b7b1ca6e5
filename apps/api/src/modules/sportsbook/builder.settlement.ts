import {
  type BetResultCode,
  type BuilderLeg,
  type BuilderSamples,
  builderProbability,
  type FootballModel,
  type MarketType,
  type Outcome,
  oddsMilliPerUnit,
  settleBuilder,
  simulateBuilderSamples,
} from '@aposta/sports';
import type { Tx } from '../../db/tx.ts';
import { lineOfQuarters } from './builder.pricing.ts';
import {
  type BuilderLegRow,
  type BuilderPricingRow,
  builderLegsOf,
  builderPricingOf,
} from './builder.repository.ts';

/**
 * Settlement's side of the bet builder (decision 0062): a builder bet's result and return from its legs by
 * settleBuilder, a void leg repriced out from exactly the model, live state, seed and margin the bet was priced
 * with (so the same simulated matches: the remaining legs' odds are never above the bet's).
 */

export type BuilderSettler = (legs: readonly { odds_milli: number; result: number }[]) => {
  result: BetResultCode;
  payoutCents: bigint;
};

const samplesCache = new Map<string, BuilderSamples>();

function samplesOfPricing(pricing: BuilderPricingRow): BuilderSamples {
  const key = JSON.stringify([pricing.model, pricing.live_state, String(pricing.seed), pricing.samples]);
  let samples = samplesCache.get(key);
  if (!samples) {
    samples = simulateBuilderSamples(
      pricing.model as FootballModel,
      (pricing.live_state ?? undefined) as Parameters<typeof simulateBuilderSamples>[1],
      pricing.samples,
      Number(pricing.seed),
    );
    if (samplesCache.size >= 32) samplesCache.delete(samplesCache.keys().next().value!);
    samplesCache.set(key, samples);
  }
  return samples;
}

export const builderLegOfRow = (row: BuilderLegRow): BuilderLeg => {
  const line = lineOfQuarters(row.line_quarters);
  return {
    market: { type: row.type as MarketType, period: row.period, ...(line !== undefined && { line }) },
    outcome: row.outcome as Outcome,
    placementScore: { home: row.placement_home, away: row.placement_away },
  };
};

/** The remaining legs' odds, repriced on the bet's own simulated matches with its margin (floored to 2 decimals). */
export function repriceOddsMilli(pricing: BuilderPricingRow, legs: readonly BuilderLeg[]): number {
  const probability = builderProbability(legs, samplesOfPricing(pricing));
  if (probability <= 0) return Number.MAX_SAFE_INTEGER;
  const raw = oddsMilliPerUnit / (probability * (1 + pricing.margin_bp / 10_000));
  return Math.floor(raw / 10) * 10;
}

/** A settler per builder bet among `betIds` (bets of other types are not in the map). */
export async function builderSettlers(
  trx: Tx,
  betIds: readonly bigint[],
): Promise<Map<bigint, BuilderSettler>> {
  if (betIds.length === 0) return new Map();
  const builders = await trx
    .selectFrom('sports_bets')
    .select(['id', 'odds_milli', 'stake_cents', 'cashed_out_stake_cents'])
    .where('id', 'in', betIds)
    .where('type', '=', 'builder')
    .execute();
  const ids = builders.map((bet) => bet.id);
  const [pricings, legRows] = await Promise.all([builderPricingOf(trx, ids), builderLegsOf(trx, ids)]);
  const pricingOf = new Map(pricings.map((row) => [row.bet_id, row]));
  const settlers = new Map<bigint, BuilderSettler>();
  for (const bet of builders) {
    const pricing = pricingOf.get(bet.id)!;
    const legs = legRows.filter((row) => row.bet_id === bet.id).map(builderLegOfRow);
    const stakeCents = bet.stake_cents - bet.cashed_out_stake_cents;
    settlers.set(bet.id, (settledLegs) => {
      const settled = settleBuilder(
        stakeCents === 0n ? 1n : stakeCents,
        Number(bet.odds_milli),
        settledLegs.map((leg) => ({ oddsMilli: leg.odds_milli, result: leg.result as BetResultCode })),
        (remaining) =>
          repriceOddsMilli(
            pricing,
            remaining.map((index) => legs[index]!),
          ),
      );
      // All of it cashed out: the legs still get their results, nothing is left to pay.
      return { result: settled.result, payoutCents: stakeCents === 0n ? 0n : (settled.returnCents ?? 0n) };
    });
  }
  return settlers;
}
