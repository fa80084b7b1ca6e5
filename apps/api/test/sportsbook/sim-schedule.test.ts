import { sportCodes } from '@aposta/sports';
import { describe, expect, it } from 'vitest';
import type { FeedFixture } from '../../src/modules/sportsbook/feed/feed.ts';
import { simulatedLeagues } from '../../src/modules/sportsbook/feed/sim.data.ts';
import { roundRobinPair, simulatedFeed } from '../../src/modules/sportsbook/feed/simulated.feed.ts';

// The simulated feed's fixture list, without a database: what a player scrolling the board would notice.

const config = { feedSpeed: 10, marginRate: 0.05, goalSuspensionSeconds: 4 };
const liveMs = (6300 / config.feedSpeed) * 1000;

function fixturesOverADay(): FeedFixture[] {
  const feed = simulatedFeed(config);
  const start = Date.UTC(2030, 4, 1, 0, 0, 0);
  const all: FeedFixture[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const batch = feed.poll(new Date(start + hour * 3600_000), []) as { fixtures: FeedFixture[] };
    all.push(...batch.fixtures);
  }
  return all;
}

describe('simulated leagues and rosters', () => {
  const fixtures = fixturesOverADay();

  it('puts every side in its own league only (no Brazilian club in the Premier League, no WTA player at the ATP)', () => {
    for (const sport of sportCodes) {
      const owner = new Map<string, string>();
      for (const league of simulatedLeagues[sport]) {
        expect(league.sides.length % 2, league.name).toBe(0);
        for (const side of league.sides) {
          expect(owner.get(side), `${side} in two ${sport} leagues`).toBeUndefined();
          owner.set(side, league.name);
        }
      }
    }
    for (const fixture of fixtures) {
      const league = simulatedLeagues[fixture.sport].find((item) => item.name === fixture.league)!;
      expect(league.sides).toContain(fixture.home);
      expect(league.sides).toContain(fixture.away);
      expect(fixture.home).not.toBe(fixture.away);
    }
    const premier = fixtures.filter((fixture) => fixture.league === 'Premier League');
    expect(premier.length).toBeGreaterThan(10);
    expect(premier.some((fixture) => fixture.home === 'Flamengo' || fixture.away === 'Flamengo')).toBe(false);
  });

  it('never has a side in two matches at once', () => {
    expect(fixtures.length).toBeGreaterThan(12 * 24 * 5);
    for (const sport of sportCodes) {
      const list = fixtures
        .filter((fixture) => fixture.sport === sport)
        .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
      for (let i = 0; i < list.length; i++) {
        for (let j = i + 1; j < list.length; j++) {
          if (list[j]!.startTime.getTime() - list[i]!.startTime.getTime() >= liveMs) break;
          const sides = new Set([list[i]!.home, list[i]!.away]);
          expect(
            sides.has(list[j]!.home) || sides.has(list[j]!.away),
            `${sport} ${list[j]!.externalId}`,
          ).toBe(false);
        }
      }
    }
  });

  it('plays each league as a double round robin: every pair once at home, once away', () => {
    for (const n of [6, 8, 16]) {
      const seen = new Set<string>();
      for (let m = 0; m < n * (n - 1); m++) {
        const [home, away] = roundRobinPair(n, m);
        expect(home).not.toBe(away);
        seen.add(`${home}-${away}`);
      }
      expect(seen.size).toBe(n * (n - 1));
      // Within a round nobody plays twice.
      const round = Array.from({ length: n / 2 }, (_, slot) => roundRobinPair(n, 3 * (n / 2) + slot)).flat();
      expect(new Set(round).size).toBe(n);
    }
  });
});
