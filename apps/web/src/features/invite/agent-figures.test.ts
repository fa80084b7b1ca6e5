import { describe, expect, it } from 'vitest';
import { agentPeriods, barHeights } from './agent-figures';

describe('agent figures', () => {
  it('today is the last day, yesterday the one before, and the month their sum to the centavo', () => {
    const days = [
      { day: '2026-11-22', wagered: 0.1, commission: 0.2 },
      { day: '2026-11-23', wagered: 400, commission: 3.2 },
      { day: '2026-11-24', wagered: 12.5, commission: 0 },
    ];
    expect(agentPeriods(days)).toEqual({
      today: { wagered: 12.5, commission: 0 },
      yesterday: { wagered: 400, commission: 3.2 },
      month: { wagered: 412.6, commission: 3.4 },
    });
    expect(agentPeriods([]).month).toEqual({ wagered: 0, commission: 0 });
  });

  it('bars are scaled to the largest day; nothing earned is a flat chart', () => {
    expect(barHeights([1, 2, 4])).toEqual([0.25, 0.5, 1]);
    expect(barHeights([0, 0])).toEqual([0, 0]);
  });
});
