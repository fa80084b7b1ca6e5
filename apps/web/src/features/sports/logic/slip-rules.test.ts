import { describe, expect, it } from 'vitest';
import {
  acceptNewOdds,
  chooseMode,
  emptySlip,
  parlayLegsMax,
  removeLeg,
  type SlipLeg,
  slipBlocker,
  toggleLeg,
} from './slip-rules';

function leg(selectionId: number, matchId: number, odds = 2): SlipLeg {
  return {
    selectionId,
    matchId,
    marketId: selectionId * 10,
    sport: 'football',
    home: `Casa ${matchId}`,
    away: `Fora ${matchId}`,
    type: 'winAlone',
    period: 'full',
    line: null,
    outcome: 'home',
    odds,
  };
}

describe('the bet slip rules', () => {
  it('a first tap makes a single; tapping it again takes it off', () => {
    const one = toggleLeg(emptySlip, leg(1, 100)).state;
    expect(one).toEqual({ mode: 'single', legs: [leg(1, 100)] });
    expect(slipBlocker(one)).toBeUndefined();
    expect(toggleLeg(one, leg(1, 100)).state.legs).toEqual([]);
  });

  it('in a single, another selection of the same match replaces the first', () => {
    const one = toggleLeg(emptySlip, leg(1, 100)).state;
    const change = toggleLeg(one, leg(2, 100));
    expect(change.refusal).toBeUndefined();
    expect(change.state).toEqual({ mode: 'single', legs: [leg(2, 100)] });
  });

  it('a selection of another match turns a single into a parlay of both', () => {
    const one = toggleLeg(emptySlip, leg(1, 100)).state;
    const two = toggleLeg(one, leg(5, 200)).state;
    expect(two.mode).toBe('parlay');
    expect(two.legs.map((entry) => entry.selectionId)).toEqual([1, 5]);
    expect(slipBlocker(two)).toBeUndefined();
  });

  it("a second leg of the same match in a parlay is refused with 'current gameplay not available'", () => {
    const two = toggleLeg(toggleLeg(emptySlip, leg(1, 100)).state, leg(5, 200)).state;
    const change = toggleLeg(two, leg(2, 100));
    expect(change.refusal).toBe('sameMatch');
    expect(change.state).toBe(two);
  });

  it('an eleventh leg is refused with the parlay limit; ten are fine', () => {
    let state = emptySlip;
    for (let match = 1; match <= parlayLegsMax; match++) state = toggleLeg(state, leg(match, match)).state;
    expect(state.legs).toHaveLength(parlayLegsMax);
    const change = toggleLeg(state, leg(99, 99));
    expect(change.refusal).toBe('shopLimit');
    expect(change.state.legs).toHaveLength(parlayLegsMax);
  });

  it('a parlay chosen with one leg cannot be placed until a second match is added', () => {
    const parlay = chooseMode(toggleLeg(emptySlip, leg(1, 100)).state, 'parlay');
    expect(slipBlocker(parlay)).toBe('parlayNeedsTwo');
    expect(toggleLeg(parlay, leg(2, 100)).refusal).toBe('sameMatch');
    expect(slipBlocker(toggleLeg(parlay, leg(3, 300)).state)).toBeUndefined();
  });

  it('single cannot be chosen with several legs; a parlay left with one leg is a single again', () => {
    const two = toggleLeg(toggleLeg(emptySlip, leg(1, 100)).state, leg(5, 200)).state;
    expect(chooseMode(two, 'single')).toBe(two);
    expect(removeLeg(two, 5)).toEqual({ mode: 'single', legs: [leg(1, 100)] });
    expect(slipBlocker(emptySlip)).toBe('empty');
  });

  it('accepting new odds changes only the legs whose odds moved', () => {
    const two = toggleLeg(toggleLeg(emptySlip, leg(1, 100, 2)).state, leg(5, 200, 3)).state;
    const next = acceptNewOdds(two, [
      { selectionId: 1, odds: 1.9 },
      { selectionId: 5, odds: 3 },
    ]);
    expect(next.legs.map((entry) => entry.odds)).toEqual([1.9, 3]);
    expect(next.legs[1]).toBe(two.legs[1]);
    expect(acceptNewOdds(two, [{ selectionId: 5, odds: 3 }])).toBe(two);
  });
});
