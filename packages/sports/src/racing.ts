import { quoteOddsMilli } from './pricing.ts';
import { createRng, type Rng } from './simulation.ts';
import { type BetResultCode, betResult } from './vocabulary.ts';

/**
 * Racing as the contract sells it: an outright event with a grid of runners, a `winner` market (every runner)
 * and a `podium` market (top three), not a home/away match. Pure: the model of a grid, a lap-by-lap
 * simulation, prices from runner strengths and settlement from the finishing order.
 */

export interface Runner {
  /** Stable id, unique across series (the selection's outcome). */
  readonly id: string;
  readonly name: string;
  /** Relative pace: the Plackett–Luce weight of the runner is exp(strength). */
  readonly strength: number;
}

export type OutrightMarketType = 'winner' | 'podium';
export const outrightMarketTypes: readonly OutrightMarketType[] = ['winner', 'podium'];
/** How many finishing places each outright market pays. */
export const outrightPlaces: Readonly<Record<OutrightMarketType, number>> = { winner: 1, podium: 3 };

export interface RaceLapState {
  /** Laps completed by the leader (0 on the grid). */
  readonly lap: number;
  /** Runners still racing, leader first. */
  readonly order: readonly string[];
  /** Runners out of the race so far, in the order they retired. */
  readonly retired: readonly string[];
  /** Time behind the leader of each runner in `order`, in laps (the leader's is 0). */
  readonly gaps: readonly number[];
}

export interface SimulatedRace {
  readonly laps: number;
  /** One state per lap completed, index 0 = the grid. */
  readonly states: readonly RaceLapState[];
  /** Classified finishers, winner first (empty when abandoned). */
  readonly finishingOrder: readonly string[];
  readonly retired: readonly string[];
  /** Set when the race was stopped for good at that lap (it then voids). */
  readonly abandonedAtLap?: number;
}

export interface RaceSimulationInput {
  readonly runners: readonly Runner[];
  readonly laps: number;
  readonly seed: number;
  /** Chance per runner per lap of retiring (mechanical failure, crash). */
  readonly retirementPerLap?: number;
  /** Chance the race is abandoned outright (weather): it then stops at a random lap. */
  readonly abandonProbability?: number;
}

