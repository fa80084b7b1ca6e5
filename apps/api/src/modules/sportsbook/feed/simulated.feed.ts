import {
  createRng,
  type FootballModel,
  type MatchState,
  matchPeriod,
  matchStateAt,
  type PricedMarket,
  priceFootball,
  priceOutright,
  priceSport,
  type RacingSeries,
  type Rng,
  raceDetail,
  racingSeries,
  type SimulatedMatch,
  type SimulatedRace,
  type SportCode,
  type SportModel,
  simulateMatch,
  simulateRace,
  sportCodes,
  sportTraits,
  toQuarters,
} from '@aposta/sports';
import type { SportsbookConfig } from '../../../config/sportsbook.config.ts';
import { type SimTracker, simTracker } from '../tracker.sim.ts';
import type {
  FeedBatch,
  FeedFixture,
  FeedMarket,
  FeedState,
  FeedUpdate,
  RunningFeedMatch,
  SportsFeed,
} from './feed.ts';
import { simulatedLeagues } from './sim.data.ts';

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

/** A simulated race (outright racing): its series; the runners and laps come from `racingSeries`. */
interface RaceMeta {
  seed: number;
  series: string;
}

const isRaceMeta = (meta: unknown): meta is RaceMeta =>
  typeof meta === 'object' && meta !== null && typeof (meta as RaceMeta).series === 'string';

/** Winner and podium books from the pre-race prices (priceOutright): open before the start, suspended after. */
function raceBoard(series: RacingSeries, marginRate: number, suspended: boolean): FeedMarket[] {
  return (['winner', 'podium'] as const).map((type) => ({
    type,
    period: 'full',
    lineQuarters: null,
    isMain: true,
    status: suspended ? 'suspended' : 'open',
    selections: priceOutright(series.runners, type, marginRate).map((runner) => ({
      outcome: runner.runnerId,
      oddsMilli: runner.oddsMilli,
    })),
  }));
}

