import type { MarketView } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { patchMarkets } from './cache-patch';

// Odds boosts reach the phone in the `odds` event (api-contract section 19): a boost starting adds the boosted
// price beside the odds, its end takes it away, and an unchanged board keeps the same object (no re-render).
const market = (selection: MarketView['selections'][number]): MarketView => ({
  marketId: 7,
  type: 'winAlone',
  period: 'full',
  line: null,
  status: 'open',
  selections: [selection],
});
const plain = { selectionId: 70, outcome: 'home', odds: 2.1 };
const boosted = { ...plain, boostedOdds: 2.5, boostId: 3 };

describe('boosts in the cached board', () => {
  it('adds a boost, keeps an unchanged one, and removes an ended one', () => {
    const start = [market(plain)];
    const withBoost = patchMarkets(start, [market(boosted)], false);
    expect(withBoost[0]!.selections[0]).toEqual(boosted);
    expect(patchMarkets(withBoost, [market(boosted)], false)).toBe(withBoost);
    const ended = patchMarkets(withBoost, [market(plain)], false);
    expect(ended[0]!.selections[0]).toEqual(plain);
  });
});
