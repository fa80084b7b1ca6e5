import type { MarketPeriod, MarketType, SportCode } from './vocabulary.ts';

/** What a sport counts in `score`, so handicap and total lines are read in that unit. */
export type ScoreUnit = 'goals' | 'points' | 'games' | 'frames' | 'runs' | 'none';

export interface SportTraits {
  /** Market types offered for the sport. */
  readonly marketTypes: readonly MarketType[];
  /** Periods offered; `firstHalf` only where the sport is played in two halves. */
  readonly periods: readonly MarketPeriod[];
  /** `winAlone` is three-way (home/draw/away). Otherwise it is a moneyline and a tie refunds. */
  readonly drawPossible: boolean;
  /** Line granularity in quarters: 1 = quarter lines (x.25, x.75 as well), 2 = whole and half lines. */
  readonly lineStepQuarters: 1 | 2;
  readonly scoreUnit: ScoreUnit;
  /**
   * Whether comparing `score` tells the winner. Not for set-based sports (more games or points can
   * still lose the match), boxing or racing: their settlement needs the official `winner`.
   */
  readonly winnerFromScore: boolean;
  /** Typical expected total `score` of a match, a default for models and simulations. */
  readonly typicalTotal: number;
  /** Normal approximation (non-football): sd(home − away) = marginSdFactor × √expectedTotal. */
  readonly marginSdFactor: number;
  /** Normal approximation (non-football): sd(home + away) = totalSdFactor × √expectedTotal. */
  readonly totalSdFactor: number;
  /** Share of the scoring expected in the first half, or null when the sport has no halves. */
  readonly firstHalfShare: number | null;
}

const scoreMarkets: readonly MarketType[] = ['winAlone', 'handicap', 'total', 'oddEven'];
const fullOnly: readonly MarketPeriod[] = ['full'];
const bothPeriods: readonly MarketPeriod[] = ['full', 'firstHalf'];

/*
 * Decisions (rough parameters, tunable; sd factors estimated from typical scorelines):
 * - Only football offers corners and quarter lines; quarter lines need low scores to matter.
 * - firstHalf is the first half where a sport has halves (football, basketball, American football), the
 *   first set or game in tennis, volleyball, badminton and table tennis, and the first five innings in baseball
 *   (the simulation ends that part where the sport does; `firstHalfShare` is its share of the expected total).
 * - Only football's winAlone is 1X2. Everywhere else it is a moneyline: a tie (regulation tie, boxing
 *   draw, racing dead heat) refunds. Boxing draws are rare (a few %) so a refunding moneyline is simpler
 *   for players than a three-way market with a long-odds draw.
 * - Racing is sold as head-to-head matchups: `home` and `away` are two runners, the one finishing ahead
 *   wins. Boxing and racing offer winAlone only (no meaningful score to put a line on).
 * - Set-based sports (tennis, volleyball, badminton, table tennis) put lines on games/points, not sets.
 *   Their oddEven would be on games/points too and is not offered (little interest, weak model).
 */
export const sportTraits: Readonly<Record<SportCode, SportTraits>> = {
  football: {
    marketTypes: ['winAlone', 'handicap', 'total', 'oddEven', 'cornersTotal', 'cornersHandicap'],
    periods: bothPeriods,
    drawPossible: true,
    lineStepQuarters: 1,
    scoreUnit: 'goals',
    winnerFromScore: true,
    typicalTotal: 2.6,
    // Football is priced with its own Poisson model; these only feed generic helpers.
    marginSdFactor: 1,
    totalSdFactor: 1,
    firstHalfShare: 0.45,
  },
  basketball: {
    marketTypes: scoreMarkets,
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'points',
    winnerFromScore: true,
    typicalTotal: 220,
    marginSdFactor: 0.81,
    totalSdFactor: 1.21,
    firstHalfShare: 0.5,
  },
  americanFootball: {
    marketTypes: scoreMarkets,
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'points',
    winnerFromScore: true,
    typicalTotal: 45,
    marginSdFactor: 2,
    totalSdFactor: 1.94,
    firstHalfShare: 0.5,
  },
  baseball: {
    marketTypes: scoreMarkets,
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'runs',
    winnerFromScore: true,
    typicalTotal: 8.5,
    marginSdFactor: 1.47,
    totalSdFactor: 1.5,
    firstHalfShare: 0.56,
  },
  cricket: {
    marketTypes: scoreMarkets,
    periods: fullOnly,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'runs',
    // Rain rules (DLS) can make the side with fewer runs win.
    winnerFromScore: false,
    typicalTotal: 320,
    marginSdFactor: 1.68,
    totalSdFactor: 2.24,
    firstHalfShare: null,
  },
  snooker: {
    marketTypes: ['winAlone', 'handicap', 'total'],
    periods: fullOnly,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'frames',
    winnerFromScore: true,
    typicalTotal: 7.5,
    marginSdFactor: 1.1,
    totalSdFactor: 0.47,
    firstHalfShare: null,
  },
  tennis: {
    marketTypes: ['winAlone', 'handicap', 'total'],
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'games',
    winnerFromScore: false,
    typicalTotal: 22,
    marginSdFactor: 1.17,
    totalSdFactor: 0.85,
    firstHalfShare: 0.42,
  },
  volleyball: {
    marketTypes: ['winAlone', 'handicap', 'total'],
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'points',
    winnerFromScore: false,
    typicalTotal: 180,
    marginSdFactor: 0.9,
    totalSdFactor: 1.6,
    firstHalfShare: 0.27,
  },
  badminton: {
    marketTypes: ['winAlone', 'handicap', 'total'],
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'points',
    winnerFromScore: false,
    typicalTotal: 80,
    marginSdFactor: 1.1,
    totalSdFactor: 1.7,
    firstHalfShare: 0.45,
  },
  tableTennis: {
    marketTypes: ['winAlone', 'handicap', 'total'],
    periods: bothPeriods,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'points',
    winnerFromScore: false,
    typicalTotal: 75,
    marginSdFactor: 1.04,
    totalSdFactor: 1.62,
    firstHalfShare: 0.27,
  },
  boxing: {
    marketTypes: ['winAlone'],
    periods: fullOnly,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'none',
    winnerFromScore: false,
    // Latent "performance" scale: with √100 × 1 = 10 the expected margin reads like scorecard points.
    typicalTotal: 100,
    marginSdFactor: 1,
    totalSdFactor: 1,
    firstHalfShare: null,
  },
  racing: {
    marketTypes: ['winAlone'],
    periods: fullOnly,
    drawPossible: false,
    lineStepQuarters: 2,
    scoreUnit: 'none',
    winnerFromScore: false,
    typicalTotal: 100,
    marginSdFactor: 1,
    totalSdFactor: 1,
    firstHalfShare: null,
  },
};

export function offersMarket(sport: SportCode, type: MarketType, period: MarketPeriod): boolean {
  const traits = sportTraits[sport];
  return traits.marketTypes.includes(type) && traits.periods.includes(period);
}