/** The k-th race: the series take turns, each race named by its round in the series' season. */
function raceFixture(externalId: string, k: number, startTime: Date, marginRate: number): FeedFixture {
  const series = racingSeries[mod(k, racingSeries.length)]!;
  const round = mod(Math.floor(k / racingSeries.length), 24) + 1;
  const meta: RaceMeta = { seed: hashSeed(externalId), series: series.code };
  return {
    externalId,
    sport: 'racing',
    league: series.name,
    home: `${series.name} ${round}`,
    away: series.code,
    startTime,
    meta,
    markets: raceBoard(series, marginRate, false),
    runners: series.runners.map((runner) => ({ id: runner.id, name: runner.name })),
  };
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

const mod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The m-th match of a double round robin among `n` sides (n even; circle method): every side meets every other
 * once at home and once away, and consecutive matches of a league read like a season's fixture list.
 */
export function roundRobinPair(n: number, m: number): [number, number] {
  const perRound = n / 2;
  const rounds = n - 1;
  const round = mod(Math.floor(m / perRound), 2 * rounds);
  const slot = mod(m, perRound);
  const turn = round % rounds;
  const at = (i: number) => (i === 0 ? 0 : ((i - 1 + turn) % rounds) + 1);
  let pair: [number, number] = [at(slot), at(n - 1 - slot)];
  if (slot === 0 && turn % 2 === 1) pair = [pair[1], pair[0]];
  return round >= rounds ? [pair[1], pair[0]] : pair;
}

interface Pairing {
  league: string;
  home: string;
  away: string;
}

function fixture(
  sport: SportCode,
  externalId: string,
  startTime: Date,
  marginRate: number,
  pairing: (rng: Rng) => Pairing,
): FeedFixture {
  const seed = hashSeed(externalId);
  const rng = createRng(seed);
  const { league, home, away } = pairing(rng);
  const model = drawModel(sport, rng);
  const meta: SimMeta = { seed, model };
  return {
    externalId,
    sport,
    league,
    home,
    away,
    startTime,
    meta,
    markets: toFeedMarkets(price(sport, model, marginRate), false),
  };
}

type SimOptions = {
  /**
   * Racing as outright races (winner and podium on a field of runners) instead of head-to-head pairs. Off until
   * the player web shows outright events; the API side (storage, settlement, cash-out refusal) is complete.
   */
  racingOutright?: boolean;
  /**
   * A test-only control (SPORTSBOOK_SIM_KICKOFF_NOW, refused when NODE_ENV=production): an extra match of each
   * sport listed kicks off at the feed's first poll and every quarter of a match's length after, so a journey
   * finds a match at its start (a tennis match in its first set) at once instead of waiting for the schedule.
   */
  kickoffNow?: readonly SportCode[];
};

/** What the simulated feed's parts share: its settings, the pace, and the fixtures it handed out. */
interface Sim {
  config: Pick<SportsbookConfig, 'feedSpeed' | 'marginRate' | 'goalSuspensionSeconds'>;
  options: SimOptions;
  liveRealSeconds: number;
  soonGapMs: number;
  emitted: Map<string, number>;
  /** Football's match events for the live tracker (tracker.sim.ts). */
  tracker: SimTracker;
}

const soonOffset = (sim: Sim, index: number) => (index * sim.soonGapMs) / sportCodes.length;

/** The k-th soon kick-off of a sport: leagues take turns, each playing its season in order. */
function soonPairing(sport: SportCode, k: number): Pairing {
  const leagues = simulatedLeagues[sport];
  const league = leagues[mod(k, leagues.length)]!;
  const [home, away] = roundRobinPair(league.sides.length, Math.floor(k / leagues.length));
  return { league: league.name, home: league.sides[home]!, away: league.sides[away]! };
}

/**
 * A day kick-off: a league's pair drawn among the sides not playing a soon match at the same time, so no
 * side is ever in two matches at once.
 */
function dayPairing(
  sim: Sim,
  sport: SportCode,
  index: number,
  k: number,
  startMs: number,
  alsoBusy: ReadonlySet<string> = new Set(),
) {
  return (rng: Rng): Pairing => {
    const leagues = simulatedLeagues[sport];
    const league = leagues[mod(k, leagues.length)]!;
    const busy = new Set<string>();
    const liveMs = sim.liveRealSeconds * 1000;
    const from = Math.floor((startMs - liveMs - soonOffset(sim, index)) / sim.soonGapMs);
    const to = Math.ceil((startMs + liveMs - soonOffset(sim, index)) / sim.soonGapMs);
    for (let soon = from; soon <= to; soon++) {
      const pairing = soonPairing(sport, soon);
      busy.add(pairing.home).add(pairing.away);
    }
    let free = league.sides.filter((side) => !busy.has(side) && !alsoBusy.has(side));
    if (free.length < 2) free = league.sides.filter((side) => !busy.has(side));
    const home = pick(rng, free);
    let away = pick(rng, free);
    while (away === home) away = pick(rng, free);
    return { league: league.name, home, away };
  };
}

/**
 * The kick-off-now matches (options.kickoffNow): one of each listed sport at the first poll and again every
 * quarter of a match's length, so one has always just started (a tennis match in its first set), however long
 * a loaded machine takes to reach the page. Their sides are not in another match at the same time.
 */
function kickoffNowScheduler(sim: Sim) {
  const kickoffGapMs = (sim.liveRealSeconds * 1000) / 4;
  const kickoffSports = [...new Set(sim.options.kickoffNow ?? [])];
  let lastKickoff = Number.NEGATIVE_INFINITY;
  let kickoffs = 0;
  const kickoffSides = new Map<string, number>();
  return function kickoffNowFixtures(now: number): FeedFixture[] {
    if (kickoffSports.length === 0 || now - lastKickoff < kickoffGapMs) return [];
    lastKickoff = now;
    kickoffs += 1;
    for (const [side, at] of kickoffSides)
      if (at < now - sim.liveRealSeconds * 1000) kickoffSides.delete(side);
    return kickoffSports.map((sport) => {
      const externalId = `${sport}-n${now}`;
      sim.emitted.set(externalId, now);
      const busy = new Set(kickoffSides.keys());
      const pairing = dayPairing(sim, sport, sportCodes.indexOf(sport), kickoffs, now, busy);
      const made = fixture(sport, externalId, new Date(now), sim.config.marginRate, pairing);
      kickoffSides.set(made.home, now).set(made.away, now);
      return made;
    });
  };
}

function schedule(
  sim: Sim,
  kickoffNowFixtures: (now: number) => FeedFixture[],
  now: number,
  known: ReadonlySet<string>,
): FeedFixture[] {
  const { emitted, liveRealSeconds, soonGapMs, config, options } = sim;
  const fixtures: FeedFixture[] = kickoffNowFixtures(now);
  for (const [externalId, startMs] of emitted) {
    if (startMs < now - 2 * liveRealSeconds * 1000 - soonGapMs) emitted.delete(externalId);
  }
  sportCodes.forEach((sport, index) => {
    const slots = [
      {
        kind: 's',
        gap: soonGapMs,
        offset: soonOffset(sim, index),
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
        if (sport === 'racing' && options.racingOutright) {
          fixtures.push(raceFixture(externalId, k, new Date(startMs), config.marginRate));
          continue;
        }
        const pairing =
          slot.kind === 's' ? () => soonPairing(sport, k) : dayPairing(sim, sport, index, k, startMs);
        fixtures.push(fixture(sport, externalId, new Date(startMs), config.marginRate, pairing));
      }
    }
  });
  return fixtures;
}

/**
 * A race runs its laps evenly over the time a football match lasts at the feed's speed; the books stay
 * suspended while it runs (decision 0027) and close when it ends (finished, or interrupted if abandoned).
 */
function raceUpdate(
  sim: Sim,
  races: Map<bigint, SimulatedRace>,
  now: number,
  match: RunningFeedMatch,
  meta: RaceMeta,
): FeedUpdate | undefined {
  const series = racingSeries.find((item) => item.code === meta.series);
  if (!series) return undefined;
  let race = races.get(match.id);
  if (!race) {
    race = simulateRace({ runners: series.runners, laps: series.laps, seed: meta.seed });
    races.set(match.id, race);
  }
  const elapsed = (now - match.startTime.getTime()) / (sim.liveRealSeconds * 1000);
  const lap = Math.min(series.laps, Math.floor(elapsed * series.laps));
  const abandoned = race.abandonedAtLap !== undefined && lap >= race.abandonedAtLap;
  const finished = !abandoned && elapsed >= 1;
  const detail = raceDetail(race, abandoned ? race.abandonedAtLap! : lap);
  const feedState: FeedState = {
    period: abandoned ? matchPeriod.interrupted : finished ? matchPeriod.finished : 1,
    score: { home: 0, away: 0 },
    halfTimeScore: null,
    corners: null,
    halfTimeCorners: null,
    scoreAfterOvertime: null,
    winner: null,
    scoreDetail: {
      unit: 'race',
      current: detail.lap,
      segments: [],
      laps: series.laps,
      order: finished ? [...race.finishingOrder] : [...detail.order],
      retired: [...(finished ? race.retired : detail.retired)],
    },
  };
  if (abandoned || finished) return { externalId: match.externalId, state: feedState };
  return {
    externalId: match.externalId,
    state: feedState,
    markets: raceBoard(series, sim.config.marginRate, true),
  };
}

/** A match of ours at `now`: its state, and its prices while it plays (suspended just after a score). */
function matchUpdate(
  sim: Sim,
  timelines: Map<bigint, SimulatedMatch>,
  now: number,
  match: RunningFeedMatch,
): FeedUpdate | undefined {
  const meta = match.meta as SimMeta;
  let timeline = timelines.get(match.id);
  if (!timeline) {
    timeline = simulateMatch({ sport: match.sport, model: meta.model, seed: meta.seed } as Parameters<
      typeof simulateMatch
    >[0]);
    timelines.set(match.id, timeline);
  }
  const speed = timeline.scheduledSeconds / sim.liveRealSeconds;
  const clock = Math.floor(((now - match.startTime.getTime()) / 1000) * speed);
  const state = matchStateAt(timeline, clock);
  const football = match.sport === 'football';
  const tracker = football
    ? sim.tracker.update(match.id, timeline, meta.model as FootballModel, meta.seed, clock)
    : undefined;
  const feedState: FeedState = {
    period: state.periodCode,
    score: state.score,
    halfTimeScore: state.halfTimeScore ?? null,
    corners: football ? state.corners : null,
    halfTimeCorners: football ? (state.firstHalfCorners ?? null) : null,
    scoreAfterOvertime: state.scoreAfterOvertime ?? null,
    winner: state.winner ?? null,
    scoreDetail: state.scoreDetail,
  };
  if (state.periodCode < 0)
    return { externalId: match.externalId, state: feedState, ...(tracker && { tracker }) };
  // Suspended around a goal only where a score is an event (football, snooker, baseball...), not where points
  // come every few seconds (basketball, volleyball, tennis games): there the price just moves.
  const suspensionClock =
    sportTraits[match.sport].typicalTotal <= 12 ? sim.config.goalSuspensionSeconds * speed : 0;
  const justScored = timeline.events.some(
    (event) => event.kind === 'score' && event.atSecond <= clock && event.atSecond > clock - suspensionClock,
  );
  let markets: FeedMarket[];
  try {
    markets = toFeedMarkets(price(match.sport, meta.model, sim.config.marginRate, state), justScored);
  } catch {
    markets = [];
  }
  return { externalId: match.externalId, state: feedState, markets, ...(tracker && { tracker }) };
}

export function simulatedFeed(
  config: Pick<SportsbookConfig, 'feedSpeed' | 'marginRate' | 'goalSuspensionSeconds'>,
  options: SimOptions = {},
) {
  const liveRealSeconds = FOOTBALL_CLOCK_SECONDS / config.feedSpeed;
  const sim: Sim = {
    config,
    options,
    liveRealSeconds,
    // A kick-off at least as often as a match lasts, so every sport always has a match live.
    soonGapMs: Math.min(SOON_GAP_MS, Math.floor(liveRealSeconds * 1000)),
    // Fixtures already handed to the runner by this process (a restart hands them again: inserts are idempotent).
    emitted: new Map(),
    tracker: simTracker(),
  };
  const timelines = new Map<bigint, SimulatedMatch>();
  const races = new Map<bigint, SimulatedRace>();
  const kickoffNowFixtures = kickoffNowScheduler(sim);
  const update = (now: number, match: RunningFeedMatch): FeedUpdate | undefined => {
    if (match.startTime.getTime() > now) return undefined;
    if (isRaceMeta(match.meta)) return raceUpdate(sim, races, now, match, match.meta);
    return matchUpdate(sim, timelines, now, match);
  };
  const feed: SportsFeed = {
    name: SIMULATED_FEED,
    poll(at: Date, running: readonly RunningFeedMatch[]): FeedBatch {
      const now = at.getTime();
      const runningIds = new Set(running.map((match) => match.id));
      for (const id of timelines.keys()) if (!runningIds.has(id)) timelines.delete(id);
      for (const id of races.keys()) if (!runningIds.has(id)) races.delete(id);
      sim.tracker.keep(runningIds);
      const updates = running.map((match) => update(now, match)).filter((item) => item !== undefined);
      const known = new Set(running.map((match) => match.externalId));
      return { fixtures: schedule(sim, kickoffNowFixtures, now, known), updates };
    },
  };
  return feed;
}
