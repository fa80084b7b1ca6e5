import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { marketText, periodText } from './match-text';

const t = ((key: string, options?: { score?: string }) =>
  options?.score ? `${key}(${options.score})` : key) as unknown as TFunction<'sports'>;

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

  it('an in-play handicap names the score it counts from; other markets and pre-match picks do not', () => {
    const handicap = { type: 'handicap', period: 'full', sport: 'football' };
    expect(marketText(t, handicap, { home: 0, away: 1 })).toBe('market.handicap · market.countsFrom(0–1)');
    expect(marketText(t, { ...handicap, period: 'firstHalf' }, { home: 1, away: 0 })).toBe(
      'market.handicap · marketPeriod.firstHalf · market.countsFrom(1–0)',
    );
    expect(marketText(t, handicap, null)).toBe('market.handicap');
    expect(marketText(t, { ...handicap, type: 'total' }, { home: 0, away: 1 })).toBe('market.total');
  });
});
