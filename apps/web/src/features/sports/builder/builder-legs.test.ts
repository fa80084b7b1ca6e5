import type { MarketView } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { builderGroups, builderMarket, refusalKey, togglePick } from './builder-legs';

const market = (fields: Partial<MarketView>): MarketView => ({
  marketId: 1,
  type: 'total',
  period: 'full',
  line: 2.5,
  status: 'open',
  selections: [],
  ...fields,
});

describe('bet builder legs', () => {
  it('takes 1X2, odd/even and half lines only, from open markets', () => {
    expect(builderMarket(market({ type: 'winAlone', line: null }))).toBe(true);
    expect(builderMarket(market({ line: 2.5 }))).toBe(true);
    expect(builderMarket(market({ line: 3 }))).toBe(false);
    expect(builderMarket(market({ line: 2.25 }))).toBe(false);
    expect(builderMarket(market({ line: -1.5, type: 'handicap' }))).toBe(true);
    expect(builderMarket(market({ status: 'closed' }))).toBe(false);
  });

  it('groups full time before the first half, result before goals', () => {
    const groups = builderGroups([
      market({ marketId: 2, period: 'firstHalf', line: 0.5 }),
      market({ marketId: 3, type: 'winAlone', line: null }),
      market({ marketId: 4, line: 1.5 }),
      market({ marketId: 5, line: 0.5 }),
    ]);
    expect(groups.map((group) => [group.key, group.markets.map((m) => m.marketId)])).toEqual([
      ['full:winAlone', [3]],
      ['full:total', [5, 4]],
      ['firstHalf:total', [2]],
    ]);
  });

  it('a second pick of a market replaces the first; a chosen pick comes off', () => {
    const one = togglePick([], { selectionId: 10, marketId: 1 });
    const replaced = togglePick(one, { selectionId: 11, marketId: 1 });
    expect(replaced).toEqual([{ selectionId: 11, marketId: 1 }]);
    expect(togglePick(replaced, { selectionId: 11, marketId: 1 })).toEqual([]);
  });

  it('explains the server refusal by its reason', () => {
    expect(refusalKey({ reason: 'contradictory' })).toBe('refused.contradictory');
    expect(refusalKey(null)).toBe('refused.other');
  });
});
