import {
  createRng,
  type FootballModel,
  type MatchState,
  matchStateAt,
  type PricedMarket,
  priceFootball,
  priceSport,
  type Rng,
  type SimulatedMatch,
  type SportCode,
  type SportModel,
  simulateMatch,
  sportCodes,
  sportTraits,
  toQuarters,
} from '@aposta/sports';
import type { SportsbookConfig } from '../sportsbook.config.ts';
import type {
  FeedBatch,
  FeedFixture,
  FeedMarket,
  FeedState,
  FeedUpdate,
  RunningFeedMatch,
  SportsFeed,
} from './feed.ts';
import { simulatedNames } from './sim.data.ts';

/**
 * The built-in simulated feed (SEED_DEMO). Stateless by design: a match is its seed and model (stored on the
 * match), its whole timeline is `simulateMatch(seed)`, and its state at any moment is `matchStateAt(timeline,
 * clock)` with the clock running `feedSpeed` times faster than real time (every sport is scaled to last as long
 * as a football match at that speed). So every server process computes the same state, a restart resumes where
 * the clock is, and the runner's idempotent writes make repeated ticks harmless.
 * Schedule per sport: a kick-off every 10 minutes (or as often as a match lasts, if shorter) for the next hour,
 * so every sport always has a match live, and one every 12 hours for the next 3 days. Prices: the sport's model from @aposta/sports (football: Poisson goals and
 * corners), repriced in play every tick, all markets suspended for a few seconds after a goal
 * (in low-scoring sports).
 */

const FOOTBALL_CLOCK_SECONDS = 5400 + 900;
const SOON_GAP_MS = 10 * 60_000;
const SOON_HORIZON_MS = 60 * 60_000;
const DAY_GAP_MS = 12 * 3600_000;
const DAY_HORIZON_MS = 3 * 24 * 3600_000;
export const SIMULATED_FEED = 'sim';

interface SimMeta {
  seed: number;
  model: FootballModel | SportModel;
}

function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

function drawModel(sport: SportCode, rng: Rng): FootballModel | SportModel {
  if (sport === 'football') {
    return {
      homeGoalsExpected: 0.9 + rng() * 1.2,
      awayGoalsExpected: 0.6 + rng() * 1.0,
      homeCornersExpected: 4 + rng() * 2.5,
      awayCornersExpected: 3.5 + rng() * 2.5,
    };
  }
  const traits = sportTraits[sport];
  const expectedTotal = traits.typicalTotal * (0.9 + rng() * 0.2);
  const spread = traits.marginSdFactor * Math.sqrt(expectedTotal);
  return { expectedMargin: (rng() - 0.45) * 1.6 * spread, expectedTotal };
}

export function toFeedMarkets(board: readonly PricedMarket[], suspendAll: boolean): FeedMarket[] {
  return board.map((market) => ({
    type: market.type,
    period: market.period,
    lineQuarters: market.line === undefined ? null : toQuarters(market.line),
    isMain: market.isMain ?? false,
    status: suspendAll || market.suspended ? 'suspended' : 'open',
    selections: market.outcomes.map((outcome) => ({
      outcome: outcome.outcome,
      oddsMilli: outcome.oddsMilli,
    })),
  }));
}

function price(
  sport: SportCode,
  model: SimMeta['model'],
  marginRate: number,
  state?: MatchState,
): PricedMarket[] {
  if (sport === 'football') {
    const live = state && { minute: Math.min(90, state.minute), score: state.score, corners: state.corners };
    return priceFootball(model as FootballModel, { marginRate }, live);
  }
  const live = state && { progress: state.progress, score: state.score };
  return priceSport(sport, model as SportModel, { marginRate }, live);
}

function fixture(sport: SportCode, externalId: string, startTime: Date, marginRate: number): FeedFixture {
  const seed = hashSeed(externalId);
  const rng = createRng(seed);
  const names = simulatedNames[sport];
  const home = pick(rng, names.sides);
  let away = pick(rng, names.sides);
  while (away === home) away = pick(rng, names.sides);
  const model = drawModel(sport, rng);
  const meta: SimMeta = { seed, model };
  return {
    externalId,
    sport,
    league: pick(rng, names.leagues),
    home,
    away,
    startTime,
    meta,
    markets: toFeedMarkets(price(sport, model, marginRate), false),
  };
}

