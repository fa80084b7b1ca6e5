import { describe, expect, it } from 'vitest';
import pt from '../../../locales/pt_BR/sports.json';
import { formatHandicap, formatTotal, selectionLine } from './lines';
import { byOutcomeOrder, marketKey } from './markets';
import { isLive, isOver, periodKey, resultKey, resultTone, sportCodes } from './vocabulary';

describe('codes in words', () => {
  it('every period code of spec section 3 has its own words', () => {
    const words = pt.period as Record<string, string>;
    const codes = [0, 1, 2, 3, 4, 5, -1, -10, -11, -12, -13, -14];
    const keys = codes.map(periodKey);
    expect(new Set(keys).size).toBe(codes.length);
    for (const key of keys) expect(words[key]).toBeTruthy();
    expect(periodKey(1)).toBe('firstHalf');
    expect(periodKey(2)).toBe('halfTime');
    expect(periodKey(-1)).toBe('finished');
    expect(periodKey(-10)).toBe('cancelled');
    expect(periodKey(77)).toBe('unknown');
    expect(words.unknown).toBeTruthy();
  });

  it('live is 1..5, over is any negative code', () => {
    expect([0, 1, 2, 5, 6, -1].map(isLive)).toEqual([false, true, true, true, false, false]);
    expect([0, 3, -1, -14].map(isOver)).toEqual([false, false, true, true]);
  });

  it('every bet result code has words and a tone', () => {
    const words = pt.result as Record<string, string>;
    expect([0, 10, 11, 20, 21, 90].map(resultKey)).toEqual([
      'open',
      'won',
      'lostHalf',
      'lost',
      'wonHalf',
      'refunded',
    ]);
    for (const code of [0, 10, 11, 20, 21, 90, 5]) expect(words[resultKey(code)]).toBeTruthy();
    expect([10, 21, 20, 11, 90, 0].map(resultTone)).toEqual([
      'win',
      'win',
      'lose',
      'lose',
      'neutral',
      'neutral',
    ]);
  });

  it('the 12 sports and every market have names', () => {
    expect(sportCodes).toHaveLength(12);
    for (const sport of sportCodes) expect((pt.sport as Record<string, string>)[sport]).toBeTruthy();
    const markets = pt.market as Record<string, string>;
    expect(marketKey('winAlone', 'football')).toBe('winAlone');
    expect(marketKey('winAlone', 'tennis')).toBe('moneyline');
    expect(marketKey('handicap', 'basketball')).toBe('handicap');
    for (const type of [
      'winAlone',
      'moneyline',
      'handicap',
      'total',
      'oddEven',
      'cornersTotal',
      'cornersHandicap',
    ])
      expect(markets[type]).toBeTruthy();
  });

  it('outcomes are shown 1 X 2', () => {
    const sorted = byOutcomeOrder([{ outcome: 'away' }, { outcome: 'draw' }, { outcome: 'home' }]);
    expect(sorted.map((entry) => entry.outcome)).toEqual(['home', 'draw', 'away']);
  });
});

describe('lines and odds', () => {
  it("lines use the language's decimal separator, keep their sign, and a level handicap reads 0,0", () => {
    expect(formatHandicap(-0.75, 'pt_BR')).toBe('-0,75');
    expect(formatHandicap(0.25, 'pt_BR')).toBe('+0,25');
    expect(formatHandicap(0, 'pt_BR')).toBe('0,0');
    expect(formatHandicap(0, 'en_US')).toBe('0.0');
    expect(formatHandicap(-1, 'pt_BR')).toBe('-1');
    expect(formatHandicap(-0.75, 'en_US')).toBe('-0.75');
    expect(selectionLine('handicap', 'home', -0.75, 'pt_BR')).toBe('-0,75');
    expect(selectionLine('handicap', 'away', -0.75, 'pt_BR')).toBe('+0,75');
    expect(selectionLine('handicap', 'away', 0, 'pt_BR')).toBe('0,0');
    expect(selectionLine('cornersHandicap', 'away', 1.5, 'pt_BR')).toBe('-1,5');
    expect(selectionLine('total', 'over', 2.25, 'pt_BR')).toBe('2,25');
    expect(selectionLine('total', 'over', 2.25, 'en_US')).toBe('2.25');
    expect(formatTotal(9, 'pt_BR')).toBe('9');
    expect(selectionLine('oddEven', 'odd', null, 'pt_BR')).toBeNull();
  });
});
