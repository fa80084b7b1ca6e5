import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  call,
  createMatch,
  createSportsbookApp,
  newPlayer,
  pick,
  postState,
  type SportsbookTestApp,
} from './helpers.ts';

describe(`sportsbook catalogue and operator calls (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('lists all 12 sports from the reference data, counts included', async () => {
    const answer = await call(app.test, 'GET', '/api/app/sports/list');
    expect(answer.http).toBe(200);
    expect(answer.data.map((row: { sport: string }) => row.sport)).toEqual([
      'football',
      'basketball',
      'tennis',
      'boxing',
      'snooker',
      'baseball',
      'volleyball',
      'badminton',
      'americanFootball',
      'tableTennis',
      'cricket',
      'racing',
    ]);
    for (const row of answer.data)
      expect(row).toEqual({ sport: row.sport, live: expect.any(Number), upcoming: expect.any(Number) });
  });

  it('lets an operator create a match that players see with ids, main markets and every market', async () => {
    const match = await createMatch(app);
    expect(match.markets).toHaveLength(12);
    const detail = await call(app.test, 'GET', `/api/app/sports/matches/${match.matchId}`);
    expect(detail.http).toBe(200);
    expect(detail.data).toMatchObject({
      matchId: match.matchId,
      sport: 'football',
      period: 0,
      score: { home: 0, away: 0 },
    });
    const handicap = detail.data.markets.find(
      (market: { type: string; line: number }) => market.type === 'handicap' && market.line === -0.75,
    );
    expect(handicap).toMatchObject({ period: 'full', status: 'open' });
    expect(
      handicap.selections.map((selection: { outcome: string; odds: number }) => [
        selection.outcome,
        selection.odds,
      ]),
    ).toEqual([
      ['home', 2.2],
      ['away', 1.7],
    ]);
    // Main markets: the 1X2 and the first line given of each line market.
    expect(
      detail.data.mainMarkets.map((market: { type: string; line: number | null }) => [
        market.type,
        market.line,
      ]),
    ).toEqual([
      ['handicap', -0.5],
      ['total', 2.5],
      ['winAlone', null],
    ]);
    const list = await call(app.test, 'GET', '/api/app/sports/matches?sport=football&live=0&size=100');
    const summary = list.data.records.find((record: { matchId: number }) => record.matchId === match.matchId);
    expect(summary.mainMarkets).toHaveLength(3);
    expect(summary).not.toHaveProperty('markets');
    const sports = await call(app.test, 'GET', '/api/app/sports/list');
    expect(sports.data[0].upcoming).toBeGreaterThanOrEqual(1);
  });

  it('refuses markets the sport does not offer, bad lines and wrong outcomes with a 400 naming the market', async () => {
    const cases = [
      {
        sport: 'tennis',
        markets: [
          {
            type: 'cornersTotal',
            line: 9.5,
            selections: [
              { outcome: 'over', odds: 1.9 },
              { outcome: 'under', odds: 1.9 },
            ],
          },
        ],
      },
      {
        sport: 'football',
        markets: [
          {
            type: 'total',
            line: 2.3,
            selections: [
              { outcome: 'over', odds: 1.9 },
              { outcome: 'under', odds: 1.9 },
            ],
          },
        ],
      },
      {
        sport: 'football',
        markets: [
          {
            type: 'total',
            selections: [
              { outcome: 'over', odds: 1.9 },
              { outcome: 'under', odds: 1.9 },
            ],
          },
        ],
      },
      {
        sport: 'basketball',
        markets: [
          {
            type: 'winAlone',
            selections: [
              { outcome: 'home', odds: 1.9 },
              { outcome: 'draw', odds: 9 },
              { outcome: 'away', odds: 1.9 },
            ],
          },
        ],
      },
      {
        sport: 'football',
        markets: [
          {
            type: 'oddEven',
            selections: [
              { outcome: 'odd', odds: 1.9 },
              { outcome: 'odd', odds: 1.9 },
            ],
          },
        ],
      },
      {
        sport: 'football',
        markets: [
          {
            type: 'total',
            line: null,
            selections: [
              { outcome: 'over', odds: 1.9 },
              { outcome: 'under', odds: 1.9 },
            ],
          },
        ],
      },
      { sport: 'cricket', markets: [], home: 'X', away: 'X' },
    ];
    for (const body of cases) {
      const answer = await admin(app, 'POST', '/api/admin/sports/matches', {
        league: 'Liga',
        home: 'A',
        away: 'B',
        startTime: Date.now(),
        ...body,
      });
      expect(answer.http, JSON.stringify(body)).toBe(400);
      expect(answer.status).toBe(400);
    }
  });

  it('takes line: null on markets without a line, as the player view shows them', async () => {
    const answer = await admin(app, 'POST', '/api/admin/sports/matches', {
      sport: 'football',
      league: 'Liga',
      home: 'Casa',
      away: 'Fora',
      startTime: Date.now() + 3_600_000,
      markets: [
        {
          type: 'winAlone',
          period: 'full',
          line: null,
          selections: [
            { outcome: 'home', odds: 2.1 },
            { outcome: 'draw', odds: 3.2 },
            { outcome: 'away', odds: 3.5 },
          ],
        },
        {
          type: 'oddEven',
          line: null,
          selections: [
            { outcome: 'odd', odds: 1.95 },
            { outcome: 'even', odds: 1.95 },
          ],
        },
      ],
    });
    expect(answer.http, JSON.stringify(answer)).toBe(200);
    const markets = (answer.data as { markets: { type: string; line: number | null }[] }).markets;
    expect(markets.map((market) => [market.type, market.line]).sort()).toEqual([
      ['oddEven', null],
      ['winAlone', null],
    ]);
  });

  it('keeps operator calls for operators: a player token and no token get 401', async () => {
    const player = await newPlayer(app);
    const body = { sport: 'football', league: 'L', home: 'A', away: 'B', startTime: Date.now(), markets: [] };
    expect((await call(app.test, 'POST', '/api/admin/sports/matches', player.token, body)).http).toBe(401);
    expect((await call(app.test, 'POST', '/api/admin/sports/matches', undefined, body)).status).toBe(40101);
  });

  it('answers 404 for unknown matches and markets, and 400 for malformed ids', async () => {
    expect((await call(app.test, 'GET', '/api/app/sports/matches/999999999')).http).toBe(404);
    expect((await call(app.test, 'GET', '/api/app/sports/matches/abc')).http).toBe(400);
    expect(
      (await admin(app, 'POST', '/api/admin/sports/markets/999999999/status', { status: 'open' })).http,
    ).toBe(404);
    expect((await postState(app, 999999999, { period: 1, score: { home: 0, away: 0 } })).http).toBe(404);
  });

  it('posts state and market status, broadcasting matchState and a batched odds event', async () => {
    const match = await createMatch(app);
    const state = await postState(app, match.matchId, {
      period: 1,
      score: { home: 1, away: 0 },
      corners: { home: 2, away: 1 },
    });
    expect(state.http).toBe(200);
    expect(state.data).toMatchObject({
      period: 1,
      score: { home: 1, away: 0 },
      corners: { home: 2, away: 1 },
    });
    expect(app.events).toContainEqual({
      to: 'all',
      event: 'matchState',
      payload: { matchId: match.matchId, period: 1, score: { home: 1, away: 0 } },
    });
    const total = pick(match, 'total', 'over', 2.5);
    const handicap = pick(match, 'handicap', 'home', -0.5);
    const oddsEvents = () =>
      app.events.filter(
        (event) => event.event === 'odds' && (event.payload as { matchId: number }).matchId === match.matchId,
      );
    // The batching window on a clock the test holds: however slow the machine, the three changes land in it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const [marketId, status] of [
        [total.marketId, 'suspended'],
        [handicap.marketId, 'suspended'],
        [total.marketId, 'open'],
      ] as const) {
        const answer = await admin(app, 'POST', `/api/admin/sports/markets/${marketId}/status`, { status });
        expect(answer.http).toBe(200);
        expect(answer.data).toMatchObject({ marketId, status });
      }
      expect(oddsEvents()).toEqual([]);
      vi.advanceTimersByTime(250);
    } finally {
      vi.useRealTimers();
    }
    // Three changes within the batching window: one event with each market once, at its latest status.
    const odds = oddsEvents();
    expect(odds).toHaveLength(1);
    const markets = (odds[0]!.payload as { markets: { marketId: number; status: string }[] }).markets;
    expect(markets.map((market) => [market.marketId, market.status]).sort()).toEqual(
      [
        [total.marketId, 'open'],
        [handicap.marketId, 'suspended'],
      ].sort(),
    );
  });

  it('closes first-half markets at half-time and everything at the end', async () => {
    const match = await createMatch(app);
    const half = await postState(app, match.matchId, {
      period: 2,
      score: { home: 0, away: 0 },
      halfTimeScore: { home: 0, away: 0 },
    });
    const statusOf = (data: typeof half.data, period: string) =>
      new Set(
        data.markets
          .filter((market: { period: string }) => market.period === period)
          .map((market: { status: string }) => market.status),
      );
    expect(statusOf(half.data, 'firstHalf')).toEqual(new Set(['closed']));
    expect(statusOf(half.data, 'full')).toEqual(new Set(['open']));
    const end = await postState(app, match.matchId, {
      period: -1,
      score: { home: 0, away: 0 },
      halfTimeScore: { home: 0, away: 0 },
    });
    expect(statusOf(end.data, 'full')).toEqual(new Set(['closed']));
  });
});
