import type { FootballModel } from './football.ts';
import { standardNormalCdf } from './pmf.ts';
import type { MatchFacts } from './settlement.ts';
import type { OtherSportCode, SportModel } from './sportModels.ts';
import { sportTraits } from './traits.ts';
import { type MatchPeriodCode, matchPeriod, type Score, type SportCode } from './vocabulary.ts';

/** A seedable source of uniform numbers in [0, 1). */
export type Rng = () => number;

/**
 * Deterministic PRNG from a 32-bit seed: a Weyl sequence (golden-ratio increments) scrambled by an
 * integer avalanche mix. Plenty for a simulated feed; not for anything security-related.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    return (z >>> 0) / 4294967296;
  };
}

function samplePoisson(rng: Rng, mean: number): number {
  // Multiplying uniforms until below e^−mean (fine for the small means simulated here).
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * sampleStandardNormal(rng)));
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rng(); product > limit; product *= rng()) count++;
  return count;
}

function sampleStandardNormal(rng: Rng): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

export type Side = 'home' | 'away';

/** Timeline events, `atSecond` on the simulated match clock (half-time breaks included). */
export type MatchEvent =
  | { readonly atSecond: number; readonly kind: 'period'; readonly periodCode: MatchPeriodCode }
  | { readonly atSecond: number; readonly kind: 'score'; readonly side: Side; readonly points: number }
  | { readonly atSecond: number; readonly kind: 'corner'; readonly side: Side };

export interface SimulatedMatch {
  readonly sport: SportCode;
  readonly events: readonly MatchEvent[];
  /** Clock second of the final whistle (period −1). */
  readonly durationSeconds: number;
  /** Official winner, as settlement needs it for sports not decided by score. */
  readonly winner: Side | 'draw';
}

interface Timing {
  /** Regulation playing time, split in two equal halves when the sport has halves. */
  readonly playSeconds: number;
  readonly breakSeconds: number;
  /** Overtime length where a tie goes to overtime; 0 where the sport has none. */
  readonly overtimeSeconds: number;
  /** Typical scoring chunks (basketball: 2s, 3s and free throws). */
  readonly chunks: readonly number[];
}

