import { describe, expect, it } from 'vitest';
import { choiceTakes, slipFigures } from './slip-figures';

describe('the slip figures follow the current odds', () => {
  it('a single whose odds dropped shows the new odds and the return at them, and asks to accept them', () => {
    // The slip: agreed at 1.36, the market now 1.07, R$ 5 staked.
    const figures = slipFigures([{ selectionId: 1, agreed: 1.36, current: 1.07 }], 'single', 500n, 'better');
    expect(figures.odds).toEqual([1.07]);
    expect(figures.combined).toBe(1.07);
    expect(figures.potentialCents).toBe(535n);
    expect(figures.toAccept).toEqual([{ selectionId: 1, odds: 1.07 }]);
  });

  it('a parlay multiplies the current odds; a rise the choice takes asks nothing', () => {
    const figures = slipFigures(
      [
        { selectionId: 1, agreed: 2, current: 2.2 },
        { selectionId: 2, agreed: 1.5, current: undefined },
      ],
      'parlay',
      1000n,
      'better',
    );
    expect(figures.combined).toBe(3.3);
    expect(figures.potentialCents).toBe(3300n);
    expect(figures.toAccept).toEqual([]);
  });

  it('the choice decides what is taken without asking, as the server decides', () => {
    expect(choiceTakes('none', 2, 2)).toBe(true);
    expect(choiceTakes('none', 2, 2.1)).toBe(false);
    expect(choiceTakes('better', 2, 2.1)).toBe(true);
    expect(choiceTakes('better', 2, 1.9)).toBe(false);
    expect(choiceTakes('any', 2, 1.1)).toBe(true);
  });
});
