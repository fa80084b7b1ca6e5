import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { FeedFixture } from '../../src/modules/sportsbook/feed/feed.ts';
import { simulatedFeed } from '../../src/modules/sportsbook/feed/simulated.feed.ts';

// SPORTSBOOK_SIM_KICKOFF_NOW: a test asks the simulated feed for a match of a sport starting now, so a journey
// finds a tennis match in its first set at once instead of waiting up to a whole schedule cycle (330 s at speed 20).

const config = { feedSpeed: 20, marginRate: 0.05, goalSuspensionSeconds: 4 };

describe('a match kicked off now (test-only control)', () => {
  it('is parsed from SPORTSBOOK_SIM_KICKOFF_NOW, off by default, and refused in production', () => {
    expect(loadConfig({}).sportsbook.simKickoffNow).toEqual([]);
    expect(loadConfig({ SPORTSBOOK_SIM_KICKOFF_NOW: 'tennis, football' }).sportsbook.simKickoffNow).toEqual([
      'tennis',
      'football',
    ]);
    expect(() => loadConfig({ SPORTSBOOK_SIM_KICKOFF_NOW: 'curling' })).toThrow(/unknown sports: curling/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@127.0.0.1/x',
        SPORTSBOOK_SIM_KICKOFF_NOW: 'tennis',
      }),
    ).toThrow(/SPORTSBOOK_SIM_KICKOFF_NOW.*production/);
  });

  it('adds one match of each listed sport at the first poll, live in its first set a tick later', () => {
    const now = Date.UTC(2030, 4, 1, 12, 3, 17);
    const plain = simulatedFeed(config).poll(new Date(now), []) as { fixtures: FeedFixture[] };
    const feed = simulatedFeed(config, { kickoffNow: ['tennis'] });
    const first = feed.poll(new Date(now), []) as { fixtures: FeedFixture[] };
    const extra = first.fixtures.filter(
      (item) => !plain.fixtures.some((p) => p.externalId === item.externalId),
    );
    expect(extra).toHaveLength(1);
    const match = extra[0]!;
    expect(match).toMatchObject({ sport: 'tennis', startTime: new Date(now) });
    expect(match.league).toMatch(/^(ATP|WTA) /);
    // Its sides are not playing another match at the same time.
    const busy = first.fixtures.filter(
      (item) =>
        item !== match &&
        item.sport === 'tennis' &&
        Math.abs(item.startTime.getTime() - now) < (6300 / config.feedSpeed) * 1000,
    );
    for (const other of busy) {
      expect([other.home, other.away]).not.toContain(match.home);
      expect([other.home, other.away]).not.toContain(match.away);
    }

    // Two seconds on: in play, first set; and not added again.
    const running = [
      {
        id: 1n,
        externalId: match.externalId,
        sport: match.sport,
        startTime: match.startTime,
        period: 0,
        meta: match.meta,
      },
    ];
    const later = feed.poll(new Date(now + 2000), running) as {
      fixtures: FeedFixture[];
      updates: { externalId: string; state?: { period: number; scoreDetail?: unknown } }[];
    };
    expect(later.fixtures.some((item) => item.externalId === match.externalId)).toBe(false);
    expect(later.fixtures.filter((item) => item.externalId.includes('-n'))).toEqual([]);
    const update = later.updates.find((item) => item.externalId === match.externalId)!;
    expect(update.state?.period).toBe(1);
    expect(update.state?.scoreDetail).toMatchObject({ unit: 'set', current: 1 });
  });

  it('kicks one off again every quarter of a match, so one has always just started, with other sides', () => {
    const now = Date.UTC(2030, 4, 1, 12, 3, 17);
    const quarterMs = (6300 / config.feedSpeed / 4) * 1000;
    const feed = simulatedFeed(config, { kickoffNow: ['tennis'] });
    const kicked: FeedFixture[] = [];
    // Polled every 5 s for 320 s: a quarter is 78.75 s at this speed, so a kick-off at the first poll past each.
    for (let second = 0; second <= 320; second += 5) {
      const batch = feed.poll(new Date(now + second * 1000), []) as { fixtures: FeedFixture[] };
      kicked.push(...batch.fixtures.filter((item) => item.externalId.includes('-n')));
    }
    expect(quarterMs).toBe(78_750);
    expect(kicked.map((item) => item.startTime.getTime() - now)).toEqual([
      0, 80_000, 160_000, 240_000, 320_000,
    ]);
    // The matches still playing together share no side.
    const playing = kicked.slice(0, 4).flatMap((item) => [item.home, item.away]);
    expect(new Set(playing).size).toBe(playing.length);
  });
});
