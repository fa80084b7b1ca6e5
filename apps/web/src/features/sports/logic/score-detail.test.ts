import type { MatchSummary } from '@aposta/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { headlineScore, segmentLabel, segmentsLine } from './score-detail';

// A stand-in `t` that shows the key and its values, so the tests read which words are asked for.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction<'sports'>;

const match = (over: Partial<MatchSummary>): MatchSummary => ({
  matchId: 1,
  sport: 'tennis',
  league: 'ATP 500 Rio de Janeiro',
  home: 'J. Fonseca',
  away: 'C. Alcaraz',
  startTime: 0,
  period: 1,
  score: { home: 0, away: 0 },
  scoreDetail: null,
  mainMarkets: [],
  ...over,
});

describe('a match in its sport’s words', () => {
  it('tennis: the set being played, sets won as the headline, each set’s games below', () => {
    const tennis = match({
      score: { home: 9, away: 6 },
      scoreDetail: {
        unit: 'set',
        current: 2,
        segments: [
          { home: 6, away: 4 },
          { home: 3, away: 2 },
        ],
        won: { home: 1, away: 0 },
        bestOf: 3,
      },
    });
    expect(segmentLabel(t, tennis)).toBe('detail.set{"n":2}');
    expect(headlineScore(tennis)).toEqual({ home: '1', away: '0' });
    expect(segmentsLine(t, tennis)).toBe('6-4  3-2');
  });

  it('football: the half and its minute; half-time says “Intervalo” through the period code', () => {
    const football = match({
      sport: 'football',
      score: { home: 1, away: 0 },
      scoreDetail: {
        unit: 'half',
        current: 2,
        segments: [
          { home: 1, away: 0 },
          { home: 0, away: 0 },
        ],
        minute: 67,
      },
      period: 3,
    });
    expect(segmentLabel(t, football)).toBe("period.secondHalf 67'");
    expect(segmentLabel(t, { ...football, period: 2 })).toBeNull();
    expect(headlineScore(football)).toEqual({ home: '1', away: '0' });
  });

  it('boxing: rounds, no score; a stoppage or the cards once over', () => {
    const fight = match({
      sport: 'boxing',
      scoreDetail: { unit: 'round', current: 5, segments: [], bestOf: 12 },
    });
    expect(segmentLabel(t, fight)).toBe('detail.roundOf{"n":5,"total":12}');
    expect(headlineScore(fight)).toBeNull();
    expect(
      segmentsLine(t, {
        ...fight,
        period: -1,
        scoreDetail: {
          ...fight.scoreDetail!,
          segments: [{ home: 0, away: 0 }],
          stoppage: { side: 'away', round: 5 },
        },
      }),
    ).toBe('detail.stoppage{"round":5}');
  });

  it('baseball: the inning and who bats; cricket: runs/wickets and overs', () => {
    const baseball = match({
      sport: 'baseball',
      scoreDetail: { unit: 'inning', current: 7, segments: [{ home: 1, away: 0 }], inningHalf: 'bottom' },
    });
    expect(segmentLabel(t, baseball)).toBe('detail.inning{"n":7} ▼');
    const cricket = match({
      sport: 'cricket',
      score: { home: 168, away: 97 },
      scoreDetail: {
        unit: 'innings',
        current: 2,
        segments: [
          { home: 168, away: 0 },
          { home: 0, away: 97 },
        ],
        wickets: { home: 7, away: 3 },
        balls: { home: 120, away: 75 },
      },
    });
    expect(headlineScore(cricket)).toEqual({ home: '168/7', away: '97/3' });
    expect(segmentsLine(t, cricket)).toBe('detail.overs{"home":"20.0","away":"12.3"}');
  });

  it('a match without a detail (operator-made, or not started) keeps the plain score', () => {
    const plain = match({ sport: 'basketball', score: { home: 80, away: 75 } });
    expect(segmentLabel(t, plain)).toBeNull();
    expect(segmentsLine(t, plain)).toBeNull();
    expect(headlineScore(plain)).toEqual({ home: '80', away: '75' });
  });
});
