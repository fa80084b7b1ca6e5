import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedRunner } from '../../src/modules/sportsbook/feed/feed.runner.ts';
import { ODDS_API_FEED, oddsApiFeed } from '../../src/modules/sportsbook/feed/odds-api.feed.ts';
import { SportsbookEvents } from '../../src/modules/sportsbook/sportsbook.events.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  balanceOf,
  bet,
  call,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  type Player,
  type SportsbookTestApp,
} from './helpers.ts';

// The Odds API adapter against answers recorded in the provider's format (recorded/*.json), served by a local
// server: two new Premier League events, a price move with one event's prices going stale, then the final
// score of one and the other taken off the board (two polls running); then, on a fresh adapter, stale bookmakers
// that disagree with fresh ones and the quota reaching its reserve while a match is running.

const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'recorded', name), 'utf8');

describe(`sportsbook feed: The Odds API (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let server: http.Server;
  let runner: FeedRunner;
  const runners: FeedRunner[] = [];
  const answers = new Map<string, string>();
  const requests: string[] = [];
  let remaining = 500;
  let player: Player;
  const start = Date.parse('2030-05-01T18:00:00Z');
  const at = (seconds: number) => new Date(start + seconds * 1000);

  beforeAll(async () => {
    app = await createSportsbookApp();
    server = http.createServer((request, response) => {
      const url = new URL(request.url!, 'http://localhost');
      requests.push(`${url.pathname}?${url.searchParams}`);
      const body = answers.get(url.pathname);
      if (url.searchParams.get('apiKey') !== 'test-key' || body === undefined) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"no"}');
        return;
      }
      // The list of sports is free (it says what is left without spending any).
      if (url.pathname !== '/v4/sports') remaining -= 1;
      response.writeHead(200, {
        'content-type': 'application/json',
        'x-requests-remaining': String(remaining),
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    runner = newRunner();
  });
  /** A runner on a new adapter (its own quota reading and poll clock), over the same app and server. */
  const newRunner = () => {
    const { port } = server.address() as AddressInfo;
    const feed = oddsApiFeed({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'test-key',
      sports: ['soccer_epl'],
      regions: 'eu',
      pollSeconds: 60,
      staleSeconds: 180,
      reserveRequests: 5,
    });
    const made = new FeedRunner(app.test.ctx, new SportsbookEvents(app.test.ctx), feed, 1000);
    runners.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of runners) await made.stop();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  const matches = async () =>
    (await call(app.test, 'GET', '/api/app/sports/matches?sport=football&size=50')).data.records as {
      matchId: number;
      home: string;
      away: string;
      league: string;
    }[];
  const detail = async (home: string) => {
    const match = (await matches()).find((item) => item.home === home)!;
    return (await call(app.test, 'GET', `/api/app/sports/matches/${match.matchId}`)).data;
  };
  const market = (match: { markets: { type: string; line: number | null }[] }, type: string) =>
    match.markets.find((item) => item.type === type) as unknown as {
      status: string;
      line: number | null;
      selections: { selectionId: number; outcome: string; odds: number }[];
    };

  it('creates new events with their markets, each price the median of fresh bookmakers', async () => {
    answers.set('/v4/sports/soccer_epl/odds', recorded('odds-1-new-events.json'));
    await runner.tick(at(0));
    expect(requests[0]).toContain('markets=h2h%2Cspreads%2Ctotals');
    expect(requests[0]).toContain('oddsFormat=decimal');
    const listed = await matches();
    expect(listed.map((item) => `${item.home} x ${item.away} (${item.league})`).sort()).toEqual([
      'Arsenal x Chelsea (EPL)',
      'Liverpool x Everton (EPL)',
    ]);
    const arsenal = await detail('Arsenal');
    // Home, away, draw: medians of 2.10/2.14/2.05, 3.60/3.55/3.50 and 3.40/3.35/3.30.
    expect(market(arsenal, 'winAlone').selections.map((item) => item.odds)).toEqual([2.1, 3.55, 3.35]);
    expect(market(arsenal, 'handicap')).toMatchObject({ line: -0.5, status: 'open' });
    expect(market(arsenal, 'total')).toMatchObject({ line: 2.5, status: 'open' });
    // A bet on each: Arsenal at 2.10, Liverpool at 1.62.
    player = await newPlayer(app, 10_000n);
    for (const home of ['Arsenal', 'Liverpool']) {
      const pick = market(await detail(home), 'winAlone').selections[0]!;
      expect((await bet(app, player, 10, [pick])).http).toBe(200);
    }
    // Ticking again before the poll interval asks the provider nothing.
    await runner.tick(at(30));
    expect(requests).toHaveLength(1);
  });

  it('moves odds and suspends the event whose prices went stale', async () => {
    answers.set('/v4/sports/soccer_epl/odds', recorded('odds-2-odds-move-and-stale.json'));
    await runner.tick(at(70));
    expect(market(await detail('Arsenal'), 'winAlone').selections.map((item) => item.odds)).toEqual([
      1.95, 3.9, 3.45,
    ]);
    expect(market(await detail('Liverpool'), 'winAlone').status).toBe('suspended');
  });

  const feedRows = () =>
    app.test.ctx.db
      .selectFrom('sports_matches')
      .select(['home', 'period', 'score_home', 'score_away'])
      .where('feed', '=', ODDS_API_FEED)
      .orderBy('home')
      .execute();

  it('settles from the final score and voids the event taken off the board', async () => {
    answers.set('/v4/sports/soccer_epl/odds', recorded('odds-3-after-the-match.json'));
    answers.set('/v4/sports/soccer_epl/scores', recorded('scores-3-final-and-cancelled.json'));
    await runner.tick(at(3 * 3600));
    expect(requests.at(-1)).toContain('/v4/sports/soccer_epl/scores?');
    // Missing from both answers once is not enough to call it off (a provider hiccup would void it).
    expect((await feedRows()).find((row) => row.home === 'Liverpool')!.period).not.toBe(-10);
    await runner.tick(at(3 * 3600 + 60));
    const rows = await feedRows();
    expect(rows).toEqual([
      { home: 'Arsenal', period: -1, score_home: 2, score_away: 1 },
      { home: 'Liverpool', period: -10, score_home: 0, score_away: 0 },
    ]);
    while ((await app.runSettlementJobs()) > 0);
    const settled = (await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token)).data
      .records;
    // Newest first: Liverpool voided (stake back), Arsenal won 10 × 2.10.
    expect(settled.map((item: { result: number; payout: number }) => [item.result, item.payout])).toEqual([
      [90, 10],
      [10, 21],
    ]);
    expect((await balanceOf(app, player)).balance).toBe(111);
    await expectLedgerClean(app);
  });

  it('stops asking once the quota reaches its reserve, and resumes when the free sports list says it was renewed', async () => {
    remaining = 6;
    answers.set('/v4/sports', '[]');
    const before = requests.length;
    await runner.tick(at(4 * 3600));
    // At the reserve: only the free list of sports is asked, and no more often than every 15 minutes.
    await runner.tick(at(5 * 3600));
    await runner.tick(at(5 * 3600 + 60));
    expect(requests.slice(before).map((line) => line.split('?')[0])).toEqual([
      '/v4/sports/soccer_epl/odds',
      '/v4/sports',
    ]);
    // The provider renews the quota: the next probe sees it and the same poll asks for the odds again.
    remaining = 500;
    await runner.tick(at(6 * 3600));
    expect(requests.slice(before + 2).map((line) => line.split('?')[0])).toContain(
      '/v4/sports/soccer_epl/odds',
    );
    answers.delete('/v4/sports');
  });

  it('prices an open market from fresh bookmakers only; stale ones that disagree do not move it', async () => {
    runner = newRunner();
    remaining = 500;
    answers.set('/v4/sports/soccer_epl/odds', recorded('odds-4-stale-books-disagree.json'));
    answers.delete('/v4/sports/soccer_epl/scores');
    await runner.tick(at(24 * 3600));
    const spurs = await detail('Tottenham');
    // Fresh: 2.40/2.44, 3.00/2.96, 3.30/3.36; the two stale books (1.60/1.65 on Tottenham…) are left out.
    expect(market(spurs, 'winAlone')).toMatchObject({ status: 'open' });
    expect(market(spurs, 'winAlone').selections.map((item) => item.odds)).toEqual([2.42, 2.98, 3.33]);
    expect(market(spurs, 'total').selections.map((item) => item.odds)).toEqual([1.91, 1.94]);
    // Only a stale book quotes the handicap: suspended.
    expect(market(spurs, 'handicap')).toMatchObject({ status: 'suspended' });
    const pick = market(spurs, 'winAlone').selections[0]!;
    expect((await bet(app, player, 10, [pick])).http).toBe(200);
  });

  it('voids no running match when the quota reaches its reserve mid-poll or before it', async () => {
    const balance = (await balanceOf(app, player)).balance;
    // Kicked off, then off the odds board (in-play); the odds request leaves the reserve, so /scores is skipped.
    answers.set('/v4/sports/soccer_epl/odds', recorded('odds-3-after-the-match.json'));
    remaining = 6;
    const before = requests.length;
    await runner.tick(at(25 * 3600 + 30 * 60));
    // Then, poll after poll, only the free list of sports is asked (once in 15 minutes), and it says no quota.
    await runner.tick(at(25 * 3600 + 31 * 60));
    await runner.tick(at(25 * 3600 + 32 * 60));
    expect(requests.slice(before).map((item) => item.split('?')[0])).toEqual([
      '/v4/sports/soccer_epl/odds',
      '/v4/sports',
    ]);
    expect((await feedRows()).find((row) => row.home === 'Tottenham')!.period).not.toBe(-10);
    while ((await app.runSettlementJobs()) > 0);
    const open = (await call(app.test, 'GET', '/api/app/sports/bets?status=open', player.token)).data.records;
    expect(open).toHaveLength(1);
    expect((await balanceOf(app, player)).balance).toBe(balance);
    await expectLedgerClean(app);
  });
});
