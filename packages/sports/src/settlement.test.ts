import { describe, expect, it } from 'vitest';
import { type BetSelection, type MatchFacts, settleSelection } from './settlement.ts';
import type {
  BetResultCode,
  Market,
  MarketType,
  MatchPeriodCode,
  Outcome,
  Score,
  SportCode,
} from './vocabulary.ts';

const s = (home: number, away: number): Score => ({ home, away });

/** A finished football match unless told otherwise. */
function facts(overrides: Partial<MatchFacts> = {}): MatchFacts {
  return {
    sport: 'football',
    periodCode: -1,
    score: s(2, 1),
    halfTimeScore: s(1, 0),
    corners: s(7, 3),
    firstHalfCorners: s(2, 2),
    ...overrides,
  };
}

function bet(
  type: MarketType,
  outcome: Outcome,
  line?: number,
  extra: Partial<Market> & { placementScore?: Score } = {},
): BetSelection {
  const { placementScore, ...market } = extra;
  return {
    market: { type, period: 'full', ...(line !== undefined && { line }), ...market },
    outcome,
    ...(placementScore && { placementScore }),
  };
}

type Row = readonly [outcome: Outcome, line: number, home: number, away: number, expected: BetResultCode];

describe('Asian handicap, full time', () => {
  // line is the home handicap; an away pick on the same market gets the opposite handicap.
  const rows: Row[] = [
    // whole lines push on an exact margin
    ['home', -1, 2, 1, 90],
    ['away', -1, 2, 1, 90],
    ['home', 0, 1, 1, 90],
    ['away', 0, 1, 1, 90],
    ['home', 2, 0, 2, 90],
    ['home', -2, 2, 1, 20],
    ['home', 0, 2, 1, 10],
    ['away', 0, 2, 1, 20],
    ['away', 1, 0, 0, 20],
    ['home', 1, 0, 0, 10],
    // half lines always decide
    ['home', -0.5, 2, 1, 10],
    ['away', -0.5, 2, 1, 20],
    ['home', -1.5, 2, 1, 20],
    ['away', -1.5, 2, 1, 10],
    ['home', 0.5, 1, 1, 10],
    ['home', -0.5, 1, 1, 20],
    ['home', 1.5, 0, 2, 20],
    ['home', 2.5, 0, 2, 10],
    ['away', 2.5, 0, 2, 20],
    // quarter lines: half stake on each neighbouring line
    ['home', -0.75, 2, 1, 21], // −0.5 wins, −1 pushes
    ['away', -0.75, 2, 1, 11],
    ['home', -1.25, 2, 1, 11], // −1 pushes, −1.5 loses
    ['away', -1.25, 2, 1, 21],
    ['home', -0.25, 1, 1, 11], // 0 pushes, −0.5 loses
    ['away', -0.25, 1, 1, 21],
    ['home', 0.25, 1, 1, 21],
    ['away', 0.25, 1, 1, 11],
    ['home', 0.25, 2, 1, 10], // both halves win
    ['home', -0.25, 2, 1, 10],
    ['home', 0.75, 1, 1, 10],
    ['home', -0.75, 1, 1, 20], // both halves lose
    ['home', -0.75, 3, 1, 10],
    ['home', 1.75, 0, 2, 11], // 1.5 loses, 2 pushes
    ['home', 2.25, 0, 2, 21],
    ['away', 1.75, 0, 2, 21], // away −1.75 winning 0–2: 1.5 wins, 2 pushes
    ['away', -1.75, 2, 0, 11], // away +1.75 losing 2–0: 1.5 loses, 2 pushes
    ['away', -1.75, 0, 2, 10], // away +1.75 winning 0–2: both halves win
    ['home', -2.75, 5, 2, 21],
    ['home', -3.25, 5, 2, 11],
  ];
  it.each(rows)('%s %d at %d–%d → %d', (outcome, line, home, away, expected) => {
    expect(settleSelection(bet('handicap', outcome, line), facts({ score: s(home, away) }))).toBe(expected);
  });
});

