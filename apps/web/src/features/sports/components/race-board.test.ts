import type { MarketView, MatchSummary } from '@aposta/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { marketText, outcomeText } from '../logic/match-text';
import { raceRows } from './RaceBoard';

const t = ((key: string) => key) as unknown as TFunction<'sports'>;

const runners = [
  { id: 'fa01', name: 'T. Valverde' },
  { id: 'fa02', name: 'K. Almstedt' },
  { id: 'fa03', name: 'R. Okonjo' },
];
const winner: MarketView = {
  marketId: 1,
  type: 'winner',
  period: 'full',
  line: null,
  status: 'open',
  selections: [
    { selectionId: 1, outcome: 'fa01', odds: 4.5 },
    { selectionId: 2, outcome: 'fa02', odds: 2.1 },
    { selectionId: 3, outcome: 'fa03', odds: 3.2 },
  ],
};
const race = (over: Partial<MatchSummary>): MatchSummary => ({
  matchId: 9,
  sport: 'racing',
  league: 'Fórmula Aurora',
  home: 'Fórmula Aurora 3',
  away: 'aurora',
  startTime: 0,
  period: 0,
  score: { home: 0, away: 0 },
  scoreDetail: null,
  mainMarkets: [winner],
  kind: 'outright',
  runners,
  ...over,
});

describe('a race on the board', () => {
  it('lists the field by price before the start, in the running order (retired last) while it runs', () => {
    expect(raceRows(race({}), winner).map((row) => row.name)).toEqual([
      'K. Almstedt',
      'R. Okonjo',
      'T. Valverde',
    ]);
    const live = race({
      period: 1,
      scoreDetail: {
        unit: 'race',
        current: 12,
        segments: [],
        laps: 58,
        order: ['fa03', 'fa01'],
        retired: ['fa02'],
      },
    });
    expect(raceRows(live, winner)).toEqual([
      { id: 'fa03', name: 'R. Okonjo', position: 1, retired: false },
      { id: 'fa01', name: 'T. Valverde', position: 2, retired: false },
      { id: 'fa02', name: 'K. Almstedt', position: null, retired: true },
    ]);
  });

  it('names the runner picked, not its id, and the outright market', () => {
    const pick = { type: 'winner', outcome: 'fa02', line: null, home: 'Fórmula Aurora 3', away: 'aurora' };
    expect(outcomeText(t, { ...pick, runner: 'K. Almstedt' }, 'pt_BR')).toBe('K. Almstedt');
    expect(marketText(t, { type: 'podium', period: 'full', sport: 'racing' })).toBe('market.podium');
  });
});
