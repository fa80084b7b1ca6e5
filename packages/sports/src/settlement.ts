import { splitLineQuarters, toQuarters } from './lines.ts';
import { sportTraits } from './traits.ts';
import {
  type BetResultCode,
  betResult,
  isCornersMarket,
  type Market,
  type MatchPeriodCode,
  matchPeriod,
  type Outcome,
  outcomesByMarketType,
  type Score,
  type SportCode,
} from './vocabulary.ts';

/**
 * What the feed knows about a match when a bet is settled.
 * - `score`: regulation-time score; while the match is live or after it stopped, the score so far.
 * - `scoreAfterOvertime`: present once overtime has started (so its presence also says regulation ended);
 *   includes overtime, never a penalty shoot-out.
 * - `halfTimeScore`: present once the first half has finished; `firstHalfCorners` likewise.
 * - `corners`: corners taken in regulation time (so far).
 * - `winner`: the official winner where comparing `score` does not tell it (see sportTraits.winnerFromScore);
 *   `draw` for a boxing draw or a racing dead heat.
 */
export interface MatchFacts {
  readonly sport: SportCode;
  readonly periodCode: MatchPeriodCode;
  readonly score: Score;
  readonly scoreAfterOvertime?: Score;
  readonly halfTimeScore?: Score;
  readonly corners?: Score;
  readonly firstHalfCorners?: Score;
  readonly winner?: 'home' | 'away' | 'draw';
}

/** A single bet's pick. `placementScore` is stored for in-play bets; only handicap markets use it. */
export interface BetSelection {
  readonly market: Market;
  readonly outcome: Outcome;
  readonly placementScore?: Score;
}

type PartOutcome = 'win' | 'push' | 'lose';

/** How one part of the stake (a whole stake, or a half stake of a quarter line) stands. */
interface PartEvaluation {
  readonly outcome: PartOutcome;
  /** True when nothing that can still happen in the match changes the outcome. */
  readonly locked: boolean;
}

interface Counted {
  readonly score: Score;
  /** The counted period is over, so the score is final. */
  readonly final: boolean;
}

const livePeriodCodes: ReadonlySet<number> = new Set([
  matchPeriod.notOpen,
  matchPeriod.firstHalf,
  matchPeriod.midfield,
  matchPeriod.secondHalf,
  matchPeriod.overtime,
  matchPeriod.penalty,
]);
const stoppedPeriodCodes: ReadonlySet<number> = new Set([matchPeriod.cutInHalf, matchPeriod.interrupted]);
const regulationOverCodes: ReadonlySet<number> = new Set([
  matchPeriod.overtime,
  matchPeriod.penalty,
  matchPeriod.finished,
]);
const firstHalfOverCodes: ReadonlySet<number> = new Set([
  matchPeriod.midfield,
  matchPeriod.secondHalf,
  ...regulationOverCodes,
]);

/**
 * Settles one selection against the match facts. Returns the result code, or 0 (open) while the
 * outcome is not decided yet.
 *
 * Rules:
 * - Cancelled (−10) and postponed (−14) void every bet (90). To be determined (−11) keeps bets open.
 * - Finished (−1): every market settles on its period's final score.
 * - Live codes (0–5): a bet settles early only once it is decided (see below); otherwise it stays open.
 * - Interrupted (−13) and cut in half (−12): decided parts stand, undecided parts are void.
 *
 * "Decided" is judged per part of the stake (a quarter line has two half-stake parts):
 * - a part is decided when its period is over: the first half for firstHalf markets (halfTimeScore
 *   known), regulation for full-time markets (overtime started or the match finished), overtime for
 *   markets that include it (penalties or finished);
 * - before that only totals can be decided, and only one way: counts never go down, so an over already
 *   won and an under already lost stand; an over/under still pushing on a whole line is not decided;
 * - winAlone, handicap, cornersHandicap and oddEven are never decided before their period ends.
 * So an over 2.75 interrupted at 3 goals is win half (the 2.5 half won, the 3 half void) and a first-half
 * market on a match interrupted after half-time settles in full.
 */
export function settleSelection(selection: BetSelection, facts: MatchFacts): BetResultCode {
  const { market, outcome } = selection;
  validateSelection(selection, facts.sport);
  validateFacts(facts);
  const code = facts.periodCode;
  if (code === matchPeriod.cancelled || code === matchPeriod.postponed) return betResult.refund;
  if (code === matchPeriod.toBeDetermined) return betResult.open;
  if (!livePeriodCodes.has(code) && !stoppedPeriodCodes.has(code) && code !== matchPeriod.finished) {
    throw new RangeError(`unknown match period code ${code}`);
  }

  const parts = evaluateParts(market, outcome, selection.placementScore, facts);
  if (parts.every((part) => part.locked)) return combineParts(parts.map((part) => part.outcome));
  if (livePeriodCodes.has(code)) return betResult.open;
  // Stopped match: what is decided stands, the rest is void.
  return combineParts(parts.map((part) => (part.locked ? part.outcome : 'push')));
}