describe('totals, full time', () => {
  const rows: Row[] = [
    ['over', 3, 2, 1, 90],
    ['under', 3, 2, 1, 90],
    ['over', 2.5, 2, 1, 10],
    ['under', 2.5, 2, 1, 20],
    ['over', 3.5, 2, 1, 20],
    ['under', 3.5, 2, 1, 10],
    ['over', 2.75, 2, 1, 21], // 2.5 wins, 3 pushes
    ['under', 2.75, 2, 1, 11],
    ['over', 3.25, 2, 1, 11], // 3 pushes, 3.5 loses
    ['under', 3.25, 2, 1, 21],
    ['over', 2.25, 2, 1, 10],
    ['under', 2.25, 2, 1, 20],
    ['over', 3.75, 2, 1, 20],
    ['under', 3.75, 2, 1, 10],
    ['over', 0.5, 0, 0, 20],
    ['under', 0.5, 0, 0, 10],
    ['over', 0.25, 0, 0, 11], // 0 pushes, 0.5 loses
    ['under', 0.25, 0, 0, 21],
    ['over', 1, 0, 0, 20],
    ['over', 0, 0, 0, 90], // the lower half of over 0.25
    ['over', 0, 1, 0, 10],
    ['over', 1, 1, 0, 90],
    ['over', 4, 3, 3, 10],
  ];
  it.each(rows)('%s %d at %d–%d → %d', (outcome, line, home, away, expected) => {
    expect(settleSelection(bet('total', outcome, line), facts({ score: s(home, away) }))).toBe(expected);
  });
});

describe('odd/even', () => {
  it.each([
    ['even', 0, 0, 10],
    ['odd', 0, 0, 20],
    ['odd', 2, 1, 10],
    ['even', 2, 1, 20],
    ['even', 2, 2, 10],
    ['odd', 1, 0, 10],
  ] as const)('%s at %d–%d → %d (zero goals is even)', (outcome, home, away, expected) => {
    expect(settleSelection(bet('oddEven', outcome), facts({ score: s(home, away) }))).toBe(expected);
  });
});

describe('winAlone', () => {
  it.each([
    ['home', 2, 1, 10],
    ['draw', 2, 1, 20],
    ['away', 2, 1, 20],
    ['draw', 1, 1, 10],
    ['home', 1, 1, 20],
    ['away', 1, 3, 10],
    ['draw', 0, 0, 10],
  ] as const)('football 1X2: %s at %d–%d → %d', (outcome, home, away, expected) => {
    expect(settleSelection(bet('winAlone', outcome), facts({ score: s(home, away) }))).toBe(expected);
  });

  const basketball = (overrides: Partial<MatchFacts>): MatchFacts => ({
    sport: 'basketball',
    periodCode: -1,
    score: s(101, 99),
    halfTimeScore: s(50, 50),
    ...overrides,
  });

  it('moneyline on regulation time: a regulation tie refunds both sides', () => {
    const tied = basketball({ score: s(100, 100), scoreAfterOvertime: s(108, 104) });
    expect(settleSelection(bet('winAlone', 'home'), tied)).toBe(90);
    expect(settleSelection(bet('winAlone', 'away'), tied)).toBe(90);
    expect(settleSelection(bet('winAlone', 'home'), basketball({}))).toBe(10);
    expect(settleSelection(bet('winAlone', 'away'), basketball({}))).toBe(20);
  });

  it('a market including overtime settles on the score after overtime', () => {
    const tied = basketball({ score: s(100, 100), scoreAfterOvertime: s(108, 104) });
    expect(settleSelection(bet('winAlone', 'home', undefined, { includesOvertime: true }), tied)).toBe(10);
    expect(settleSelection(bet('winAlone', 'away', undefined, { includesOvertime: true }), tied)).toBe(20);
    expect(settleSelection(bet('total', 'over', 205.5, { includesOvertime: true }), tied)).toBe(10);
    expect(settleSelection(bet('total', 'over', 205.5), tied)).toBe(20);
    // Without overtime played the market falls back to the regulation score.
    expect(
      settleSelection(bet('winAlone', 'home', undefined, { includesOvertime: true }), basketball({})),
    ).toBe(10);
  });

  it('sports decided by sets use the official winner, not the game count', () => {
    const tennis: MatchFacts = { sport: 'tennis', periodCode: -1, score: s(17, 19), winner: 'home' };
    expect(settleSelection(bet('winAlone', 'home'), tennis)).toBe(10);
    expect(settleSelection(bet('winAlone', 'away'), tennis)).toBe(20);
    // Game handicaps and totals still count games.
    expect(settleSelection(bet('handicap', 'home', 1.5), tennis)).toBe(20);
    expect(settleSelection(bet('total', 'over', 35.5), tennis)).toBe(10);
    expect(() => settleSelection(bet('winAlone', 'home'), { ...tennis, winner: undefined })).toThrow(
      /winner/,
    );
  });

  it('boxing draw and racing dead heat refund the moneyline', () => {
    for (const sport of ['boxing', 'racing'] as const) {
      const draw: MatchFacts = { sport, periodCode: -1, score: s(0, 0), winner: 'draw' };
      expect(settleSelection(bet('winAlone', 'home'), draw)).toBe(90);
      expect(settleSelection(bet('winAlone', 'away'), draw)).toBe(90);
      expect(settleSelection(bet('winAlone', 'away'), { ...draw, winner: 'away' })).toBe(10);
      expect(() => settleSelection(bet('winAlone', 'draw'), draw)).toThrow(/no draw/);
    }
  });
});

