import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missionProgress, prizeOfRank, rankScores, tournamentState } from './tournaments.rules.ts';

const at = (iso: string) => new Date(iso);

describe('tournamentState', () => {
  const t = { starts_at: at('2026-11-01T00:00:00Z'), ends_at: at('2026-11-08T00:00:00Z'), status: 'open' };
  it('is upcoming before, live during, ended after its period; paid once paid', () => {
    expect(tournamentState(t, at('2026-10-31T23:59:59Z'))).toBe('upcoming');
    expect(tournamentState(t, at('2026-11-01T00:00:00Z'))).toBe('live');
    expect(tournamentState(t, at('2026-11-08T00:00:00Z'))).toBe('ended');
    expect(tournamentState({ ...t, status: 'paid' }, at('2026-11-09T00:00:00Z'))).toBe('paid');
  });
});

describe('rankScores', () => {
  it('ranks by score, then by who reached it first, and pays the table by rank', () => {
    const rows = [
      { userId: 3n, score: 500n, reachedAt: at('2026-11-02T10:00:00Z') },
      { userId: 1n, score: 900n, reachedAt: at('2026-11-03T10:00:00Z') },
      { userId: 2n, score: 500n, reachedAt: at('2026-11-02T09:00:00Z') },
    ];
    expect(rankScores(rows, [10_000n, 5_000n]).map((r) => [r.userId, r.rank, r.prizeCents])).toEqual([
      [1n, 1, 10_000n],
      [2n, 2, 5_000n],
      [3n, 3, 0n],
    ]);
  });
  it('gives every player one distinct rank and pays at most the table', () => {
    const row = fc.record({
      userId: fc.bigInt({ min: 1n, max: 1_000n }),
      score: fc.bigInt({ min: 0n, max: 10_000n }),
      reachedAt: fc.date({
        min: at('2026-01-01T00:00:00Z'),
        max: at('2026-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
    });
    const rows = fc.uniqueArray(row, { selector: (r) => r.userId, maxLength: 40 });
    const prizes = fc.array(fc.bigInt({ min: 0n, max: 100_000n }), { maxLength: 10 });
    fc.assert(
      fc.property(rows, prizes, (players, table) => {
        const ranked = rankScores(players, table);
        expect(ranked.map((r) => r.rank)).toEqual(players.map((_, i) => i + 1));
        for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score >= ranked[i]!.score).toBe(true);
        const paid = ranked.reduce((sum, r) => sum + r.prizeCents, 0n);
        const table_ = table.slice(0, players.length).reduce((sum, p) => sum + p, 0n);
        expect(paid).toBe(table_);
      }),
    );
  });
  it('pays nothing past the table', () => {
    expect(prizeOfRank([100n], 2)).toBe(0n);
  });
});

describe('missionProgress', () => {
  it('never shows more than the target', () => {
    expect(missionProgress(12, 10)).toBe(10);
    expect(missionProgress(3, 10)).toBe(3);
  });
});
