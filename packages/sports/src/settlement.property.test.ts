import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineClass, splitLine } from './lines.ts';
import { type Ratio, returnFactor } from './payout.ts';
import { type MatchFacts, settleSelection } from './settlement.ts';
import type {
  BetResultCode,
  MarketPeriod,
  MarketType,
  Outcome,
  Score,
  SettledResultCode,
} from './vocabulary.ts';

const count = fc.integer({ min: 0, max: 9 });
const score = fc.record({ home: count, away: count });
const oddsMilli = fc.integer({ min: 1001, max: 50_000 });

// Finished matches, and matches stopped after or before half-time (decided parts stand, rest void).
const matchFacts: fc.Arbitrary<MatchFacts> = fc
  .record({
    score,
    halfTime: score,
    corners: score,
    firstHalfCorners: score,
    periodCode: fc.constantFrom(-1, -13, -12),
    firstHalfOver: fc.boolean(),
  })
  .map(({ score, halfTime, corners, firstHalfCorners, periodCode, firstHalfOver }) => {
    const finished = periodCode === -1 || firstHalfOver;
    return {
      sport: 'football',
      periodCode: periodCode as -1 | -13 | -12,
      score,
      corners,
      ...(finished && { halfTimeScore: halfTime, firstHalfCorners }),
    } satisfies MatchFacts;
  });

type LineType = Extract<MarketType, 'handicap' | 'total' | 'cornersTotal' | 'cornersHandicap'>;
const lineBet = fc
  .record({
    type: fc.constantFrom<LineType>('handicap', 'total', 'cornersTotal', 'cornersHandicap'),
    period: fc.constantFrom<MarketPeriod>('full', 'firstHalf'),
    quarters: fc.integer({ min: -40, max: 40 }),
    side: fc.boolean(),
    placementScore: fc.option(score, { nil: undefined }),
  })
  .map(({ type, period, quarters, side, placementScore }) => {
    const isTotal = type === 'total' || type === 'cornersTotal';
    const line = (isTotal ? Math.abs(quarters) + 1 : quarters) / 4;
    const outcome: Outcome = isTotal ? (side ? 'over' : 'under') : side ? 'home' : 'away';
    return { type, period, line, outcome, placementScore };
  });

function settle(
  bet: { type: LineType; period: MarketPeriod; outcome: Outcome; placementScore: Score | undefined },
  line: number,
  facts: MatchFacts,
) {
  return settleSelection(
    {
      market: { type: bet.type, period: bet.period, line },
      outcome: bet.outcome,
      ...(bet.placementScore && { placementScore: bet.placementScore }),
    },
    facts,
  );
}

const settled = (result: BetResultCode): SettledResultCode => {
  if (result === 0) throw new Error('expected a settled result');
  return result;
};
const equalRatios = (a: Ratio, b: Ratio) => a.numerator * b.denominator === b.numerator * a.denominator;
const add = (a: Ratio, b: Ratio): Ratio => ({
  numerator: a.numerator * b.denominator + b.numerator * a.denominator,
  denominator: a.denominator * b.denominator,
});