describe('first-half markets settle on the half-time score', () => {
  // Final 2–1, half-time 1–0.
  it.each([
    ['winAlone', 'home', undefined, 10],
    ['winAlone', 'draw', undefined, 20],
    ['handicap', 'home', -1, 90],
    ['handicap', 'home', -0.75, 21],
    ['handicap', 'away', -0.75, 11],
    ['handicap', 'home', -1.5, 20],
    ['total', 'over', 0.5, 10],
    ['total', 'under', 1.5, 10],
    ['total', 'under', 1, 90],
    ['total', 'over', 1.25, 11],
    ['oddEven', 'odd', undefined, 10],
  ] as const)('%s %s %s → %d', (type, outcome, line, expected) => {
    expect(settleSelection(bet(type, outcome, line, { period: 'firstHalf' }), facts())).toBe(expected);
  });
});

describe('corners count corners taken', () => {
  // Full 7–3 (10), first half 2–2 (4).
  it.each([
    ['cornersTotal', 'over', 9.5, 'full', 10],
    ['cornersTotal', 'under', 9.5, 'full', 20],
    ['cornersTotal', 'over', 10, 'full', 90],
    ['cornersTotal', 'over', 10.25, 'full', 11],
    ['cornersTotal', 'under', 9.75, 'full', 11],
    ['cornersTotal', 'over', 9.75, 'full', 21],
    ['cornersHandicap', 'home', -4, 'full', 90],
    ['cornersHandicap', 'home', -3.5, 'full', 10],
    ['cornersHandicap', 'home', -4.25, 'full', 11],
    ['cornersHandicap', 'home', -3.75, 'full', 21],
    ['cornersHandicap', 'away', -3.75, 'full', 11],
    ['cornersHandicap', 'away', -4.5, 'full', 10],
    ['cornersTotal', 'over', 3.5, 'firstHalf', 10],
    ['cornersTotal', 'under', 4, 'firstHalf', 90],
    ['cornersHandicap', 'home', 0, 'firstHalf', 90],
    ['cornersHandicap', 'away', 0.25, 'firstHalf', 11], // away −0.25 on a 2–2: 0 pushes, −0.5 loses
    ['cornersHandicap', 'home', 0.25, 'firstHalf', 21],
  ] as const)('%s %s %d (%s) → %d', (type, outcome, line, period, expected) => {
    expect(settleSelection(bet(type, outcome, line, { period }), facts())).toBe(expected);
  });

  it('in-play corner handicaps count from kick-off (the placement score is goals only)', () => {
    const placed = bet('cornersHandicap', 'home', -4, { placementScore: s(1, 0) });
    expect(settleSelection(placed, facts())).toBe(90);
  });
});

