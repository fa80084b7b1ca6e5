import { type FootballModel, footballDistributions, regulationMinutes } from './football.ts';
import { fairProbabilities } from './pricing.ts';
import { settleSelection } from './settlement.ts';
import { createRng, type Rng } from './simulation.ts';
import { sportTraits } from './traits.ts';
import { isCornersMarket, type Market, matchPeriod, type Outcome, type Score } from './vocabulary.ts';

/*
 * The bet builder's joint model of a football match: the same Poisson model the board is priced from and the
 * simulated feed plays (goals and corners per side and half, independent counts), sampled many times from a seed
 * so every leg is judged on the same simulated matches. A combination's probability is the share of simulated
 * matches in which all its legs win under the settlement rules (settleSelection), so legs that move together
 * (home win and over 2.5) are priced together, never as a product.
 */

/** Where the match stands when a builder is priced; absent before kick-off. */
export interface BuilderLiveState {
  /** Match minute, 0–90. */
  readonly minute: number;
  readonly score: Score;
  readonly corners: Score;
  /** Known once the first half is over. */
  readonly halfTimeScore?: Score;
  readonly firstHalfCorners?: Score;
}

/** A board market as the catalogue holds it: its odds per outcome, in thousandths. */
export interface BoardMarket {
  readonly market: Market;
  readonly odds: readonly { readonly outcome: Outcome; readonly oddsMilli: number }[];
}

/** Simulated final facts, one entry per simulated match (counts of regulation time). */
export interface BuilderSamples {
  readonly count: number;
  readonly facts: readonly FinalFacts[];
  /** Per leg key, which samples the leg wins in (filled lazily). */
  readonly wins: Map<string, Uint8Array>;
}

export interface FinalFacts {
  readonly score: Score;
  readonly halfTimeScore: Score;
  readonly corners: Score;
  readonly firstHalfCorners: Score;
}

function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rng(); product > limit; product *= rng()) count++;
  return count;
}

/** Expected counts still to come in each half at the live state (the model's full-match expectations scaled). */
function remainingByHalf(model: FootballModel, state: BuilderLiveState | undefined) {
  const share = model.firstHalfShare ?? sportTraits.football.firstHalfShare!;
  const minute = Math.min(regulationMinutes, Math.max(0, state?.minute ?? 0));
  const half = regulationMinutes / 2;
  const first = minute < half ? (share * (half - minute)) / half : 0;
  const second = ((1 - share) * Math.min(half, regulationMinutes - minute)) / half;
  return { first, second };
}

/**
 * Draws `count` simulated finals from the model, conditioned on the live state: what has happened stays, the
 * rest of each half is drawn with the share of the expectation that is left. Same inputs, same samples.
 */
export function simulateBuilderSamples(
  model: FootballModel,
  state: BuilderLiveState | undefined,
  count: number,
  seed: number,
): BuilderSamples {
  const rng = createRng(seed);
  const left = remainingByHalf(model, state);
  const zero = { home: 0, away: 0 };
  const inFirstHalf = state === undefined || state.halfTimeScore === undefined;
  // Counts so far: in the first half everything so far is first-half; after it, the half-time counts are.
  const goalsH1 = inFirstHalf ? (state?.score ?? zero) : state.halfTimeScore!;
  const cornersH1 = inFirstHalf ? (state?.corners ?? zero) : (state.firstHalfCorners ?? zero);
  const goalsNow = state?.score ?? zero;
  const cornersNow = state?.corners ?? zero;
  const facts: FinalFacts[] = [];
  for (let i = 0; i < count; i++) {
    const g1 = { home: poisson(rng, model.homeGoalsExpected * left.first), away: 0 };
    g1.away = poisson(rng, model.awayGoalsExpected * left.first);
    const c1 = { home: poisson(rng, model.homeCornersExpected * left.first), away: 0 };
    c1.away = poisson(rng, model.awayCornersExpected * left.first);
    const g2h = poisson(rng, model.homeGoalsExpected * left.second);
    const g2a = poisson(rng, model.awayGoalsExpected * left.second);
    const c2h = poisson(rng, model.homeCornersExpected * left.second);
    const c2a = poisson(rng, model.awayCornersExpected * left.second);
    const halfTimeScore = { home: goalsH1.home + g1.home, away: goalsH1.away + g1.away };
    const firstHalfCorners = { home: cornersH1.home + c1.home, away: cornersH1.away + c1.away };
    facts.push({
      halfTimeScore,
      firstHalfCorners,
      score: { home: goalsNow.home + g1.home + g2h, away: goalsNow.away + g1.away + g2a },
      corners: { home: cornersNow.home + c1.home + c2h, away: cornersNow.away + c1.away + c2a },
    });
  }
  return { count, facts, wins: new Map() };
}

export const legKey = (market: Market, outcome: Outcome): string =>
  `${market.type}|${market.period}|${market.line ?? ''}|${outcome}`;

/** Which samples a leg wins in, by the settlement rules (a handicap counts from the score at placement). */
export function legWins(
  samples: BuilderSamples,
  market: Market,
  outcome: Outcome,
  placementScore: Score,
): Uint8Array {
  const key = `${legKey(market, outcome)}|${placementScore.home}-${placementScore.away}`;
  const known = samples.wins.get(key);
  if (known) return known;
  const wins = new Uint8Array(samples.count);
  const fast = market.line === undefined || isHalfLine(market.line);
  samples.facts.forEach((fact, i) => {
    if (fast) {
      wins[i] = wholeStakeWins(market, outcome, placementScore, fact) ? 1 : 0;
      return;
    }
    const result = settleSelection(
      { market, outcome, placementScore },
      { sport: 'football', periodCode: matchPeriod.finished, ...fact },
    );
    wins[i] = result === 10 ? 1 : 0;
  });
  samples.wins.set(key, wins);
  return wins;
}