describe('settlement properties', () => {
  it('a quarter line returns exactly the average of its two half-stake lines', () => {
    fc.assert(
      fc.property(lineBet, matchFacts, oddsMilli, (bet, facts, odds) => {
        fc.pre(lineClass(bet.line) === 'quarter');
        const [lower, upper] = splitLine(bet.line) as [number, number];
        const quarter = returnFactor(settled(settle(bet, bet.line, facts)), odds);
        const halves = add(
          returnFactor(settled(settle(bet, lower, facts)), odds),
          returnFactor(settled(settle(bet, upper, facts)), odds),
        );
        // 2 × quarter = lower + upper
        expect(
          equalRatios({ numerator: 2n * quarter.numerator, denominator: quarter.denominator }, halves),
        ).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('whole lines push or decide; half lines never push; quarter lines never fully push', () => {
    fc.assert(
      fc.property(lineBet, matchFacts, (bet, facts) => {
        fc.pre(facts.periodCode === -1);
        const result = settle(bet, bet.line, facts);
        const kind = lineClass(bet.line);
        if (kind === 'whole') expect([10, 20, 90]).toContain(result);
        if (kind === 'half') expect([10, 20]).toContain(result);
        if (kind === 'quarter') expect([10, 11, 20, 21]).toContain(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('the two sides of a finished line market mirror each other', () => {
    const mirror: Record<number, number> = { 10: 20, 20: 10, 21: 11, 11: 21, 90: 90 };
    fc.assert(
      fc.property(lineBet, matchFacts, (bet, facts) => {
        fc.pre(facts.periodCode === -1);
        const other: Outcome =
          bet.outcome === 'over'
            ? 'under'
            : bet.outcome === 'under'
              ? 'over'
              : bet.outcome === 'home'
                ? 'away'
                : 'home';
        expect(settle({ ...bet, outcome: other }, bet.line, facts)).toBe(
          mirror[settle(bet, bet.line, facts)],
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('home at line L on a–b equals away at line −L on b–a (handicaps are symmetric)', () => {
    fc.assert(
      fc.property(score, fc.integer({ min: -24, max: 24 }), (final, quarters) => {
        const facts = (sc: Score): MatchFacts => ({
          sport: 'football',
          periodCode: -1,
          score: sc,
          halfTimeScore: sc,
        });
        const home = settleSelection(
          { market: { type: 'handicap', period: 'full', line: quarters / 4 }, outcome: 'home' },
          facts(final),
        );
        const away = settleSelection(
          { market: { type: 'handicap', period: 'full', line: -quarters / 4 || 0 }, outcome: 'away' },
          facts({ home: final.away, away: final.home }),
        );
        expect(away).toBe(home);
      }),
    );
  });

  it('a placement score shifts an in-play handicap exactly like the equivalent line', () => {
    fc.assert(
      fc.property(score, score, fc.integer({ min: -24, max: 24 }), (final, placed, quarters) => {
        const facts: MatchFacts = { sport: 'football', periodCode: -1, score: final, halfTimeScore: final };
        const withPlacement = settleSelection(
          {
            market: { type: 'handicap', period: 'full', line: quarters / 4 },
            outcome: 'home',
            placementScore: placed,
          },
          facts,
        );
        const shiftedLine = quarters / 4 - (placed.home - placed.away);
        const withLine = settleSelection(
          { market: { type: 'handicap', period: 'full', line: shiftedLine }, outcome: 'home' },
          facts,
        );
        expect(withPlacement).toBe(withLine);
      }),
    );
  });

  it('a stopped match never pays more than the finished match could have on decided parts', () => {
    // Anything a stopped match settles as win/lose (not void) must agree with every possible ending.
    fc.assert(
      fc.property(lineBet, score, score, (bet, atStop, extra) => {
        fc.pre(bet.type === 'total' || bet.type === 'cornersTotal');
        const stopped: MatchFacts = { sport: 'football', periodCode: -13, score: atStop, corners: atStop };
        const later = { home: atStop.home + extra.home, away: atStop.away + extra.away };
        const finished: MatchFacts = {
          sport: 'football',
          periodCode: -1,
          score: later,
          corners: later,
          halfTimeScore: later,
          firstHalfCorners: later,
        };
        const stoppedResult = settle({ ...bet, period: 'full' }, bet.line, stopped);
        const finalResult = settle({ ...bet, period: 'full' }, bet.line, finished);
        if (stoppedResult === 10 || stoppedResult === 20) expect(finalResult).toBe(stoppedResult);
        if (stoppedResult === 21) expect([10, 21]).toContain(finalResult);
        if (stoppedResult === 11) expect([20, 11]).toContain(finalResult);
      }),
      { numRuns: 2000 },
    );
  });
});