describe('in-play handicap settles on goals after placement', () => {
  // Final 3–1, bet placed at 2–0: the rest of the match finished 1–1.
  const final = facts({ score: s(3, 1), halfTimeScore: s(2, 1) });
  it.each([
    ['home', -0.5, 20],
    ['home', 0, 90],
    ['home', 0.25, 21],
    ['away', 0.25, 11],
    ['away', 0.5, 20], // away −0.5 needs the away side to outscore after placement
    ['away', -0.5, 10],
  ] as const)('%s %d placed at 2–0 → %d', (outcome, line, expected) => {
    expect(settleSelection(bet('handicap', outcome, line, { placementScore: s(2, 0) }), final)).toBe(
      expected,
    );
  });

  it('without a placement score the whole match counts', () => {
    expect(settleSelection(bet('handicap', 'home', -0.5), final)).toBe(10);
  });

  it('totals, odd/even and winAlone ignore the placement score', () => {
    const placementScore = s(2, 0);
    expect(settleSelection({ ...bet('total', 'over', 3.5), placementScore }, final)).toBe(10);
    expect(settleSelection({ ...bet('oddEven', 'even'), placementScore }, final)).toBe(10);
    expect(settleSelection({ ...bet('winAlone', 'home'), placementScore }, final)).toBe(10);
  });

  it('a first-half handicap placed in the first half counts first-half goals after placement', () => {
    // Half-time 2–1, placed at 1–0: the rest of the half went 1–1.
    const placed = (line: number) =>
      bet('handicap', 'home', line, { period: 'firstHalf', placementScore: s(1, 0) });
    expect(settleSelection(placed(0), final)).toBe(90);
    expect(settleSelection(placed(-0.25), final)).toBe(11);
    expect(settleSelection(placed(0.5), final)).toBe(10);
  });
});

