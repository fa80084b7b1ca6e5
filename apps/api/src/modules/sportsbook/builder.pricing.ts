import {
  type BoardMarket,
  type BuilderLeg,
  type BuilderLiveState,
  type BuilderSamples,
  type FootballModel,
  fitFootballModel,
  type MarketType,
  type Outcome,
  simulateBuilderSamples,
} from '@aposta/sports';
import type { BoardRow, BuilderMatchRow } from './builder.repository.ts';

/**
 * The builder's pricing inputs for a match (decision 0062): the football model (the simulated feed's own, kept on
 * the match, or fitted to the board's odds for any other feed), the live state, a seed drawn from the match and its
 * state version, and the simulated matches they give, cached while the match and its board stay the same.
 */

export const BUILDER_SAMPLES = 20_000;

export interface PricingInputs {
  model: FootballModel;
  live: BuilderLiveState | undefined;
  seed: number;
  samples: number;
}

const pair = (home: number | null, away: number | null) =>
  home === null || away === null ? undefined : { home, away };

/** Where the match stands, for a match in play (periods 1–5); undefined before kick-off. */
export function liveStateOf(match: BuilderMatchRow): BuilderLiveState | undefined {
  if (match.period <= 0 || match.period > 5) return undefined;
  const detail = (match.score_detail ?? {}) as { minute?: number };
  // Without a clock from the feed: the middle of the half being played.
  const minute = detail.minute ?? (match.period >= 2 ? 67 : 22);
  const halfTimeScore = pair(match.half_time_home, match.half_time_away);
  const firstHalfCorners = pair(match.half_time_corners_home, match.half_time_corners_away);
  return {
    minute: Math.min(90, minute),
    score: { home: match.score_home, away: match.score_away },
    corners: pair(match.corners_home, match.corners_away) ?? { home: 0, away: 0 },
    ...(halfTimeScore && { halfTimeScore }),
    ...(firstHalfCorners && { firstHalfCorners }),
  };
}

const isFootballModel = (value: unknown): value is FootballModel =>
  typeof value === 'object' &&
  value !== null &&
  ['homeGoalsExpected', 'awayGoalsExpected', 'homeCornersExpected', 'awayCornersExpected'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'number',
  );

export const lineOfQuarters = (quarters: number | null) => (quarters === null ? undefined : quarters / 4);

/** The board's open markets with their odds, as the model fit reads them. */
export function boardMarkets(board: readonly BoardRow[]): BoardMarket[] {
  const byMarket = new Map<bigint, BoardMarket & { odds: { outcome: Outcome; oddsMilli: number }[] }>();
  for (const row of board) {
    if (row.status !== 'open') continue;
    let entry = byMarket.get(row.market_id);
    if (!entry) {
      const line = lineOfQuarters(row.line_quarters);
      entry = {
        market: { type: row.type as MarketType, period: row.period, ...(line !== undefined && { line }) },
        odds: [],
      };
      byMarket.set(row.market_id, entry);
    }
    entry.odds.push({ outcome: row.outcome as Outcome, oddsMilli: row.odds_milli });
  }
  return [...byMarket.values()];
}

/** A 32-bit seed from the match and its state version: the same state always prices the same. */
export function seedOf(matchId: bigint, stateVersion: number): number {
  let hash = 2166136261;
  for (const char of `${matchId}:${stateVersion}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

const cache = new Map<string, { inputs: PricingInputs; samples: BuilderSamples }>();
const CACHE_SIZE = 64;

/** The pricing inputs and simulated matches for the match as it stands now. */
export function pricingFor(
  match: BuilderMatchRow,
  board: readonly BoardRow[],
): { inputs: PricingInputs; samples: BuilderSamples } {
  const meta = (match.feed_meta ?? {}) as { model?: unknown };
  const own = isFootballModel(meta.model) ? meta.model : undefined;
  const boardVersion = own ? 0 : board.reduce((sum, row) => sum + row.version + row.odds_milli, 0);
  const key = `${match.id}:${match.state_version}:${boardVersion}`;
  const known = cache.get(key);
  if (known) return known;
  const live = liveStateOf(match);
  const model = own ?? fitFootballModel(boardMarkets(board), live);
  const inputs: PricingInputs = {
    model,
    live,
    seed: seedOf(match.id, match.state_version),
    samples: BUILDER_SAMPLES,
  };
  const entry = { inputs, samples: samplesOf(inputs) };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry;
}

export const samplesOf = (inputs: PricingInputs): BuilderSamples =>
  simulateBuilderSamples(inputs.model, inputs.live, inputs.samples, inputs.seed);

/** A board row as a builder leg (in-play handicaps count from the score now). */
export function legOf(row: BoardRow, placement: { home: number; away: number }): BuilderLeg {
  const line = lineOfQuarters(row.line_quarters);
  return {
    market: { type: row.type as MarketType, period: row.period, ...(line !== undefined && { line }) },
    outcome: row.outcome as Outcome,
    placementScore: placement,
  };
}
