import type { FootballModel } from './football.ts';
import { standardNormalCdf } from './pmf.ts';
import type { MatchFacts } from './settlement.ts';
import type { OtherSportCode, SportModel } from './sportModels.ts';
import { type ScoreDetail, segmentWinner, sportStructure } from './structure.ts';
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
  | {
      readonly atSecond: number;
      readonly kind: 'score';
      readonly side: Side;
      readonly points: number;
      /** 0-based half, quarter, set, inning, frame… the points count in (see ScoreDetail). */
      readonly segment: number;
    }
  | { readonly atSecond: number; readonly kind: 'corner'; readonly side: Side }
  /** A segment starts (baseball: `part` 0 is the top of the inning, 1 the bottom). */
  | { readonly atSecond: number; readonly kind: 'segment'; readonly segment: number; readonly part?: 0 | 1 }
  /** Snooker: a frame's final points, which are not the match score (frames are). */
  | { readonly atSecond: number; readonly kind: 'tally'; readonly segment: number; readonly tally: Score }
  /** Cricket: a legal ball faced, and a wicket lost, by the batting side. */
  | { readonly atSecond: number; readonly kind: 'ball'; readonly side: Side }
  | { readonly atSecond: number; readonly kind: 'wicket'; readonly side: Side }
  /** Boxing: a knockout or stoppage by `side`, which ends the fight. */
  | { readonly atSecond: number; readonly kind: 'stoppage'; readonly side: Side; readonly segment: number };