describe('void rules', () => {
  const markets: BetSelection[] = [
    bet('winAlone', 'home'),
    bet('handicap', 'home', -0.5),
    bet('total', 'over', 2.5),
    bet('oddEven', 'odd'),
    bet('cornersTotal', 'over', 9.5),
    bet('cornersHandicap', 'home', -2),
    bet('total', 'over', 0.5, { period: 'firstHalf' }),
  ];

  it.each([-10, -14] as const)('period %d voids every bet, decided or not', (periodCode) => {
    for (const selection of markets) expect(settleSelection(selection, facts({ periodCode }))).toBe(90);
  });

  it('to be determined (−11) keeps every bet open', () => {
    for (const selection of markets) expect(settleSelection(selection, facts({ periodCode: -11 }))).toBe(0);
  });

  describe.each([-13, -12] as const)(
    'stopped match (%d) after half-time at 2–1, half-time 1–0',
    (periodCode) => {
      // No corners stated for the first half here would be a data error; they are 2–2 as in facts().
      const stopped = facts({ periodCode });
      it.each([
        // first half finished: first-half markets stand
        [bet('winAlone', 'home', undefined, { period: 'firstHalf' }), 10],
        [bet('handicap', 'home', -0.75, { period: 'firstHalf' }), 21],
        [bet('total', 'under', 0.5, { period: 'firstHalf' }), 20],
        [bet('oddEven', 'even', undefined, { period: 'firstHalf' }), 20],
        [bet('cornersTotal', 'over', 4.5, { period: 'firstHalf' }), 20],
        // full time: result markets are never decided early
        [bet('winAlone', 'home'), 90],
        [bet('winAlone', 'draw'), 90],
        [bet('handicap', 'home', -0.5), 90],
        [bet('oddEven', 'odd'), 90],
        [bet('cornersHandicap', 'home', -0.5), 90],
        // totals: a won over and a lost under stand, per half stake
        [bet('total', 'over', 2.5), 10],
        [bet('total', 'under', 2.5), 20],
        [bet('total', 'over', 2.75), 21], // 2.5 won, 3 undecided → void
        [bet('total', 'under', 2.75), 11],
        [bet('total', 'over', 2.25), 10],
        [bet('total', 'over', 3), 90], // pushing now, could still win
        [bet('total', 'under', 3), 90],
        [bet('total', 'over', 3.5), 90],
        [bet('total', 'under', 3.5), 90],
        [bet('total', 'under', 3.25), 90], // 3 not decided, 3.5 not decided
        [bet('cornersTotal', 'over', 9.5), 10],
        [bet('cornersTotal', 'under', 10.5), 90],
        [bet('cornersTotal', 'under', 9.75), 11],
      ])('%o → %d', (selection, expected) => {
        expect(settleSelection(selection, stopped)).toBe(expected);
      });
    },
  );

  it('stopped during the first half: only exceeded first-half totals stand', () => {
    const stopped = facts({
      periodCode: -13,
      score: s(1, 0),
      halfTimeScore: undefined,
      firstHalfCorners: undefined,
      corners: s(3, 1),
    });
    const firstHalf = { period: 'firstHalf' } as const;
    expect(settleSelection(bet('total', 'over', 0.5, firstHalf), stopped)).toBe(10);
    expect(settleSelection(bet('total', 'under', 0.5, firstHalf), stopped)).toBe(20);
    expect(settleSelection(bet('total', 'under', 1.5, firstHalf), stopped)).toBe(90);
    expect(settleSelection(bet('winAlone', 'home', undefined, firstHalf), stopped)).toBe(90);
    expect(settleSelection(bet('handicap', 'home', 0, firstHalf), stopped)).toBe(90);
    expect(settleSelection(bet('oddEven', 'odd', undefined, firstHalf), stopped)).toBe(90);
    expect(settleSelection(bet('cornersTotal', 'over', 3.5, firstHalf), stopped)).toBe(10);
    expect(settleSelection(bet('cornersTotal', 'over', 4.5, firstHalf), stopped)).toBe(90);
  });

  it('stopped in overtime: regulation markets stand, overtime-inclusive ones are void unless decided', () => {
    const stopped: MatchFacts = {
      sport: 'basketball',
      periodCode: -13,
      score: s(100, 100),
      scoreAfterOvertime: s(104, 102),
      halfTimeScore: s(52, 48),
    };
    expect(settleSelection(bet('handicap', 'home', -0.5), stopped)).toBe(20);
    expect(settleSelection(bet('winAlone', 'home'), stopped)).toBe(90); // regulation tie
    expect(settleSelection(bet('total', 'under', 200.5), stopped)).toBe(10);
    expect(settleSelection(bet('winAlone', 'home', undefined, { includesOvertime: true }), stopped)).toBe(90);
    expect(settleSelection(bet('total', 'over', 205.5, { includesOvertime: true }), stopped)).toBe(10);
    expect(settleSelection(bet('total', 'under', 210.5, { includesOvertime: true }), stopped)).toBe(90);
  });

  it('boxing or tennis stopped before the end voids the moneyline', () => {
    const stopped: MatchFacts = { sport: 'tennis', periodCode: -13, score: s(10, 4), winner: 'home' };
    expect(settleSelection(bet('winAlone', 'home'), stopped)).toBe(90);
    expect(settleSelection(bet('total', 'over', 13.5), stopped)).toBe(10);
  });
});

