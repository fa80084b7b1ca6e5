import { racingSeries } from '@aposta/sports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedRunner } from '../../src/modules/sportsbook/feed/feed.runner.ts';
import { simulatedFeed } from '../../src/modules/sportsbook/feed/simulated.feed.ts';
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

interface OutrightMarket {
  marketId: number;
  type: string;
  status: string;
  selections: { selectionId: number; outcome: string; odds: number }[];
}

/** Racing as outright events from the simulated feed: a winner and a podium bet on one race, run to the flag. */
describe(`sportsbook racing outright (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let runner: FeedRunner;
  const start = Date.UTC(2030, 0, 1, 12, 0, 0);
  const at = (seconds: number) => new Date(start + seconds * 1000);
  beforeAll(async () => {
    app = await createSportsbookApp();
    const config = { ...app.test.ctx.config.sportsbook, feedSpeed: 30, marginRate: 0.05 };
    const feed = simulatedFeed(config, { racingOutright: true });
    runner = new FeedRunner(app.test.ctx, new SportsbookEvents(app.test.ctx), feed, 1000);
    await runner.tick(at(0));
  });
  afterAll(async () => {
    await runner.stop();
    await app.close();
  });

  it('sells a race as winner and podium books on its runners, runs it lap by lap and settles both bets', async () => {
    const upcoming = (await call(app.test, 'GET', '/api/app/sports/matches?sport=racing&live=0&size=20')).data
      .records;
    // The next race to start (the feed also creates races already under way).
    const race = upcoming
      .filter((item: { period: number; startTime: number }) => item.period === 0 && item.startTime > start)
      .sort((a: { startTime: number }, b: { startTime: number }) => a.startTime - b.startTime)[0];
    expect(race.kind).toBe('outright');
    expect(race.mainMarkets.map((market: OutrightMarket) => market.type).sort()).toEqual([
      'podium',
      'winner',
    ]);
    const series = racingSeries.find((item) => item.name === race.league)!;
    expect(race.runners).toEqual(series.runners.map(({ id, name }) => ({ id, name })));
    const detail = (await call(app.test, 'GET', `/api/app/sports/matches/${race.matchId}`)).data;
    const book = (type: string) => detail.markets.find((market: OutrightMarket) => market.type === type);
    const winner: OutrightMarket = book('winner');
    const podium: OutrightMarket = book('podium');
    expect(winner.status).toBe('open');
    expect(winner.selections.map((selection) => selection.outcome)).toEqual(
      series.runners.map((runner) => runner.id),
    );
    // The favourite is shortest, and a podium finish is shorter than a win for every runner.
    const favourite = winner.selections[0]!;
    expect(favourite.odds).toBe(Math.min(...winner.selections.map((selection) => selection.odds)));
    for (const selection of podium.selections)
      expect(selection.odds).toBeLessThan(
        winner.selections.find((item) => item.outcome === selection.outcome)!.odds,
      );

    // A win bet on every runner and a podium bet on every runner: exactly one and exactly three must win.
    const player = await newPlayer(app, 10_000n);
    const placed = new Map<number, { type: string; outcome: string; odds: number }>();
    for (const market of [winner, podium]) {
      for (const selection of market.selections) {
        const answer = await bet(app, player, 1, [selection]);
        expect(answer.http, answer.message).toBe(200);
        placed.set(answer.data.betId, { type: market.type, ...selection });
      }
    }
    const staked = 2 * series.runners.length;
    expect((await balanceOf(app, player)).balance).toBe(100 - staked);
    const [firstBetId] = placed.keys();

    // Under way: the books are suspended (no bet, no cash-out), the header has the lap and the running order.
    const offset = (race.startTime - start) / 1000;
    await runner.tick(at(offset + 200));
    const running = (await call(app.test, 'GET', `/api/app/sports/matches/${race.matchId}`)).data;
    expect(running.period).toBe(1);
    expect(running.scoreDetail).toMatchObject({ unit: 'race', laps: series.laps });
    expect(running.scoreDetail.current).toBeGreaterThan(0);
    expect(running.scoreDetail.current).toBeLessThan(series.laps);
    expect(running.scoreDetail.order.length + running.scoreDetail.retired.length).toBe(series.runners.length);
    expect(running.markets.every((market: OutrightMarket) => market.status === 'suspended')).toBe(true);
    const late = await bet(app, player, 1, [running.markets[0].selections[0]], 'any');
    expect(late.http).toBe(409);
    const cashout = await call(app.test, 'GET', `/api/app/sports/bets/${firstBetId}/cashout`, player.token);
    expect(cashout.http).toBe(409);

    // Past the flag: the classified order decides both bets.
    await runner.tick(at(offset + 30 * 60));
    const ended = (await call(app.test, 'GET', `/api/app/sports/matches/${race.matchId}`)).data;
    expect(ended.period).toBe(-1);
    expect(ended.markets.every((market: OutrightMarket) => market.status === 'closed')).toBe(true);
    const order: string[] = ended.scoreDetail.order;
    while ((await app.runSettlementJobs()) > 0);
    const bets = (await call(app.test, 'GET', '/api/app/sports/bets?status=settled&size=100', player.token))
      .data.records as {
      betId: number;
      result: number;
      payout: number;
      legs: { outcome: string; runner: string }[];
    }[];
    // My bets names the runner picked.
    const names = new Map(series.runners.map((runner) => [runner.id, runner.name]));
    for (const settled of bets) expect(settled.legs[0]!.runner).toBe(names.get(settled.legs[0]!.outcome));
    expect(bets.length).toBe(placed.size);
    let paid = 0;
    for (const settled of bets) {
      const { type, outcome, odds } = placed.get(settled.betId)!;
      const places = type === 'winner' ? 1 : 3;
      const won = order.slice(0, places).includes(outcome);
      expect(settled, `${type} ${outcome}`).toMatchObject(
        won ? { result: 10, payout: Math.floor(odds * 100 + 1e-6) / 100 } : { result: 20, payout: 0 },
      );
      paid += settled.payout;
    }
    expect(bets.filter((item) => item.result === 10).length).toBe(4);
    expect((await balanceOf(app, player)).balance).toBeCloseTo(100 - staked + paid, 2);
    await expectLedgerClean(app);
  });
});
