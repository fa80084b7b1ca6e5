import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { marketText, periodText } from './match-text';

const t = ((key: string) => key) as unknown as TFunction<'sports'>;

describe('market periods in the sport’s words', () => {
  it('names the first part as the sport does: half, set, game or five innings', () => {
    expect(periodText(t, 'firstHalf', 'football')).toBe('marketPeriod.firstHalf');
    expect(periodText(t, 'firstHalf', 'tennis')).toBe('marketPeriod.firstSet');
    expect(periodText(t, 'firstHalf', 'tableTennis')).toBe('marketPeriod.firstGame');
    expect(periodText(t, 'firstHalf', 'baseball')).toBe('marketPeriod.firstFive');
    expect(periodText(t, 'full', 'tennis')).toBe('marketPeriod.full');
    expect(marketText(t, { type: 'total', period: 'firstHalf', sport: 'volleyball' })).toBe(
      'market.total · marketPeriod.firstSet',
    );
  });
});