describe('live: a bet settles early only once decided', () => {
  const at = (periodCode: MatchPeriodCode, overrides: Partial<MatchFacts> = {}) =>
    facts({ periodCode, halfTimeScore: undefined, firstHalfCorners: undefined, ...overrides });

  it('before kick-off and in the first half, only exceeded totals settle', () => {
    expect(settleSelection(bet('winAlone', 'home'), at(0, { score: s(0, 0) }))).toBe(0);
    expect(
      settleSelection(bet('total', 'over', 0.5, { period: 'firstHalf' }), at(1, { score: s(1, 0) })),
    ).toBe(10);
    expect(
      settleSelection(bet('total', 'under', 0.5, { period: 'firstHalf' }), at(1, { score: s(1, 0) })),
    ).toBe(20);
    expect(
      settleSelection(bet('total', 'under', 1.5, { period: 'firstHalf' }), at(1, { score: s(1, 0) })),
    ).toBe(0);
    expect(settleSelection(bet('winAlone', 'home', undefined, { period: 'firstHalf' }), at(1))).toBe(0);
    // A quarter line with one half decided waits for the other half.
    expect(
      settleSelection(bet('total', 'over', 2.75), at(3, { score: s(2, 1), halfTimeScore: s(1, 0) })),
    ).toBe(0);
  });

  it('at half-time first-half markets settle and full-time ones stay open', () => {
    const halfTime = at(2, {
      score: s(1, 0),
      halfTimeScore: s(1, 0),
      firstHalfCorners: s(3, 1),
      corners: s(3, 1),
    });
    expect(settleSelection(bet('winAlone', 'home', undefined, { period: 'firstHalf' }), halfTime)).toBe(10);
    expect(settleSelection(bet('oddEven', 'even', undefined, { period: 'firstHalf' }), halfTime)).toBe(20);
    expect(settleSelection(bet('cornersHandicap', 'home', -2, { period: 'firstHalf' }), halfTime)).toBe(90);
    expect(settleSelection(bet('winAlone', 'home'), halfTime)).toBe(0);
    expect(settleSelection(bet('total', 'under', 2.5), halfTime)).toBe(0);
    expect(settleSelection(bet('total', 'over', 0.5), halfTime)).toBe(10);
  });

  it('in overtime regulation markets settle; at penalties overtime markets settle too', () => {
    const base: MatchFacts = {
      sport: 'football',
      periodCode: 4,
      score: s(1, 1),
      scoreAfterOvertime: s(2, 1),
      halfTimeScore: s(0, 1),
      corners: s(5, 5),
      firstHalfCorners: s(2, 2),
    };
    expect(settleSelection(bet('winAlone', 'draw'), base)).toBe(10);
    expect(settleSelection(bet('winAlone', 'home', undefined, { includesOvertime: true }), base)).toBe(0);
    expect(
      settleSelection(bet('winAlone', 'home', undefined, { includesOvertime: true }), {
        ...base,
        periodCode: 5,
      }),
    ).toBe(10);
    expect(settleSelection(bet('cornersTotal', 'under', 10.5), base)).toBe(10);
  });
});

describe('input validation', () => {
  it('rejects outcomes foreign to the market', () => {
    expect(() => settleSelection(bet('total', 'home', 2.5), facts())).toThrow(/does not belong/);
    expect(() => settleSelection(bet('handicap', 'over', 0), facts())).toThrow(/does not belong/);
    expect(() => settleSelection(bet('oddEven', 'draw'), facts())).toThrow(/does not belong/);
  });

  it('rejects missing or malformed lines', () => {
    expect(() => settleSelection(bet('handicap', 'home'), facts())).toThrow(/needs a line/);
    expect(() => settleSelection(bet('total', 'over'), facts())).toThrow(/needs a line/);
    expect(() => settleSelection(bet('total', 'over', 2.3), facts())).toThrow(/multiple of 0.25/);
    expect(() => settleSelection(bet('total', 'over', -0.5), facts())).toThrow(/negative/);
    expect(() => settleSelection(bet('total', 'over', -0.25), facts())).toThrow(/negative/);
  });

  it('rejects incomplete or impossible facts', () => {
    expect(() => settleSelection(bet('cornersTotal', 'over', 9.5), facts({ corners: undefined }))).toThrow(
      /corners/,
    );
    expect(() =>
      settleSelection(
        bet('total', 'over', 0.5, { period: 'firstHalf' }),
        facts({ halfTimeScore: undefined }),
      ),
    ).toThrow(/halfTimeScore/);
    expect(() => settleSelection(bet('winAlone', 'home'), facts({ score: s(-1, 0) }))).toThrow(/counts/);
    expect(() => settleSelection(bet('winAlone', 'home'), facts({ score: s(1.5, 0) }))).toThrow(/counts/);
    expect(() =>
      settleSelection(bet('winAlone', 'home'), facts({ periodCode: 7 as unknown as MatchPeriodCode })),
    ).toThrow(/unknown match period/);
  });

  it('rejects a draw pick where the sport has no draw', () => {
    const sport: SportCode = 'basketball';
    expect(() => settleSelection(bet('winAlone', 'draw'), facts({ sport }))).toThrow(/no draw/);
  });
});
