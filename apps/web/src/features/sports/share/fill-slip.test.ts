import type { SharedSelection } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { fillFromShared } from './fill-slip';

const selection = (selectionId: number, matchId: number, status: SharedSelection['status'] = 'open') =>
  ({
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
    odds: 1.5 + selectionId / 10,
    status,
    matchPeriod: 0,
  }) satisfies SharedSelection;

describe('filling the slip from a shared one', () => {
  it('puts the open picks at their current odds as a parlay, and marks the suspended and settled ones', () => {
    const fill = fillFromShared([
      selection(1, 1),
      selection(2, 2, 'suspended'),
      selection(3, 3),
      selection(4, 4, 'settled'),
    ]);
    expect(fill.state.mode).toBe('parlay');
    expect(fill.state.legs.map((leg) => [leg.selectionId, leg.odds])).toEqual([
      [1, 1.6],
      [3, 1.8],
    ]);
    expect([...fill.left]).toEqual([
      [2, 'suspended'],
      [4, 'settled'],
    ]);
  });

  it('is a single with one open pick, and refuses a second pick of one match', () => {
    const fill = fillFromShared([selection(1, 1), selection(2, 1), selection(3, 2, 'settled')]);
    expect(fill.state).toEqual({ mode: 'single', legs: [expect.objectContaining({ selectionId: 1 })] });
    expect(fill.left.get(2)).toBe('sameMatch');
  });
});
