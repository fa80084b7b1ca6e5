import { describe, expect, it } from 'vitest';
import { type MatchFacts, settleSelection } from './settlement.ts';
import { sportTraits } from './traits.ts';
import type { BetResultCode, MarketPeriod, MarketType, Outcome, Score, SportCode } from './vocabulary.ts';

// Every sport's markets, settled on a final score in the sport's own unit: games in tennis, points in
// volleyball, badminton and table tennis, frames in snooker, runs in baseball and cricket, points in
// basketball and American football. A row's line is the market's: the HOME handicap (an away pick gets the
// opposite) or the total.

const s = (home: number, away: number): Score => ({ home, away });

type Row = readonly [MarketType, MarketPeriod, Outcome, number | null, BetResultCode];

interface SportTable {
  facts: MatchFacts;
  rows: readonly Row[];
}

const tables: Record<Exclude<SportCode, 'football'>, SportTable> = {
  // 6-4 3-6 7-6: home wins in three sets with 16 games to 16.
  tennis: {
    facts: { sport: 'tennis', periodCode: -1, score: s(16, 16), halfTimeScore: s(6, 4), winner: 'home' },
    rows: [
      // The first set, 6-4.
      ['winAlone', 'firstHalf', 'home', null, 10],
      ['handicap', 'firstHalf', 'away', -1.5, 20],
      ['total', 'firstHalf', 'over', 9.5, 10],
      ['winAlone', 'full', 'home', null, 10],
      ['winAlone', 'full', 'away', null, 20],
      ['handicap', 'full', 'home', -1.5, 20],
      ['handicap', 'full', 'away', -1.5, 10],
      ['handicap', 'full', 'home', 0, 90],
      ['total', 'full', 'over', 22.5, 10],
      ['total', 'full', 'under', 22.5, 20],
      ['total', 'full', 'over', 32, 90],
    ],
  },
  // 3-1 in sets: 25-20 23-25 25-18 25-22 = 98-85 points.
  volleyball: {
    facts: {
      sport: 'volleyball',
      periodCode: -1,
      score: s(98, 85),
      halfTimeScore: s(25, 20),
      winner: 'home',
    },
    rows: [
      // The first set, 25-20.
      ['winAlone', 'firstHalf', 'home', null, 10],
      ['handicap', 'firstHalf', 'home', -4.5, 10],
      ['total', 'firstHalf', 'under', 45.5, 10],
      ['winAlone', 'full', 'away', null, 20],
      ['handicap', 'full', 'home', -12.5, 10],
      ['handicap', 'full', 'home', -13.5, 20],
      ['handicap', 'full', 'away', -13, 90],
      ['total', 'full', 'over', 182.5, 10],
      ['total', 'full', 'under', 183.5, 10],
    ],
  },
  // 2-1 in games to the away side: 21-18 17-21 19-21 = 57-60.
  badminton: {
    facts: { sport: 'badminton', periodCode: -1, score: s(57, 60), halfTimeScore: s(21, 18), winner: 'away' },
    rows: [
      // The first game, 21-18, went to the side that lost the match.
      ['winAlone', 'firstHalf', 'away', null, 20],
      ['handicap', 'firstHalf', 'home', -3, 90],
      ['total', 'firstHalf', 'over', 38.5, 10],
      ['winAlone', 'full', 'away', null, 10],
      ['handicap', 'full', 'away', 3.5, 20],
      ['handicap', 'full', 'home', 3.5, 10],
      ['total', 'full', 'under', 117.5, 10],
    ],
  },
  // 3-2 in games: 11-7 9-11 11-13 11-5 11-9 = 53-45.
  tableTennis: {
    facts: {
      sport: 'tableTennis',
      periodCode: -1,
      score: s(53, 45),
      halfTimeScore: s(11, 7),
      winner: 'home',
    },
    rows: [
      // The first game, 11-7.
      ['winAlone', 'firstHalf', 'home', null, 10],
      ['handicap', 'firstHalf', 'away', -3.5, 20],
      ['total', 'firstHalf', 'over', 18.5, 20],
      ['winAlone', 'full', 'home', null, 10],
      ['handicap', 'full', 'home', -7.5, 10],
      ['handicap', 'full', 'away', -8, 90],
      ['total', 'full', 'over', 97.5, 10],
      ['total', 'full', 'under', 98, 90],
    ],
  },
  // Best of 9 frames, 5-3.
  snooker: {
    facts: { sport: 'snooker', periodCode: -1, score: s(5, 3) },
    rows: [
      ['winAlone', 'full', 'home', null, 10],
      ['handicap', 'full', 'away', -1.5, 20],
      ['handicap', 'full', 'away', -2, 90],
      ['handicap', 'full', 'home', -2.5, 20],
      ['handicap', 'full', 'home', -1.5, 10],
      ['total', 'full', 'over', 7.5, 10],
      ['total', 'full', 'under', 8.5, 10],
    ],
  },
  // Nine innings, 5-3 runs.
  baseball: {
    facts: { sport: 'baseball', periodCode: -1, score: s(5, 3), halfTimeScore: s(2, 2) },
    rows: [
      // The first five innings, 2-2: the moneyline pushes, the run line and total still decide.
      ['winAlone', 'firstHalf', 'home', null, 90],
      ['handicap', 'firstHalf', 'away', 0.5, 20],
      ['total', 'firstHalf', 'under', 4.5, 10],
      ['winAlone', 'full', 'home', null, 10],
      ['handicap', 'full', 'home', -1.5, 10],
      ['handicap', 'full', 'home', -2, 90],
      ['handicap', 'full', 'away', -1.5, 20],
      ['total', 'full', 'over', 8.5, 20],
      ['total', 'full', 'under', 8.5, 10],
      ['total', 'full', 'over', 8, 90],
      ['oddEven', 'full', 'even', null, 10],
    ],
  },
  // T20: 168/7 against 170/4, the chase won.
  cricket: {
    facts: { sport: 'cricket', periodCode: -1, score: s(168, 170), winner: 'away' },
    rows: [
      ['winAlone', 'full', 'away', null, 10],
      ['winAlone', 'full', 'home', null, 20],
      ['handicap', 'full', 'home', 1.5, 20],
      ['handicap', 'full', 'home', 2.5, 10],
      ['handicap', 'full', 'home', 2, 90],
      ['total', 'full', 'over', 330.5, 10],
      ['oddEven', 'full', 'even', null, 10],
    ],
  },
  // 112-104 after 52-55 at half-time.
  basketball: {
    facts: { sport: 'basketball', periodCode: -1, score: s(112, 104), halfTimeScore: s(52, 55) },
    rows: [
      ['winAlone', 'full', 'home', null, 10],
      ['handicap', 'full', 'home', -7.5, 10],
      ['handicap', 'full', 'home', -8, 90],
      ['total', 'full', 'over', 215.5, 10],
      ['winAlone', 'firstHalf', 'away', null, 10],
      ['handicap', 'firstHalf', 'home', 2.5, 20],
      ['total', 'firstHalf', 'under', 107.5, 10],
      ['oddEven', 'full', 'even', null, 10],
    ],
  },
  // 24-20 after 10-13 at half-time.
  americanFootball: {
    facts: { sport: 'americanFootball', periodCode: -1, score: s(24, 20), halfTimeScore: s(10, 13) },
    rows: [
      ['winAlone', 'full', 'home', null, 10],
      ['handicap', 'full', 'home', -3.5, 10],
      ['handicap', 'full', 'away', 3.5, 20],
      ['handicap', 'full', 'home', -4, 90],
      ['total', 'full', 'over', 44.5, 20],
      ['winAlone', 'firstHalf', 'home', null, 20],
      ['total', 'firstHalf', 'over', 22.5, 10],
      ['handicap', 'firstHalf', 'away', 2.5, 10],
      ['oddEven', 'full', 'odd', null, 20],
    ],
  },
  // A points decision for the away side; a draw refunds (tested with the void rules).
  boxing: {
    facts: { sport: 'boxing', periodCode: -1, score: s(0, 0), winner: 'away' },
    rows: [
      ['winAlone', 'full', 'away', null, 10],
      ['winAlone', 'full', 'home', null, 20],
    ],
  },
  racing: {
    facts: { sport: 'racing', periodCode: -1, score: s(0, 0), winner: 'home' },
    rows: [
      ['winAlone', 'full', 'home', null, 10],
      ['winAlone', 'full', 'away', null, 20],
    ],
  },
};

describe.each(Object.entries(tables))('%s markets', (sport, table) => {
  it.each(table.rows)('%s %s %s %s → %i', (type, period, outcome, line, expected) => {
    const market = { type, period, ...(line !== null && { line }) };
    expect(settleSelection({ market, outcome }, table.facts)).toBe(expected);
  });

  it('covers every market type and period the sport offers', () => {
    const traits = sportTraits[sport as SportCode];
    for (const type of traits.marketTypes) {
      for (const period of traits.periods) {
        if (type === 'oddEven' && period === 'firstHalf') continue;
        expect(
          table.rows.some(([rowType, rowPeriod]) => rowType === type && rowPeriod === period),
          `${type} ${period}`,
        ).toBe(true);
      }
    }
  });
});