function evaluateParts(
  market: Market,
  outcome: Outcome,
  placementScore: Score | undefined,
  facts: MatchFacts,
): readonly PartEvaluation[] {
  switch (market.type) {
    case 'winAlone':
      return [evaluateWinAlone(market, outcome, facts)];
    case 'oddEven': {
      const counted = countedScore(market, facts);
      const isEven = (counted.score.home + counted.score.away) % 2 === 0;
      const won = outcome === 'even' ? isEven : !isEven;
      return [{ outcome: won ? 'win' : 'lose', locked: counted.final }];
    }
    case 'handicap':
    case 'cornersHandicap': {
      const counted = countedScore(market, facts);
      // In-play goal handicaps count only what is scored after the bet (corners count from kick-off).
      const placed = market.type === 'handicap' ? placementScore : undefined;
      const marginHome = counted.score.home - counted.score.away - (placed ? placed.home - placed.away : 0);
      const side = outcome === 'home' ? 1 : -1;
      return splitLineQuarters(toQuarters(market.line!)).map((quarters) => ({
        outcome: outcomeOfMargin(side * (4 * marginHome + quarters)),
        locked: counted.final,
      }));
    }
    case 'total':
    case 'cornersTotal': {
      const counted = countedScore(market, facts);
      const total = counted.score.home + counted.score.away;
      const side = outcome === 'over' ? 1 : -1;
      return splitLineQuarters(toQuarters(market.line!)).map((quarters) => {
        const partOutcome = outcomeOfMargin(side * (4 * total - quarters));
        // Counts only grow: a won over or a lost under cannot change any more.
        const locked = counted.final || (outcome === 'over' ? partOutcome === 'win' : partOutcome === 'lose');
        return { outcome: partOutcome, locked };
      });
    }
  }
}

function evaluateWinAlone(market: Market, outcome: Outcome, facts: MatchFacts): PartEvaluation {
  const traits = sportTraits[facts.sport];
  let winner: 'home' | 'away' | 'draw';
  let final: boolean;
  if (market.period === 'full' && !traits.winnerFromScore) {
    final = facts.periodCode === matchPeriod.finished;
    if (!final) return { outcome: 'push', locked: false };
    if (facts.winner === undefined)
      throw new RangeError(`${facts.sport} needs the official winner to settle`);
    winner = facts.winner;
  } else {
    const counted = countedScore(market, facts);
    final = counted.final;
    const { home, away } = counted.score;
    winner = home > away ? 'home' : home < away ? 'away' : 'draw';
  }
  if (winner === 'draw' && !traits.drawPossible) return { outcome: 'push', locked: final };
  return { outcome: winner === outcome ? 'win' : 'lose', locked: final };
}

/** The score a market counts (goals or corners of its period) and whether that period is over. */
function countedScore(market: Market, facts: MatchFacts): Counted {
  const corners = isCornersMarket(market.type);
  if (market.period === 'firstHalf') {
    const firstHalfOver = facts.halfTimeScore !== undefined;
    if (!firstHalfOver && firstHalfOverCodes.has(facts.periodCode)) {
      throw new RangeError('halfTimeScore is required once the first half is over');
    }
    if (!corners) return { score: facts.halfTimeScore ?? facts.score, final: firstHalfOver };
    const score = firstHalfOver ? facts.firstHalfCorners : facts.corners;
    if (score === undefined) throw new RangeError('corners are required to settle corner markets');
    return { score, final: firstHalfOver };
  }
  const regulationOver =
    regulationOverCodes.has(facts.periodCode) ||
    (stoppedPeriodCodes.has(facts.periodCode) && facts.scoreAfterOvertime !== undefined);
  if (corners) {
    if (facts.corners === undefined) throw new RangeError('corners are required to settle corner markets');
    return { score: facts.corners, final: regulationOver };
  }
  if (market.includesOvertime) {
    const overtimeOver =
      facts.periodCode === matchPeriod.penalty || facts.periodCode === matchPeriod.finished;
    return { score: facts.scoreAfterOvertime ?? facts.score, final: overtimeOver };
  }
  return { score: facts.score, final: regulationOver };
}

function outcomeOfMargin(marginQuarters: number): PartOutcome {
  return marginQuarters > 0 ? 'win' : marginQuarters < 0 ? 'lose' : 'push';
}

/** Combines the parts of a stake into a result code; a push and a void part weigh the same. */
function combineParts(parts: readonly PartOutcome[]): Exclude<BetResultCode, 0> {
  const [first, second] = parts;
  if (second === undefined || first === second) {
    return first === 'win' ? betResult.win : first === 'lose' ? betResult.lose : betResult.refund;
  }
  const pair = new Set([first, second]);
  if (pair.has('win') && pair.has('push')) return betResult.winHalf;
  if (pair.has('lose') && pair.has('push')) return betResult.loseHalf;
  // Neighbouring lines are half a unit apart, so one half cannot win while the other loses.
  throw new Error('a quarter line cannot both win and lose');
}

function validateSelection(selection: BetSelection, sport: SportCode): void {
  const { market, outcome } = selection;
  if (!outcomesByMarketType[market.type].includes(outcome)) {
    throw new RangeError(`outcome ${outcome} does not belong to a ${market.type} market`);
  }
  if (market.type === 'winAlone' && outcome === 'draw' && !sportTraits[sport].drawPossible) {
    throw new RangeError(`${sport} has no draw outcome`);
  }
  if (market.type === 'handicap' || market.type === 'cornersHandicap') {
    if (market.line === undefined) throw new RangeError(`${market.type} needs a line`);
    toQuarters(market.line);
  }
  if (market.type === 'total' || market.type === 'cornersTotal') {
    if (market.line === undefined) throw new RangeError(`${market.type} needs a line`);
    if (toQuarters(market.line) < 0) throw new RangeError('a total line cannot be negative');
  }
  if (selection.placementScore) assertScore(selection.placementScore, 'placementScore');
}

function validateFacts(facts: MatchFacts): void {
  assertScore(facts.score, 'score');
  for (const key of ['scoreAfterOvertime', 'halfTimeScore', 'corners', 'firstHalfCorners'] as const) {
    const score = facts[key];
    if (score !== undefined) assertScore(score, key);
  }
}

function assertScore(score: Score, name: string): void {
  for (const count of [score.home, score.away]) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`${name} must be counts ≥ 0`);
  }
}