export function simulatedFeed(
  config: Pick<SportsbookConfig, 'feedSpeed' | 'marginRate' | 'goalSuspensionSeconds'>,
) {
  const liveRealSeconds = FOOTBALL_CLOCK_SECONDS / config.feedSpeed;
  // A kick-off at least as often as a match lasts, so every sport always has a match live.
  const soonGapMs = Math.min(SOON_GAP_MS, Math.floor(liveRealSeconds * 1000));
  const timelines = new Map<bigint, SimulatedMatch>();
  // Fixtures already handed to the runner by this process (a restart hands them again: inserts are idempotent).
  const emitted = new Map<string, number>();

  function schedule(now: number, known: ReadonlySet<string>): FeedFixture[] {
    const fixtures: FeedFixture[] = [];
    for (const [externalId, startMs] of emitted) {
      if (startMs < now - 2 * liveRealSeconds * 1000 - soonGapMs) emitted.delete(externalId);
    }
    sportCodes.forEach((sport, index) => {
      const slots = [
        {
          kind: 's',
          gap: soonGapMs,
          offset: (index * soonGapMs) / sportCodes.length,
          horizon: SOON_HORIZON_MS,
        },
        { kind: 'd', gap: DAY_GAP_MS, offset: 7 * 60_000 + index * 60_000, horizon: DAY_HORIZON_MS },
      ];
      for (const slot of slots) {
        // Matches that would be playing now are created too, so the board has live matches from the start.
        const first = Math.ceil((now - liveRealSeconds * 1000 - slot.offset) / slot.gap);
        const last = Math.floor((now + slot.horizon - slot.offset) / slot.gap);
        for (let k = first; k <= last; k++) {
          const externalId = `${sport}-${slot.kind}${k}`;
          if (known.has(externalId) || emitted.has(externalId)) continue;
          const startMs = k * slot.gap + slot.offset;
          emitted.set(externalId, startMs);
          fixtures.push(fixture(sport, externalId, new Date(startMs), config.marginRate));
        }
      }
    });
    return fixtures;
  }

  function update(now: number, match: RunningFeedMatch): FeedUpdate | undefined {
    if (match.startTime.getTime() > now) return undefined;
    const meta = match.meta as SimMeta;
    let timeline = timelines.get(match.id);
    if (!timeline) {
      timeline = simulateMatch({ sport: match.sport, model: meta.model, seed: meta.seed } as Parameters<
        typeof simulateMatch
      >[0]);
      timelines.set(match.id, timeline);
    }
    const speed = timeline.durationSeconds / liveRealSeconds;
    const clock = Math.floor(((now - match.startTime.getTime()) / 1000) * speed);
    const state = matchStateAt(timeline, clock);
    const football = match.sport === 'football';
    const feedState: FeedState = {
      period: state.periodCode,
      score: state.score,
      halfTimeScore: state.halfTimeScore ?? null,
      corners: football ? state.corners : null,
      halfTimeCorners: football ? (state.firstHalfCorners ?? null) : null,
      scoreAfterOvertime: state.scoreAfterOvertime ?? null,
      winner: state.winner ?? null,
    };
    if (state.periodCode < 0) return { externalId: match.externalId, state: feedState };
    // Suspended around a goal only where a score is an event (football, snooker, baseball...), not where points
    // come every few seconds (basketball, volleyball, tennis games): there the price just moves.
    const suspensionClock =
      sportTraits[match.sport].typicalTotal <= 12 ? config.goalSuspensionSeconds * speed : 0;
    const justScored = timeline.events.some(
      (event) =>
        event.kind === 'score' && event.atSecond <= clock && event.atSecond > clock - suspensionClock,
    );
    let markets: FeedMarket[];
    try {
      markets = toFeedMarkets(price(match.sport, meta.model, config.marginRate, state), justScored);
    } catch {
      markets = [];
    }
    return { externalId: match.externalId, state: feedState, markets };
  }

  const feed: SportsFeed = {
    name: SIMULATED_FEED,
    poll(at: Date, running: readonly RunningFeedMatch[]): FeedBatch {
      const now = at.getTime();
      const runningIds = new Set(running.map((match) => match.id));
      for (const id of timelines.keys()) if (!runningIds.has(id)) timelines.delete(id);
      const updates = running.map((match) => update(now, match)).filter((item) => item !== undefined);
      return { fixtures: schedule(now, new Set(running.map((match) => match.externalId))), updates };
    },
  };
  return feed;
}
