import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedRunner } from '../../src/modules/sportsbook/feed/feed.runner.ts';
import { SIMULATED_FEED, simulatedFeed } from '../../src/modules/sportsbook/feed/simulated.feed.ts';
import { SportsbookEvents } from '../../src/modules/sportsbook/sportsbook.events.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  balanceOf,
  bet,
  call,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  type SportsbookTestApp,
} from './helpers.ts';

/** The simulated feed driven tick by tick with a chosen clock: schedule, live play, repricing, the end. */
describe(`sportsbook simulated feed (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let runner: FeedRunner;
  const start = Date.UTC(2030, 0, 1, 12, 0, 0);
  const at = (seconds: number) => new Date(start + seconds * 1000);
  beforeAll(async () => {
    app = await createSportsbookApp();
    const config = {
      ...app.test.ctx.config.sportsbook,
      feedSpeed: 30,
      marginRate: 0.05,
      goalSuspensionSeconds: 4,
    };
    runner = new FeedRunner(app.test.ctx, new SportsbookEvents(app.test.ctx), simulatedFeed(config), 1000);
    await runner.tick(at(0));
    await runner.tick(at(2));
  });
  afterAll(async () => {
    await runner.stop();
    await app.close();
  });

  it('keeps a schedule for all 12 sports, with matches live and upcoming', async () => {
    const sports = await call(app.test, 'GET', '/api/app/sports/list');
    for (const row of sports.data) {
      expect(row.upcoming, row.sport).toBeGreaterThanOrEqual(6);
      expect(row.live, row.sport).toBeGreaterThanOrEqual(1);
    }
    const days = await app.test.ctx.db
      .selectFrom('sports_matches')
      .select((eb) => eb.fn.max('start_time').as('last'))
      .where('feed', '=', SIMULATED_FEED)
      .executeTakeFirstOrThrow();
    expect(new Date(days.last as unknown as string).getTime() - start).toBeGreaterThan(2 * 24 * 3600_000);
    // Ticking again adds nothing twice.
    const count = async () =>
      Number(
        (
          await app.test.ctx.db
            .selectFrom('sports_matches')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await runner.tick(at(3));
    expect(await count()).toBe(before);
  });

  it('tells each sport in its own units: tennis in sets and games, boxing in rounds, also in my bets', async () => {
    const tennis = (await call(app.test, 'GET', '/api/app/sports/matches?sport=tennis&live=1&size=5')).data
      .records;
    expect(tennis.length).toBeGreaterThanOrEqual(1);
    const detail = tennis[0].scoreDetail;
    expect(detail).toMatchObject({ unit: 'set', bestOf: 3 });
    const games = (side: 'home' | 'away') =>
      detail.segments.reduce((sum: number, set: Record<string, number>) => sum + set[side]!, 0);
    expect(tennis[0].score).toEqual({ home: games('home'), away: games('away') });
    expect(tennis[0].league).toMatch(/^(ATP|WTA) /);
    const boxing = (await call(app.test, 'GET', '/api/app/sports/matches?sport=boxing&live=1&size=5')).data
      .records;
    expect(boxing[0].scoreDetail).toMatchObject({ unit: 'round', bestOf: 12 });
    const upcoming = (await call(app.test, 'GET', '/api/app/sports/matches?sport=basketball&live=0&size=1'))
      .data.records;
    expect(upcoming[0].scoreDetail).toBeNull();

    const match = (await call(app.test, 'GET', `/api/app/sports/matches/${tennis[0].matchId}`)).data;
    const open = match.markets.find((market: { status: string }) => market.status === 'open');
    const player = await newPlayer(app, 1_000n);
    let placed = await bet(app, player, 5, [open.selections[0]], 'any');
    if (placed.http === 409) {
      await runner.tick(at(5));
      placed = await bet(app, player, 5, [open.selections[0]], 'any');
    }
    expect(placed.http, placed.message).toBe(200);
    const [mine] = (await call(app.test, 'GET', '/api/app/sports/bets', player.token)).data.records;
    expect(mine.legs[0]).toMatchObject({ sport: 'tennis', matchPeriod: match.period });
    expect(mine.legs[0].scoreDetail.unit).toBe('set');
  });

  it('prices football from one model: every market type, full time and first half, with the margin', async () => {
    const list = await call(app.test, 'GET', '/api/app/sports/matches?sport=football&live=0&size=1');
    const match = (await call(app.test, 'GET', `/api/app/sports/matches/${list.data.records[0].matchId}`))
      .data;
    const types = new Set(
      match.markets.map((market: { type: string; period: string }) => `${market.type}/${market.period}`),
    );
    for (const type of ['winAlone', 'handicap', 'total', 'oddEven', 'cornersTotal', 'cornersHandicap']) {
      expect(types.has(`${type}/full`), type).toBe(true);
      expect(types.has(`${type}/firstHalf`), type).toBe(true);
    }
    const lines = match.markets
      .filter((market: { type: string }) => market.type === 'handicap')
      .map((market: { line: number }) => market.line);
    expect(lines.some((line: number) => Math.abs(line * 4) % 2 === 1)).toBe(true);
    const oneXTwo = match.markets.find(
      (market: { type: string; period: string }) => market.type === 'winAlone' && market.period === 'full',
    );
    const overround = oneXTwo.selections.reduce(
      (sum: number, selection: { odds: number }) => sum + 1 / selection.odds,
      0,
    );
    expect(overround).toBeGreaterThan(1.04);
    expect(overround).toBeLessThan(1.08);
    const tennis = (await call(app.test, 'GET', '/api/app/sports/matches?sport=tennis&live=0&size=1')).data
      .records[0];
    expect(
      tennis.mainMarkets[0].selections.map((selection: { outcome: string }) => selection.outcome),
    ).toEqual(['home', 'away']);
  });

  it('advances live matches, moves odds in play, closes markets at the end and settles bets through the job', async () => {
    const live = (await call(app.test, 'GET', '/api/app/sports/matches?sport=football&live=1&size=10')).data
      .records;
    expect(live.length).toBeGreaterThanOrEqual(1);
    const match = (await call(app.test, 'GET', `/api/app/sports/matches/${live[0].matchId}`)).data;
    // A market the model still quotes (a lopsided 1X2 late in a match is suspended at the 1.01 floor).
    const open = match.markets.find(
      (market: { status: string; period: string }) => market.status === 'open' && market.period === 'full',
    );
    const player = await newPlayer(app, 10_000n);
    let placed = await bet(app, player, 10, [open.selections[0]], 'any');
    if (placed.http === 409) {
      // Suspended around a goal at this very second: a moment later it reopens.
      await runner.tick(at(10));
      placed = await bet(app, player, 10, [open.selections[0]], 'any');
    }
    expect(placed.http, placed.message).toBe(200);
    app.events.length = 0;
    await runner.tick(at(60));
    const odds = app.events.filter((event) => event.event === 'odds');
    const perMatch = new Set(odds.map((event) => (event.payload as { matchId: number }).matchId));
    expect(perMatch.size).toBe(odds.length);
    expect(odds.some((event) => (event.payload as { matchId: number }).matchId === match.matchId)).toBe(true);
    expect(app.events.some((event) => event.event === 'matchState')).toBe(true);
    // Far past the final whistle of every match live now.
    await runner.tick(at(15 * 60));
    const ended = (await call(app.test, 'GET', `/api/app/sports/matches/${match.matchId}`)).data;
    expect(ended.period).toBe(-1);
    expect(new Set(ended.markets.map((market: { status: string }) => market.status))).toEqual(
      new Set(['closed']),
    );
    while ((await app.runSettlementJobs()) > 0);
    const bets = (await call(app.test, 'GET', '/api/app/sports/bets', player.token)).data.records;
    expect(bets[0].result).not.toBe(0);
    expect((await balanceOf(app, player)).balance).toBe(90 + bets[0].payout);
    await expectLedgerClean(app);
  });
});