function standardNormal(rng: Rng): number {
  const u = Math.max(rng(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/**
 * Simulates a race lap by lap: each runner's lap time is a base time less its strength plus noise, the running
 * order is by total time, runners may retire. The noise is sized so that over a race the order follows the
 * strengths about as the Plackett–Luce prices say (a favourite wins often, not always).
 */
/** Spread of a whole race's total time (in laps) from lap-to-lap noise; shared by the simulation and live prices. */
const RACE_SPREAD = 1.8;
const DEFAULT_RETIREMENT_PER_LAP = 0.0015;

export function simulateRace(input: RaceSimulationInput): SimulatedRace {
  const { runners, laps } = input;
  if (runners.length < 2) throw new RangeError('a race needs at least two runners');
  if (!Number.isInteger(laps) || laps < 1) throw new RangeError('laps must be a positive integer');
  if (new Set(runners.map((r) => r.id)).size !== runners.length)
    throw new RangeError('runner ids must be unique');
  const rng = createRng(input.seed);
  const retirementPerLap = input.retirementPerLap ?? DEFAULT_RETIREMENT_PER_LAP;
  const abandonedAtLap =
    rng() < (input.abandonProbability ?? 0) ? 1 + Math.floor(rng() * Math.max(1, laps - 1)) : undefined;
  // Per-lap noise scales with √laps so the whole race's spread stays the same whatever its length.
  const lapNoise = RACE_SPREAD / Math.sqrt(laps);
  const strengthPerLap = 1 / laps;
  // Grid order: qualifying is the same strengths with its own noise.
  const total = new Map<string, number>();
  for (const runner of runners) total.set(runner.id, -0.3 * runner.strength + 0.4 * standardNormal(rng));
  const running = new Set(runners.map((r) => r.id));
  const retired: string[] = [];
  const snapshot = (lap: number): RaceLapState => {
    const order = [...running].sort((a, b) => (total.get(a) ?? 0) - (total.get(b) ?? 0));
    const lead = total.get(order[0] ?? '') ?? 0;
    const gaps = order.map((id) => Math.round(((total.get(id) ?? 0) - lead) * 1000) / 1000);
    return { lap, order, retired: [...retired], gaps };
  };
  const states: RaceLapState[] = [snapshot(0)];
  const lastLap = abandonedAtLap ?? laps;
  for (let lap = 1; lap <= lastLap; lap += 1) {
    for (const runner of runners) {
      if (!running.has(runner.id)) continue;
      if (running.size > 1 && rng() < retirementPerLap) {
        running.delete(runner.id);
        retired.push(runner.id);
        continue;
      }
      const lapTime = 1 - runner.strength * strengthPerLap + lapNoise * standardNormal(rng);
      total.set(runner.id, (total.get(runner.id) ?? 0) + lapTime);
    }
    states.push(snapshot(lap));
  }
  const last = states[states.length - 1] as RaceLapState;
  if (abandonedAtLap !== undefined) return { laps, states, finishingOrder: [], retired, abandonedAtLap };
  return { laps, states, finishingOrder: last.order, retired };
}

/** The race as seen after `lap` laps (clamped to the race). */
export function raceStateAt(race: SimulatedRace, lap: number): RaceLapState {
  const index = Math.max(0, Math.min(race.states.length - 1, Math.floor(lap)));
  return race.states[index] as RaceLapState;
}

/**
 * Fair probabilities under the Plackett–Luce model (weight exp(strength)): the winner is drawn in proportion to
 * weight, then second among the rest, and so on. Exact for the top three in O(n³), plenty for a grid of 20.
 * Returns, per runner, P(finishes 1st) and P(finishes in the top 3). Retired runners can be left out by the
 * caller: the model renormalises over the runners given.
 */
export function outrightProbabilities(
  runners: readonly Runner[],
): Map<string, { winner: number; podium: number }> {
  const weights = runners.map((r) => Math.exp(r.strength));
  const sum = weights.reduce((a, b) => a + b, 0);
  const n = runners.length;
  const first = weights.map((w) => w / sum);
  const top3 = [...first];
  for (let j = 0; j < n; j += 1) {
    const wj = weights[j] as number;
    const pj = first[j] as number;
    const restJ = sum - wj;
    for (let i = 0; i < n; i += 1) {
      if (i === j) continue;
      const wi = weights[i] as number;
      // i second after j first.
      top3[i] = (top3[i] as number) + pj * (wi / restJ);
      for (let k = 0; k < n; k += 1) {
        if (k === j || k === i) continue;
        const wk = weights[k] as number;
        // i third after j first, k second.
        top3[i] = (top3[i] as number) + pj * (wk / restJ) * (wi / (restJ - wk));
      }
    }
  }
  const result = new Map<string, { winner: number; podium: number }>();
  runners.forEach((runner, i) => {
    // With three runners or fewer everyone is on the podium.
    result.set(runner.id, {
      winner: first[i] as number,
      podium: n <= 3 ? 1 : Math.min(1, top3[i] as number),
    });
  });
  return result;
}

export interface PricedRunner {
  readonly runnerId: string;
  readonly oddsMilli: number;
}

/**
 * Prices an outright market for every runner given: fair probability × (1 + margin), the same rounding and
 * limits as the other markets (quoteOddsMilli). The podium book sums to 3 × (1 + margin) before rounding.
 */
export function priceOutright(
  runners: readonly Runner[],
  type: OutrightMarketType,
  marginRate?: number,
): PricedRunner[] {
  const probabilities = outrightProbabilities(runners);
  return runners.map((runner) => {
    const p = probabilities.get(runner.id)?.[type] ?? 0;
    return {
      runnerId: runner.id,
      oddsMilli: quoteOddsMilli(p, marginRate === undefined ? {} : { marginRate }),
    };
  });
}

/** How a race stands for settlement. `starters`: the runners who took the start (others are non-runners). */
export type RaceResult =
  | { readonly status: 'scheduled' | 'running' }
  | { readonly status: 'abandoned' }
  | {
      readonly status: 'finished';
      readonly starters: readonly string[];
      /** Classified finishers, winner first; a starter who is not here did not finish. */
      readonly finishingOrder: readonly string[];
    };

/**
 * Settles an outright pick: open while the race is on, refund when it is abandoned or the runner did not start,
 * win when the runner finished within the market's places, lose otherwise (including a runner who retired).
 * A finished race without a classified order is missing data, not a result: RangeError, like settleSelection.
 */
export function settleOutright(
  type: OutrightMarketType,
  runnerId: string,
  result: RaceResult,
): BetResultCode {
  if (result.status !== 'finished') return result.status === 'abandoned' ? betResult.refund : betResult.open;
  if (result.finishingOrder.length === 0) throw new RangeError('a finished race needs its finishing order');
  if (!result.starters.includes(runnerId)) return betResult.refund;
  const place = result.finishingOrder.indexOf(runnerId);
  return place >= 0 && place < outrightPlaces[type] ? betResult.win : betResult.lose;
}

/** The sport's own account of a race in progress: "Volta 34 de 58" is built by the client from these. */
export interface RaceDetail {
  readonly lap: number;
  readonly laps: number;
  readonly order: readonly string[];
  readonly retired: readonly string[];
  readonly gaps: readonly number[];
}

export function raceDetail(race: SimulatedRace, lap: number): RaceDetail {
  const state = raceStateAt(race, lap);
  return { lap: state.lap, laps: race.laps, order: state.order, retired: state.retired, gaps: state.gaps };
}

const LIVE_DRAWS = 4000;

/**
 * In-play prices from the running order: each runner still racing finishes at its current gap plus the rest of
 * the race under the same model as simulateRace (strength over the laps left, noise shrinking with them, a
 * chance of retiring), sampled with a seed fixed by the lap so every server quotes the same. Retired runners are
 * not priced (their selections close). Probabilities are smoothed so no runner gets an infinite price.
 */
export function priceOutrightLive(
  runners: readonly Runner[],
  state: RaceLapState,
  laps: number,
  type: OutrightMarketType,
  marginRate?: number,
  retirementPerLap = DEFAULT_RETIREMENT_PER_LAP,
): PricedRunner[] {
  const strength = new Map(runners.map((r) => [r.id, r.strength]));
  const ids = state.order;
  const remaining = Math.max(0, laps - state.lap);
  const fraction = remaining / laps;
  const sd = RACE_SPREAD * Math.sqrt(fraction);
  const finishChance = (1 - retirementPerLap) ** remaining;
  const places = outrightPlaces[type];
  const hits = new Array<number>(ids.length).fill(0);
  const rng = createRng(0x5eed + state.lap * 7919 + ids.length);
  const finals = new Array<number>(ids.length);
  for (let draw = 0; draw < LIVE_DRAWS; draw += 1) {
    for (let i = 0; i < ids.length; i += 1) {
      const out = rng() >= finishChance;
      const base = (state.gaps[i] ?? 0) - (strength.get(ids[i] as string) ?? 0) * fraction;
      finals[i] = out ? Number.POSITIVE_INFINITY : base + sd * standardNormal(rng);
    }
    const ranked = finals.map((t, i) => [t, i] as const).sort((a, b) => a[0] - b[0]);
    for (let p = 0; p < Math.min(places, ranked.length); p += 1) {
      const [t, i] = ranked[p] as readonly [number, number];
      if (Number.isFinite(t)) hits[i] = (hits[i] as number) + 1;
    }
  }
  return ids.map((runnerId, i) => {
    const p = ((hits[i] as number) + 0.5) / (LIVE_DRAWS + 1);
    return { runnerId, oddsMilli: quoteOddsMilli(p, marginRate === undefined ? {} : { marginRate }) };
  });
}