// Simulated clock lengths (the server accelerates them); not an official rulebook.
const timings: Readonly<Record<SportCode, Timing>> = {
  football: { playSeconds: 5400, breakSeconds: 900, overtimeSeconds: 0, chunks: [1] },
  basketball: { playSeconds: 2880, breakSeconds: 900, overtimeSeconds: 300, chunks: [2, 2, 2, 3, 1] },
  americanFootball: { playSeconds: 3600, breakSeconds: 780, overtimeSeconds: 600, chunks: [7, 3, 7, 3, 6] },
  baseball: { playSeconds: 10800, breakSeconds: 0, overtimeSeconds: 1200, chunks: [1, 1, 2, 1, 3] },
  cricket: { playSeconds: 12000, breakSeconds: 0, overtimeSeconds: 0, chunks: [1, 1, 4, 2, 6] },
  snooker: { playSeconds: 10800, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
  tennis: { playSeconds: 6000, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
  volleyball: { playSeconds: 6000, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
  badminton: { playSeconds: 3000, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
  tableTennis: { playSeconds: 1800, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
  boxing: { playSeconds: 2160, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
  racing: { playSeconds: 120, breakSeconds: 0, overtimeSeconds: 0, chunks: [1] },
};

const hasHalves = (sport: SportCode): boolean => sportTraits[sport].firstHalfShare !== null;

/** A clock second inside [start, start + length), away from the edges so period events come first/last. */
function sampleSecond(rng: Rng, start: number, length: number): number {
  return start + 1 + Math.floor(rng() * Math.max(1, length - 2));
}

/** Clock window of the first or second half (the whole match for sports without halves). */
function halfWindow(sport: SportCode, half: 0 | 1): { start: number; length: number } {
  const { playSeconds, breakSeconds } = timings[sport];
  if (!hasHalves(sport)) return { start: 0, length: playSeconds };
  const length = playSeconds / 2;
  return { start: half === 0 ? 0 : length + breakSeconds, length };
}

function regulationEnd(sport: SportCode): number {
  return timings[sport].playSeconds + (hasHalves(sport) ? timings[sport].breakSeconds : 0);
}

function periodEvents(sport: SportCode, overtime: boolean): MatchEvent[] {
  const end = regulationEnd(sport);
  const events: MatchEvent[] = [{ atSecond: 0, kind: 'period', periodCode: matchPeriod.firstHalf }];
  if (hasHalves(sport)) {
    const half = timings[sport].playSeconds / 2;
    events.push({ atSecond: half, kind: 'period', periodCode: matchPeriod.midfield });
    events.push({
      atSecond: half + timings[sport].breakSeconds,
      kind: 'period',
      periodCode: matchPeriod.secondHalf,
    });
  }
  if (overtime) events.push({ atSecond: end, kind: 'period', periodCode: matchPeriod.overtime });
  const finish = end + (overtime ? timings[sport].overtimeSeconds : 0);
  events.push({ atSecond: finish, kind: 'period', periodCode: matchPeriod.finished });
  return events;
}

function byTime(events: MatchEvent[]): MatchEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.atSecond - b.event.atSecond || a.index - b.index)
    .map(({ event }) => event);
}

/** Football: Poisson goals and corners per side and half, at uniform times within the half. */
function simulateFootball(model: FootballModel, rng: Rng): SimulatedMatch {
  const share = model.firstHalfShare ?? sportTraits.football.firstHalfShare!;
  const events = periodEvents('football', false);
  const goals = { home: 0, away: 0 };
  for (const half of [0, 1] as const) {
    const { start, length } = halfWindow('football', half);
    const halfShare = half === 0 ? share : 1 - share;
    for (const side of ['home', 'away'] as const) {
      const goalsExpected = side === 'home' ? model.homeGoalsExpected : model.awayGoalsExpected;
      const cornersExpected = side === 'home' ? model.homeCornersExpected : model.awayCornersExpected;
      const goalCount = samplePoisson(rng, goalsExpected * halfShare);
      goals[side] += goalCount;
      for (let i = 0; i < goalCount; i++) {
        events.push({ atSecond: sampleSecond(rng, start, length), kind: 'score', side, points: 1 });
      }
      for (let i = samplePoisson(rng, cornersExpected * halfShare); i > 0; i--) {
        events.push({ atSecond: sampleSecond(rng, start, length), kind: 'corner', side });
      }
    }
  }
  const winner = goals.home > goals.away ? 'home' : goals.home < goals.away ? 'away' : 'draw';
  return { sport: 'football', events: byTime(events), durationSeconds: regulationEnd('football'), winner };
}

function scoringEvents(
  sport: SportCode,
  side: Side,
  points: number,
  rng: Rng,
  window: () => { start: number; length: number },
): MatchEvent[] {
  const { chunks } = timings[sport];
  const events: MatchEvent[] = [];
  for (let left = points; left > 0; ) {
    const chunk = Math.min(left, chunks[Math.floor(rng() * chunks.length)]!);
    const { start, length } = window();
    events.push({ atSecond: sampleSecond(rng, start, length), kind: 'score', side, points: chunk });
    left -= chunk;
  }
  return events;
}

/**
 * Other sports: draw the final margin and total from the pricing model's normals, then spread the
 * scoring over the match. A regulation tie goes to overtime (basketball, American football, baseball);
 * elsewhere in score-based sports one extra unit decides it (a simplification of tie-breaks).
 */
function simulateOtherSport(sport: OtherSportCode, model: SportModel, rng: Rng): SimulatedMatch {
  const traits = sportTraits[sport];
  const expectedTotal = model.expectedTotal ?? traits.typicalTotal;
  const marginSd = traits.marginSdFactor * Math.sqrt(expectedTotal);
  const margin = model.expectedMargin + marginSd * sampleStandardNormal(rng);
  if (traits.scoreUnit === 'none') {
    // Boxing and racing: only the result matters. A rounded margin of 0 is a (refunding) draw in boxing.
    const rounded = Math.round(margin);
    const winner =
      rounded > 0
        ? 'home'
        : rounded < 0
          ? 'away'
          : sport === 'boxing'
            ? 'draw'
            : margin >= 0
              ? 'home'
              : 'away';
    return { sport, events: periodEvents(sport, false), durationSeconds: regulationEnd(sport), winner };
  }
  const total = Math.max(
    0,
    expectedTotal + traits.totalSdFactor * Math.sqrt(expectedTotal) * sampleStandardNormal(rng),
  );
  const score = {
    home: Math.max(0, Math.round((total + margin) / 2)),
    away: Math.max(0, Math.round((total - margin) / 2)),
  };
  const share = traits.firstHalfShare ?? 1;
  const window = () => halfWindow(sport, rng() < share ? 0 : 1);
  const events: MatchEvent[] = [
    ...scoringEvents(sport, 'home', score.home, rng, window),
    ...scoringEvents(sport, 'away', score.away, rng, window),
  ];
  const { overtimeSeconds } = timings[sport];
  const overtime = score.home === score.away && overtimeSeconds > 0;
  let final = score;
  if (score.home === score.away) {
    // The stronger side is likelier to take the deciding unit.
    const side: Side = rng() < standardNormalCdf(model.expectedMargin / marginSd) ? 'home' : 'away';
    const points = timings[sport].chunks[0]!;
    const atSecond = overtime
      ? sampleSecond(rng, regulationEnd(sport), overtimeSeconds)
      : regulationEnd(sport) - 1;
    events.push({ atSecond, kind: 'score', side, points });
    final = { ...score, [side]: score[side] + points };
  }
  const winner = final.home > final.away ? 'home' : 'away';
  const durationSeconds = regulationEnd(sport) + (overtime ? overtimeSeconds : 0);
  return { sport, events: byTime([...periodEvents(sport, overtime), ...events]), durationSeconds, winner };
}

export type SimulationInput =
  | { readonly sport: 'football'; readonly model: FootballModel; readonly seed: number }
  | { readonly sport: OtherSportCode; readonly model: SportModel; readonly seed: number };

/** The whole timeline of a simulated match; the same input always gives the same timeline. */
export function simulateMatch(input: SimulationInput): SimulatedMatch {
  const rng = createRng(input.seed);
  return input.sport === 'football'
    ? simulateFootball(input.model, rng)
    : simulateOtherSport(input.sport, input.model, rng);
}

/** Match facts at a clock second, plus what in-play pricing needs (minute, progress, corners). */
export interface MatchState extends MatchFacts {
  readonly elapsedSeconds: number;
  /** Share of the regulation playing time played, 0–1. */
  readonly progress: number;
  /** Match minute (for football 0–90, the FootballLiveState minute). */
  readonly minute: number;
  readonly corners: Score;
}

function progressAt(sport: SportCode, elapsedSeconds: number): number {
  const { playSeconds, breakSeconds } = timings[sport];
  const half = playSeconds / 2;
  let played = elapsedSeconds;
  if (hasHalves(sport) && elapsedSeconds > half) played = Math.max(half, elapsedSeconds - breakSeconds);
  return Math.min(1, Math.max(0, played / playSeconds));
}

/** Folds the timeline up to `elapsedSeconds` (events at exactly that second included). */
export function matchStateAt(match: SimulatedMatch, elapsedSeconds: number): MatchState {
  let periodCode: MatchPeriodCode = matchPeriod.notOpen;
  let score: Score = { home: 0, away: 0 };
  let corners: Score = { home: 0, away: 0 };
  let scoreAfterOvertime: Score | undefined;
  let halfTimeScore: Score | undefined;
  let firstHalfCorners: Score | undefined;
  const add = (count: Score, side: Side, points: number): Score => ({
    ...count,
    [side]: count[side] + points,
  });
  for (const event of match.events) {
    if (event.atSecond > elapsedSeconds) break;
    if (event.kind === 'period') {
      periodCode = event.periodCode;
      if (periodCode === matchPeriod.midfield) {
        halfTimeScore = score;
        firstHalfCorners = corners;
      }
      if (periodCode === matchPeriod.overtime) scoreAfterOvertime = score;
    } else if (event.kind === 'corner') {
      corners = add(corners, event.side, 1);
    } else if (periodCode === matchPeriod.overtime && scoreAfterOvertime) {
      scoreAfterOvertime = add(scoreAfterOvertime, event.side, event.points);
    } else {
      score = add(score, event.side, event.points);
    }
  }
  const progress = progressAt(match.sport, elapsedSeconds);
  const regulationMinutes = timings[match.sport].playSeconds / 60;
  return {
    sport: match.sport,
    periodCode,
    elapsedSeconds,
    progress,
    minute: progress * regulationMinutes,
    score,
    corners,
    ...(scoreAfterOvertime && { scoreAfterOvertime }),
    ...(halfTimeScore && { halfTimeScore }),
    ...(firstHalfCorners && { firstHalfCorners }),
    ...(periodCode === matchPeriod.finished && { winner: match.winner }),
  };
}
