import { betResult, settleParlay, singleReturnCents } from '@aposta/sports';
import { describe, expect, it } from 'vitest';
import { finalLegResult, leadingSide, paidEarly, ruleLead } from './early-payout.rules.ts';

// Early payout (decision 0063): the settlement tables of a full-time 1X2 pick at football's rule (two goals).
const home = { type: 'winAlone', period: 'full', outcome: 'home' };
const away = { type: 'winAlone', period: 'full', outcome: 'away' };
const draw = { type: 'winAlone', period: 'full', outcome: 'draw' };
const firstHalfHome = { type: 'winAlone', period: 'firstHalf', outcome: 'home' };
const handicapHome = { type: 'handicap', period: 'full', outcome: 'home' };

describe('early payout rules', () => {
  it.each([
    ['home at 2-0 in the first half', home, { home: 2, away: 0 }, 1, true],
    ['home at 3-1 in the second half', home, { home: 3, away: 1 }, 3, true],
    ['home at 1-0', home, { home: 1, away: 0 }, 1, false],
    ['home at 2-1', home, { home: 2, away: 1 }, 3, false],
    ['home at 0-2 (the other side leads)', home, { home: 0, away: 2 }, 3, false],
    ['away at 0-2', away, { home: 0, away: 2 }, 1, true],
    ['the draw at 2-0', draw, { home: 2, away: 0 }, 1, false],
    ['a first-half 1X2 at 2-0', firstHalfHome, { home: 2, away: 0 }, 1, false],
    ['a handicap at 2-0', handicapHome, { home: 2, away: 0 }, 1, false],
    ['home at 2-0 before kick-off', home, { home: 2, away: 0 }, 0, false],
    ['home at 2-0 once finished (settlement decides)', home, { home: 2, away: 0 }, -1, false],
  ])('%s', (_name, pick, score, period, expected) => {
    expect(paidEarly(pick, score, 2, period)).toBe(expected);
  });

  it('pays nothing early without a rule, and a league rule wins over its sport', () => {
    expect(paidEarly(home, { home: 5, away: 0 }, null, 1)).toBe(false);
    const rules = [
      { leagueId: null, lead: 2, enabled: true },
      { leagueId: 7n, lead: 3, enabled: true },
      { leagueId: 8n, lead: 2, enabled: false },
    ];
    expect(ruleLead(rules, 1n)).toBe(2);
    expect(ruleLead(rules, 7n)).toBe(3);
    expect(ruleLead(rules, 8n)).toBeNull();
    expect(ruleLead([], 1n)).toBeNull();
    expect(leadingSide({ home: 2, away: 0 }, 3)).toBeNull();
  });

  it('an early-paid leg keeps its win whatever the final score; a single pays stake × odds at once', () => {
    // R$ 10.00 on home at 2.10, paid at 2-0: R$ 21.00; the match ends 2-3 (a loss) and the leg stays won.
    expect(singleReturnCents(1000n, 2100, betResult.win)).toBe(2100n);
    expect(finalLegResult({ result: betResult.win, earlyPaid: true }, betResult.lose)).toBe(betResult.win);
    expect(finalLegResult({ result: betResult.open, earlyPaid: false }, betResult.lose)).toBe(betResult.lose);
  });

  it('a parlay leg paid early counts as won; the parlay waits for its other legs', () => {
    const early = { oddsMilli: 2100, result: betResult.win };
    expect(settleParlay(1000n, [early, { oddsMilli: 1500, result: betResult.open }])).toMatchObject({
      result: betResult.open,
    });
    expect(settleParlay(1000n, [early, { oddsMilli: 1500, result: betResult.win }])).toEqual({
      result: betResult.win,
      returnCents: 3150n,
    });
    // The other leg losing loses the parlay, early leg or not.
    expect(settleParlay(1000n, [early, { oddsMilli: 1500, result: betResult.lose }]).result).toBe(
      betResult.lose,
    );
  });
});