export interface SimulatedMatch {
  readonly sport: SportCode;
  readonly events: readonly MatchEvent[];
  /** Clock second of the final whistle (period −1). */
  readonly durationSeconds: number;
  /** How long a match of the sport lasts on the clock when played to the distance (a feed paces by it, so a
   * knockout or a quick straight-sets win ends early instead of slowing the clock down). */
  readonly scheduledSeconds: number;
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

/** Sports played in two timed halves (a clock break between them). */
const hasHalves = (sport: SportCode): boolean =>
  sport === 'football' || sport === 'basketball' || sport === 'americanFootball';

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

function scheduledSeconds(sport: SportCode): number {
  return regulationEnd(sport) + timings[sport].overtimeSeconds;
}

/**
 * The period codes of a match. `firstPartEnd`: where a sport's first part ends by play rather than by the clock
 * (the first set or game, baseball's fifth inning): the half-time codes come a second after it, so firstHalf
 * markets settle on that part.
 */
function periodEvents(
  sport: SportCode,
  overtime: boolean,
  finish: number,
  firstPartEnd?: number,
): MatchEvent[] {
  const end = regulationEnd(sport);
  const events: MatchEvent[] = [{ atSecond: 0, kind: 'period', periodCode: matchPeriod.firstHalf }];
  if (firstPartEnd !== undefined && firstPartEnd + 1 < finish) {
    events.push({ atSecond: firstPartEnd + 1, kind: 'period', periodCode: matchPeriod.midfield });
    events.push({ atSecond: firstPartEnd + 1, kind: 'period', periodCode: matchPeriod.secondHalf });
  } else if (hasHalves(sport)) {
    const half = timings[sport].playSeconds / 2;
    events.push({ atSecond: half, kind: 'period', periodCode: matchPeriod.midfield });
    events.push({
      atSecond: half + timings[sport].breakSeconds,
      kind: 'period',
      periodCode: matchPeriod.secondHalf,
    });
  }
  if (overtime) events.push({ atSecond: end, kind: 'period', periodCode: matchPeriod.overtime });
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
  const events = periodEvents('football', false, regulationEnd('football'));
  const goals = { home: 0, away: 0 };
  for (const half of [0, 1] as const) {
    const { start, length } = halfWindow('football', half);
    events.push({ atSecond: start, kind: 'segment', segment: half });
    const halfShare = half === 0 ? share : 1 - share;
    for (const side of ['home', 'away'] as const) {
      const goalsExpected = side === 'home' ? model.homeGoalsExpected : model.awayGoalsExpected;
      const cornersExpected = side === 'home' ? model.homeCornersExpected : model.awayCornersExpected;
      const goalCount = samplePoisson(rng, goalsExpected * halfShare);
      goals[side] += goalCount;
      for (let i = 0; i < goalCount; i++) {
        events.push({
          atSecond: sampleSecond(rng, start, length),
          kind: 'score',
          side,
          points: 1,
          segment: half,
        });
      }
      for (let i = samplePoisson(rng, cornersExpected * halfShare); i > 0; i--) {
        events.push({ atSecond: sampleSecond(rng, start, length), kind: 'corner', side });
      }
    }
  }
  const winner = goals.home > goals.away ? 'home' : goals.home < goals.away ? 'away' : 'draw';
  return {
    sport: 'football',
    events: byTime(events),
    durationSeconds: regulationEnd('football'),
    scheduledSeconds: scheduledSeconds('football'),
    winner,
  };
}

/** The chance that home takes one unit (point, game, frame) when the model expects this margin over this total. */
function unitChance(model: SportModel, expectedTotal: number, low = 0.2, high = 0.8): number {
  return Math.min(high, Math.max(low, 0.5 + model.expectedMargin / (2 * expectedTotal)));
}

/** Evenly spaced clock seconds for `count` things inside a window, in order. */
function spaced(count: number, start: number, length: number): number[] {
  return Array.from({ length: count }, (_, i) => start + Math.floor(((i + 1) * length) / (count + 1)));
}

interface Built {
  events: MatchEvent[];
  end: number;
  winner: Side | 'draw';
  overtime: boolean;
  /** Where the first set/game or baseball's fifth inning ended (firstHalf markets settle there). */
  firstPartEnd?: number;
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/**
 * Best-of formats played unit by unit: volleyball (sets to 25, the fifth to 15), badminton (games to 21, at
 * most 30), table tennis (games to 11), all won by two clear points; snooker frames (one unit each, with the
 * frame's points as its tally). The match stops as soon as one side has won the majority.
 */
interface RallyRules {
  readonly target: number;
  readonly lastTarget: number;
  readonly cap: number;
}
const rallyRules: Partial<Record<SportCode, RallyRules>> = {
  volleyball: { target: 25, lastTarget: 15, cap: Number.POSITIVE_INFINITY },
  badminton: { target: 21, lastTarget: 21, cap: 30 },
  tableTennis: { target: 11, lastTarget: 11, cap: Number.POSITIVE_INFINITY },
};

type Unit = { side: Side; segment: number; tally?: Score };

function bestOfUnits(sport: SportCode, p: number, rng: Rng): { units: Unit[]; winner: Side } {
  const segments = sportStructure[sport].segments;
  const needed = Math.ceil(segments / 2);
  const won = { home: 0, away: 0 };
  const units: Unit[] = [];
  for (let segment = 0; won.home < needed && won.away < needed; segment++) {
    let winner: Side;
    if (sport === 'tennis') {
      winner = tennisSet(p, rng, segment, units);
    } else if (sport === 'snooker') {
      winner = rng() < p ? 'home' : 'away';
      const winning = 55 + Math.floor(rng() * 70);
      const losing = Math.floor(rng() * Math.min(70, winning - 1));
      const tally = winner === 'home' ? { home: winning, away: losing } : { home: losing, away: winning };
      units.push({ side: winner, segment, tally });
    } else {
      const rules = rallyRules[sport]!;
      const target = segment === segments - 1 ? rules.lastTarget : rules.target;
      const points = { home: 0, away: 0 };
      for (;;) {
        const side: Side = rng() < p ? 'home' : 'away';
        points[side]++;
        units.push({ side, segment });
        const lead = points[side] - points[other(side)];
        if ((points[side] >= target && lead >= 2) || points[side] >= rules.cap) break;
      }
      winner = points.home > points.away ? 'home' : 'away';
    }
    won[winner]++;
  }
  return { units, winner: won.home > won.away ? 'home' : 'away' };
}

/** One tennis set game by game (the server alternates; serve is worth ~12 points of hold), 7-6 by tie-break. */
function tennisSet(p: number, rng: Rng, segment: number, units: Unit[]): Side {
  const games = { home: 0, away: 0 };
  for (let game = 0; ; game++) {
    if (games.home === 6 && games.away === 6) {
      const side: Side = rng() < 0.5 + (p - 0.5) / 2 ? 'home' : 'away';
      units.push({ side, segment });
      return side;
    }
    const homeServes = (game + segment) % 2 === 0;
    const chance = homeServes ? Math.min(0.95, p + 0.12) : Math.max(0.05, p - 0.12);
    const side: Side = rng() < chance ? 'home' : 'away';
    games[side]++;
    units.push({ side, segment });
    const lead = games[side] - games[other(side)];
    if ((games[side] >= 6 && lead >= 2) || games[side] === 7) return side;
  }
}

/** Best-of sports: units spread evenly over the clock, each segment opened by a `segment` event. */
function simulateBestOf(sport: SportCode, model: SportModel, rng: Rng): Built {
  const expectedTotal = model.expectedTotal ?? sportTraits[sport].typicalTotal;
  const { units, winner } = bestOfUnits(sport, unitChance(model, expectedTotal), rng);
  const { playSeconds } = timings[sport];
  // Units spread evenly up to the scheduled length: a match of few sets is played slower, not shorter, so the
  // next kick-off of the sport finds it just over (the board is never without a live match of the sport).
  const times = [...spaced(units.length, 0, playSeconds - 1), playSeconds];
  const events: MatchEvent[] = [];
  let segment = -1;
  units.forEach((unit, index) => {
    const atSecond = times[index]!;
    if (unit.segment !== segment) {
      segment = unit.segment;
      // A frame is one unit: it starts right after the previous one ends, so it is seen in play (0-0).
      const startsAt = segment === 0 ? 0 : sport === 'snooker' ? times[index - 1]! + 1 : atSecond;
      events.push({ atSecond: startsAt, kind: 'segment', segment });
    }
    events.push({ atSecond, kind: 'score', side: unit.side, points: 1, segment });
    if (unit.tally) events.push({ atSecond, kind: 'tally', segment, tally: unit.tally });
  });
  const firstSetUnits = units.filter((unit) => unit.segment === 0).length;
  const firstPartEnd = sportTraits[sport].periods.includes('firstHalf')
    ? times[firstSetUnits - 1]
    : undefined;
  return {
    events,
    end: times[units.length]!,
    winner,
    overtime: false,
    ...(firstPartEnd !== undefined && { firstPartEnd }),
  };
}

/** Quarters (basketball, American football): the final margin and total from the pricing model's normals,
 * scoring chunks dealt to random quarters; a regulation tie goes to an overtime period. */
function simulateQuarters(sport: OtherSportCode, model: SportModel, rng: Rng): Built {
  const traits = sportTraits[sport];
  const expectedTotal = model.expectedTotal ?? traits.typicalTotal;
  const marginSd = traits.marginSdFactor * Math.sqrt(expectedTotal);
  const margin = model.expectedMargin + marginSd * sampleStandardNormal(rng);
  const total = Math.max(
    0,
    expectedTotal + traits.totalSdFactor * Math.sqrt(expectedTotal) * sampleStandardNormal(rng),
  );
  const score = {
    home: Math.max(0, Math.round((total + margin) / 2)),
    away: Math.max(0, Math.round((total - margin) / 2)),
  };
  const { chunks, playSeconds, breakSeconds, overtimeSeconds } = timings[sport];
  const quarter = playSeconds / 4;
  const quarterStart = (q: number) => q * quarter + (q >= 2 ? breakSeconds : 0);
  const events: MatchEvent[] = [0, 1, 2, 3].map((q) => ({
    atSecond: quarterStart(q),
    kind: 'segment' as const,
    segment: q,
  }));
  for (const side of ['home', 'away'] as const) {
    for (let left = score[side]; left > 0; ) {
      const points = Math.min(left, chunks[Math.floor(rng() * chunks.length)]!);
      const q = Math.floor(rng() * 4);
      events.push({
        atSecond: sampleSecond(rng, quarterStart(q), quarter),
        kind: 'score',
        side,
        points,
        segment: q,
      });
      left -= points;
    }
  }
  const end = regulationEnd(sport);
  if (score.home !== score.away) {
    return { events, end, winner: score.home > score.away ? 'home' : 'away', overtime: false };
  }
  const side: Side = rng() < standardNormalCdf(model.expectedMargin / marginSd) ? 'home' : 'away';
  events.push({ atSecond: end, kind: 'segment', segment: 4 });
  events.push({
    atSecond: sampleSecond(rng, end, overtimeSeconds),
    kind: 'score',
    side,
    points: chunks[0]!,
    segment: 4,
  });
  return { events, end: end + overtimeSeconds, winner: side, overtime: true };
}

/** Baseball: Poisson runs per half-inning; no bottom of the ninth when home leads; extra innings while level,
 * and a home side that takes the lead in the bottom of the ninth or later wins on the spot. */
function simulateBaseball(model: SportModel, rng: Rng): Built {
  const expectedTotal = model.expectedTotal ?? sportTraits.baseball.typicalTotal;
  const perInning = {
    home: Math.max(0.05, (expectedTotal + model.expectedMargin) / 2 / 9),
    away: Math.max(0.05, (expectedTotal - model.expectedMargin) / 2 / 9),
  };
  const inningSeconds = timings.baseball.playSeconds / 9;
  const runs = { home: 0, away: 0 };
  const events: MatchEvent[] = [];
  let inning = 0;
  for (; inning < 9 || runs.home === runs.away; inning++) {
    const start = inning * inningSeconds;
    events.push({ atSecond: start, kind: 'segment', segment: inning, part: 0 });
    for (
      let r = inning >= 14 && runs.home === runs.away ? 0 : samplePoisson(rng, perInning.away);
      r > 0;
      r--
    ) {
      events.push({
        atSecond: sampleSecond(rng, start, inningSeconds / 2),
        kind: 'score',
        side: 'away',
        points: 1,
        segment: inning,
      });
    }
    runs.away = events.reduce((sum, e) => sum + (e.kind === 'score' && e.side === 'away' ? e.points : 0), 0);
    if (inning >= 8 && runs.home > runs.away)
      return finishBaseball(events, runs, inning, start + inningSeconds / 2);
    events.push({ atSecond: start + inningSeconds / 2, kind: 'segment', segment: inning, part: 1 });
    let homeRuns = samplePoisson(rng, perInning.home);
    // From the 15th inning the simulation forces a decision (a real game would go on).
    if (inning >= 14 && runs.home + homeRuns === runs.away) homeRuns++;
    const walkOff = inning >= 8 ? runs.away - runs.home + 1 : Number.POSITIVE_INFINITY;
    const scored = Math.min(homeRuns, Math.max(0, walkOff));
    const times = Array.from({ length: scored }, () =>
      sampleSecond(rng, start + inningSeconds / 2, inningSeconds / 2),
    ).sort((a, b) => a - b);
    for (const atSecond of times)
      events.push({ atSecond, kind: 'score', side: 'home', points: 1, segment: inning });
    runs.home += scored;
    if (inning >= 8 && runs.home > runs.away) {
      return finishBaseball(events, runs, inning, (times.at(-1) ?? start + inningSeconds / 2) + 1);
    }
  }
  return finishBaseball(events, runs, inning - 1, inning * inningSeconds);
}

function finishBaseball(events: MatchEvent[], runs: Score, inning: number, at: number): Built {
  const inningSeconds = timings.baseball.playSeconds / 9;
  // The first five innings end with the fifth inning's window (its runs fall inside it).
  const firstPartEnd = 5 * inningSeconds - 2;
  // Extra innings are overtime: they start where regulation's nine innings end.
  const overtime = inning >= 9;
  const end = overtime ? Math.max(at, 9 * inningSeconds + 1) : at;
  return { events, end, winner: runs.home > runs.away ? 'home' : 'away', overtime, firstPartEnd };
}

/** Cricket (T20): home bats first for up to 20 overs or 10 wickets; away chases and stops once past it.
 * A tie is settled by a super over (the winner only; the runs stay level). */
function simulateCricket(model: SportModel, rng: Rng): Built {
  const traits = sportTraits.cricket;
  const expectedTotal = model.expectedTotal ?? traits.typicalTotal;
  const sd = traits.totalSdFactor * Math.sqrt(expectedTotal) * 0.7;
  const half = timings.cricket.playSeconds / 2;
  const events: MatchEvent[] = [];
  const innings = (side: Side, segment: number, planned: number, target: number | null): number => {
    const start = segment * half;
    events.push({ atSecond: start, kind: 'segment', segment });
    const wicketBalls = new Set<number>();
    const wickets = Math.min(10, Math.max(1, Math.round(3 + rng() * 6 + (planned < 140 ? 3 : 0))));
    // All out before the overs run out only when the innings goes badly.
    const lastBall = wickets === 10 ? 90 + Math.floor(rng() * 30) : 120;
    if (wickets === 10) wicketBalls.add(lastBall);
    while (wicketBalls.size < wickets) wicketBalls.add(1 + Math.floor(rng() * lastBall));
    let runs = 0;
    for (let ball = 1; ball <= lastBall; ball++) {
      const expected = (planned - runs) / (lastBall - ball + 1);
      const made = wicketBalls.has(ball)
        ? 0
        : Math.max(0, Math.min(6, Math.round(expected + (rng() - 0.5) * 3)));
      const atSecond = start + Math.floor((ball * half) / 121);
      if (wicketBalls.has(ball)) events.push({ atSecond, kind: 'wicket', side });
      events.push({ atSecond, kind: 'ball', side });
      if (made > 0) events.push({ atSecond, kind: 'score', side, points: made, segment });
      runs += made;
      if (target !== null && runs > target) return start + Math.floor(((ball + 1) * half) / 121);
    }
    return start + half;
  };
  const homePlanned = Math.max(
    60,
    Math.round((expectedTotal + model.expectedMargin) / 2 + sd * sampleStandardNormal(rng)),
  );
  const awayPlanned = Math.max(
    60,
    Math.round((expectedTotal - model.expectedMargin) / 2 + sd * sampleStandardNormal(rng)),
  );
  innings('home', 0, homePlanned, null);
  const homeRuns = sumRuns(events, 'home');
  const end = innings('away', 1, awayPlanned, homeRuns);
  const awayRuns = sumRuns(events, 'away');
  const winner: Side =
    homeRuns !== awayRuns
      ? homeRuns > awayRuns
        ? 'home'
        : 'away'
      : rng() < standardNormalCdf(model.expectedMargin / (traits.marginSdFactor * Math.sqrt(expectedTotal)))
        ? 'home'
        : 'away';
  return { events, end, winner, overtime: false };
}

const sumRuns = (events: readonly MatchEvent[], side: Side) =>
  events.reduce((sum, e) => sum + (e.kind === 'score' && e.side === side ? e.points : 0), 0);

/** Boxing: twelve three-minute rounds; a stoppage can end it in any round, else the judges' margin decides
 * (a level card is a draw). */
function simulateBoxing(model: SportModel, rng: Rng): Built {
  const { playSeconds } = timings.boxing;
  const rounds = sportStructure.boxing.segments;
  const round = playSeconds / rounds;
  const events: MatchEvent[] = [];
  const strength = standardNormalCdf(model.expectedMargin / 10);
  for (let r = 0; r < rounds; r++) {
    events.push({ atSecond: r * round, kind: 'segment', segment: r });
    if (rng() < 0.035) {
      const side: Side = rng() < strength ? 'home' : 'away';
      const atSecond = sampleSecond(rng, r * round, round);
      events.push({ atSecond, kind: 'stoppage', side, segment: r });
      return { events, end: atSecond + 1, winner: side, overtime: false };
    }
  }
  const margin = Math.round(model.expectedMargin + 10 * sampleStandardNormal(rng));
  return {
    events,
    end: playSeconds,
    winner: margin > 0 ? 'home' : margin < 0 ? 'away' : 'draw',
    overtime: false,
  };
}

/** Racing (head-to-head of two runners): only who finishes ahead matters. */
function simulateRace(model: SportModel, rng: Rng): Built {
  const margin = model.expectedMargin + 10 * sampleStandardNormal(rng);
  const events: MatchEvent[] = [{ atSecond: 0, kind: 'segment', segment: 0 }];
  return { events, end: timings.racing.playSeconds, winner: margin >= 0 ? 'home' : 'away', overtime: false };
}

/** Every sport but football, each by its own rules (see sportStructure). */
function simulateOtherSport(sport: OtherSportCode, model: SportModel, rng: Rng): SimulatedMatch {
  let built: Built;
  if (sportStructure[sport].bestOf) built = simulateBestOf(sport, model, rng);
  else if (sport === 'basketball' || sport === 'americanFootball')
    built = simulateQuarters(sport, model, rng);
  else if (sport === 'baseball') built = simulateBaseball(model, rng);
  else if (sport === 'cricket') built = simulateCricket(model, rng);
  else if (sport === 'boxing') built = simulateBoxing(model, rng);
  else built = simulateRace(model, rng);
  const periods = periodEvents(sport, built.overtime, built.end, built.firstPartEnd);
  return {
    sport,
    events: byTime([...periods, ...built.events]),
    durationSeconds: built.end,
    scheduledSeconds: scheduledSeconds(sport),
    winner: built.winner,
  };
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
  /** The score in the sport's own units (sets and games, quarters, innings, rounds, frames). */
  readonly scoreDetail: ScoreDetail;
}

function progressAt(sport: SportCode, elapsedSeconds: number): number {
  const { playSeconds, breakSeconds } = timings[sport];
  const half = playSeconds / 2;
  let played = elapsedSeconds;
  if (hasHalves(sport) && elapsedSeconds > half) played = Math.max(half, elapsedSeconds - breakSeconds);
  return Math.min(1, Math.max(0, played / playSeconds));
}

/** The running totals while a timeline is folded. */
interface Fold {
  periodCode: MatchPeriodCode;
  score: Score;
  corners: Score;
  scoreAfterOvertime?: Score;
  halfTimeScore?: Score;
  firstHalfCorners?: Score;
  segments: Score[];
  inningHalf?: 'top' | 'bottom';
  wickets: { home: number; away: number };
  balls: { home: number; away: number };
  stoppage?: ScoreDetail['stoppage'];
}

const add = (count: Score, side: Side, points: number): Score => ({
  ...count,
  [side]: count[side] + points,
});

function applyEvent(fold: Fold, event: MatchEvent, sport: SportCode): void {
  switch (event.kind) {
    case 'period':
      fold.periodCode = event.periodCode;
      if (fold.periodCode === matchPeriod.midfield) {
        fold.halfTimeScore = fold.score;
        fold.firstHalfCorners = fold.corners;
      }
      if (fold.periodCode === matchPeriod.overtime) fold.scoreAfterOvertime = fold.score;
      break;
    case 'corner':
      fold.corners = add(fold.corners, event.side, 1);
      break;
    case 'segment':
      while (fold.segments.length <= event.segment) fold.segments.push({ home: 0, away: 0 });
      if (event.part !== undefined) fold.inningHalf = event.part === 0 ? 'top' : 'bottom';
      break;
    case 'tally':
      fold.segments[event.segment] = event.tally;
      break;
    case 'ball':
      fold.balls[event.side]++;
      break;
    case 'wicket':
      fold.wickets[event.side]++;
      break;
    case 'stoppage':
      fold.stoppage = { side: event.side, round: event.segment + 1 };
      break;
    case 'score':
      while (fold.segments.length <= event.segment) fold.segments.push({ home: 0, away: 0 });
      if (sport !== 'snooker')
        fold.segments[event.segment] = add(fold.segments[event.segment]!, event.side, event.points);
      if (fold.periodCode === matchPeriod.overtime && fold.scoreAfterOvertime) {
        fold.scoreAfterOvertime = add(fold.scoreAfterOvertime, event.side, event.points);
      } else {
        fold.score = add(fold.score, event.side, event.points);
      }
      break;
  }
}

/** Folds the timeline up to `elapsedSeconds` (events at exactly that second included). */
export function matchStateAt(match: SimulatedMatch, elapsedSeconds: number): MatchState {
  const fold: Fold = {
    periodCode: matchPeriod.notOpen,
    score: { home: 0, away: 0 },
    corners: { home: 0, away: 0 },
    segments: [],
    wickets: { home: 0, away: 0 },
    balls: { home: 0, away: 0 },
  };
  for (const event of match.events) {
    if (event.atSecond > elapsedSeconds) break;
    applyEvent(fold, event, match.sport);
  }
  const { periodCode, score, corners, scoreAfterOvertime, halfTimeScore, firstHalfCorners } = fold;
  const finished = periodCode === matchPeriod.finished;
  // A match can end before its clock runs out (straight sets, a knockout, a chase won early).
  const progress = finished ? 1 : progressAt(match.sport, elapsedSeconds);
  const regulationMinutes = timings[match.sport].playSeconds / 60;
  const minute = progress * regulationMinutes;
  const scoreDetail = detailOf(match.sport, fold.segments, finished, {
    minute,
    inningHalf: fold.inningHalf,
    wickets: fold.wickets,
    balls: fold.balls,
    stoppage: fold.stoppage,
  });
  return {
    sport: match.sport,
    periodCode,
    elapsedSeconds,
    progress,
    minute,
    score,
    corners,
    scoreDetail,
    ...(scoreAfterOvertime && { scoreAfterOvertime }),
    ...(halfTimeScore && { halfTimeScore }),
    ...(firstHalfCorners && { firstHalfCorners }),
    ...(finished && { winner: match.winner }),
  };
}

function detailOf(
  sport: SportCode,
  segments: readonly Score[],
  finished: boolean,
  extra: {
    minute: number;
    inningHalf: 'top' | 'bottom' | undefined;
    wickets: Score;
    balls: Score;
    stoppage: ScoreDetail['stoppage'];
  },
): ScoreDetail {
  const structure = sportStructure[sport];
  const detail: { -readonly [K in keyof ScoreDetail]: ScoreDetail[K] } = {
    unit: structure.unit,
    current: segments.length,
    segments,
  };
  if (structure.bestOf) {
    // The segment being played has no winner yet; once finished every segment has one.
    const decided = finished ? segments : segments.slice(0, -1);
    const won = { home: 0, away: 0 };
    for (const tally of decided) {
      const winner = segmentWinner(tally);
      if (winner) won[winner]++;
    }
    detail.won = won;
    detail.bestOf = structure.segments;
  }
  if (sport === 'football' || sport === 'basketball' || sport === 'americanFootball') {
    detail.minute = Math.floor(extra.minute);
  }
  if (sport === 'baseball' && extra.inningHalf && !finished) detail.inningHalf = extra.inningHalf;
  if (sport === 'cricket') {
    detail.wickets = extra.wickets;
    detail.balls = extra.balls;
  }
  if (sport === 'boxing') {
    detail.bestOf = structure.segments;
    if (extra.stoppage) detail.stoppage = extra.stoppage;
  }
  return detail;
}