/**
 * settleSelection's verdict for picks that cannot push (no line, or a half line), without its checks: the
 * builder judges every leg on tens of thousands of simulated matches (a test holds the two to agreement).
 */
export function wholeStakeWins(
  market: Market,
  outcome: Outcome,
  placement: Score,
  fact: FinalFacts,
): boolean {
  const first = market.period === 'firstHalf';
  const counted = isCornersMarket(market.type)
    ? first
      ? fact.firstHalfCorners
      : fact.corners
    : first
      ? fact.halfTimeScore
      : fact.score;
  const margin = counted.home - counted.away;
  switch (market.type) {
    case 'winAlone':
      return outcome === 'home' ? margin > 0 : outcome === 'away' ? margin < 0 : margin === 0;
    case 'oddEven':
      return ((counted.home + counted.away) % 2 === 0) === (outcome === 'even');
    case 'total':
    case 'cornersTotal':
      return outcome === 'over'
        ? counted.home + counted.away > market.line!
        : counted.home + counted.away < market.line!;
    case 'handicap':
    case 'cornersHandicap': {
      const counts = market.type === 'handicap' ? margin - (placement.home - placement.away) : margin;
      return outcome === 'home' ? counts + market.line! > 0 : counts + market.line! < 0;
    }
  }
}

/** A fair probability from a board market's odds: the implied probabilities with the overround taken out. */
function boardFair(entry: BoardMarket | undefined, outcome: Outcome): Target | undefined {
  if (!entry) return undefined;
  const implied = entry.odds.map((o) => ({ outcome: o.outcome, p: 1000 / o.oddsMilli }));
  const total = implied.reduce((sum, o) => sum + o.p, 0);
  const mine = implied.find((o) => o.outcome === outcome);
  return mine ? { market: entry.market, outcome, probability: mine.p / total } : undefined;
}

interface Target {
  readonly market: Market;
  readonly outcome: Outcome;
  readonly probability: number;
}

const isHalfLine = (line: number | undefined) => line !== undefined && Math.abs(line * 2) % 2 === 1;

/** The board's targets a model must reproduce: 1X2 (or corner handicap) and the half-line total nearest evens. */
function targetsOf(board: readonly BoardMarket[], kind: 'goals' | 'corners'): Target[] {
  const totalType = kind === 'goals' ? 'total' : 'cornersTotal';
  const sideType = kind === 'goals' ? 'winAlone' : 'cornersHandicap';
  const full = (type: string) =>
    board.filter(
      (entry) =>
        entry.market.type === type &&
        entry.market.period === 'full' &&
        (type === 'winAlone' || isHalfLine(entry.market.line)),
    );
  const totals = full(totalType)
    .map((entry) => boardFair(entry, 'over'))
    .filter((t): t is Target => t !== undefined)
    .sort((a, b) => Math.abs(a.probability - 0.5) - Math.abs(b.probability - 0.5));
  const side = full(sideType)[0];
  const targets = [boardFair(side, 'home'), totals[0]];
  if (kind === 'goals') targets.push(boardFair(side, 'away'));
  return targets.filter((t): t is Target => t !== undefined);
}

function misfit(model: FootballModel, live: BuilderLiveState | undefined, targets: readonly Target[]) {
  const period = footballDistributions(model, live && { ...live }).full!;
  let error = 0;
  for (const target of targets) {
    const fair = fairProbabilities('football', period, target.market).find(
      (o) => o.outcome === target.outcome,
    );
    error += ((fair?.fairProbability ?? 0) - target.probability) ** 2;
  }
  return error;
}

/** Coordinate search on the two expectations (log scale), halving the step; deterministic. */
function search(start: [number, number], cost: (a: number, b: number) => number): [number, number] {
  let point = start;
  let best = cost(...point);
  for (let step = 0.5; step > 1e-4; step /= 2) {
    for (let improved = true; improved; ) {
      improved = false;
      for (const [da, db] of [
        [step, 0],
        [-step, 0],
        [0, step],
        [0, -step],
      ] as const) {
        const next: [number, number] = [point[0] * Math.exp(da), point[1] * Math.exp(db)];
        const value = cost(...next);
        if (value < best - 1e-15) [point, best, improved] = [next, value, true];
      }
    }
  }
  return point;
}

/**
 * The football model behind a board: the goal and corner expectations that reproduce its 1X2 and main totals
 * (and corner handicap), with the overround taken out, at the live state. Used for boards the feed did not
 * price from a model of ours (operator-entered odds, a partner's feed).
 */
export function fitFootballModel(board: readonly BoardMarket[], live?: BuilderLiveState): FootballModel {
  const goals = targetsOf(board, 'goals');
  const corners = targetsOf(board, 'corners');
  const [homeGoalsExpected, awayGoalsExpected] = search([1.4, 1.1], (h, a) =>
    misfit(
      { homeGoalsExpected: h, awayGoalsExpected: a, homeCornersExpected: 5, awayCornersExpected: 5 },
      live,
      goals,
    ),
  );
  const [homeCornersExpected, awayCornersExpected] =
    corners.length === 0
      ? [5.5, 4.5]
      : search([5.5, 4.5], (h, a) =>
          misfit(
            { homeGoalsExpected, awayGoalsExpected, homeCornersExpected: h, awayCornersExpected: a },
            live,
            corners,
          ),
        );
  return { homeGoalsExpected, awayGoalsExpected, homeCornersExpected, awayCornersExpected };
}
