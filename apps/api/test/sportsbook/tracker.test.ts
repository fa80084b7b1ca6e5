import { type FootballModel, simulateMatch } from '@aposta/sports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedRunner } from '../../src/modules/sportsbook/feed/feed.runner.ts';
import { SIMULATED_FEED, simulatedFeed } from '../../src/modules/sportsbook/feed/simulated.feed.ts';
import { SportsbookEvents } from '../../src/modules/sportsbook/sportsbook.events.ts';
import { footballMinute } from '../../src/modules/sportsbook/tracker.sim.ts';
import { inTransaction } from '../../src/platform/after-commit.ts';
import { TEST_DATABASE } from '../harness.ts';
import { call, createMatch, createSportsbookApp, postState, type SportsbookTestApp } from './helpers.ts';

/**
 * The live match tracker fed by the simulated feed, driven tick by tick with a chosen clock: a goal arrives as a
 * `matchEvent` after the transaction that stored it (and the score) committed, once, and the tracker endpoint
 * tells the same story to a page opened later.
 */
describe(`sportsbook live match tracker (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  const config = { feedSpeed: 30, marginRate: 0.05, goalSuspensionSeconds: 4 };
  const start = Date.UTC(2030, 0, 1, 12, 0, 0);
  /** Events, each with whether a transaction was open when it went out. */
  const sent: { event: string; payload: unknown; openTransactions: number }[] = [];
  let runner: FeedRunner;

  beforeAll(async () => {
    app = await createSportsbookApp();
    const broadcast = app.test.ctx.realtime.broadcast.bind(app.test.ctx.realtime);
    app.test.ctx.realtime.broadcast = (event, payload) => {
      sent.push({ event, payload, openTransactions: inTransaction() ? 1 : 0 });
      broadcast(event, payload);
    };
    runner = new FeedRunner(app.test.ctx, new SportsbookEvents(app.test.ctx), simulatedFeed(config), 1000);
    await runner.tick(new Date(start));
  });
  afterAll(async () => {
    await runner.stop();
    await app.close();
  });

  /** An upcoming simulated football match with a goal, and the clock second of its first goal. */
  async function matchWithGoal() {
    const rows = await app.test.ctx.db
      .selectFrom('sports_matches')
      .select(['id', 'start_time', 'feed_meta'])
      .where('feed', '=', SIMULATED_FEED)
      .where('sport', '=', 'football')
      .where('start_time', '>', new Date(start))
      .orderBy('start_time')
      .execute();
    for (const row of rows) {
      const meta = row.feed_meta as { seed: number; model: FootballModel };
      const timeline = simulateMatch({ sport: 'football', model: meta.model, seed: meta.seed });
      const goal = timeline.events.find((event) => event.kind === 'score');
      if (goal?.kind === 'score' && goal.atSecond > 120) return { row, goal };
    }
    throw new Error('no simulated football match with a goal');
  }

  it('pushes a goal after its commit, once, and the tracker endpoint shows it with the stats', async () => {
    const { row, goal } = await matchWithGoal();
    const matchId = Number(row.id);
    // The feed's clock runs 30 times faster than real time: clock second s is s/30 real seconds after kick-off.
    const at = (clockSecond: number) => new Date(row.start_time.getTime() + (clockSecond * 1000) / 30);
    await runner.tick(at(goal.atSecond - 60));
    const before = await call(app.test, 'GET', `/api/app/sports/matches/${matchId}/tracker`);
    expect(before.http, before.message).toBe(200);
    expect(before.data.score).toEqual({ home: 0, away: 0 });
    expect(before.data.timeline.some((item: { kind: string }) => item.kind === 'goal')).toBe(false);
    const sentBefore = sent.length;

    await runner.tick(at(goal.atSecond + 1));
    const pushed = sent.slice(sentBefore).filter((item) => item.event === 'matchEvent');
    const goals = pushed.filter(
      (item) => (item.payload as { matchId: number; kind: string }).kind === 'goal',
    );
    const mine = goals.filter((item) => (item.payload as { matchId: number }).matchId === matchId);
    expect(mine.map((item) => item.payload)).toEqual([
      {
        matchId,
        minute: footballMinute(goal.atSecond),
        kind: 'goal',
        side: goal.side,
        seq: expect.any(Number),
      },
    ]);
    // Every push of the match is numbered on from the count the page read before: no gap, no repeat.
    const seqs = pushed
      .map((item) => item.payload as { matchId: number; seq: number })
      .filter((payload) => payload.matchId === matchId)
      .map((payload) => payload.seq);
    expect(seqs).toEqual(seqs.map((_seq, index) => before.data.seq + index + 1));
    // Every match event went out with no transaction open: after the commit that stored it.
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.every((item) => item.openTransactions === 0)).toBe(true);
    // The score it goes with was pushed before it.
    const stateIndex = sent.findIndex(
      (item, index) =>
        index >= sentBefore &&
        item.event === 'matchState' &&
        (item.payload as { matchId: number }).matchId === matchId,
    );
    expect(stateIndex).toBeGreaterThanOrEqual(0);
    expect(stateIndex).toBeLessThan(sent.indexOf(mine[0]!));

    const tracker = (await call(app.test, 'GET', `/api/app/sports/matches/${matchId}/tracker`)).data;
    expect(tracker.score[goal.side]).toBe(1);
    expect(tracker.timeline.filter((item: { kind: string }) => item.kind === 'goal')).toEqual([
      { minute: footballMinute(goal.atSecond), kind: 'goal', side: goal.side },
    ]);
    expect(tracker.last).toEqual({ minute: footballMinute(goal.atSecond), kind: 'goal', side: goal.side });
    expect(tracker.seq).toBe(seqs.at(-1));
    expect(tracker.stats.shots[goal.side]).toBeGreaterThanOrEqual(1);
    expect(tracker.stats.dangerousAttacks[goal.side]).toBeGreaterThanOrEqual(1);
    expect(tracker.stats.possession.home + tracker.stats.possession.away).toBe(100);

    // A restarted feed process reports the match's events again: stored once, pushed once.
    const restarted = new FeedRunner(
      app.test.ctx,
      new SportsbookEvents(app.test.ctx),
      simulatedFeed(config),
      1000,
    );
    const sentRestart = sent.length;
    await restarted.tick(at(goal.atSecond + 2));
    const again = sent
      .slice(sentRestart)
      .filter(
        (item) =>
          item.event === 'matchEvent' &&
          (item.payload as { matchId: number; kind: string }).matchId === matchId &&
          (item.payload as { kind: string }).kind === 'goal',
      );
    expect(again).toEqual([]);
    const after = (await call(app.test, 'GET', `/api/app/sports/matches/${matchId}/tracker`)).data;
    expect(after.timeline).toEqual(tracker.timeline);
  });

  it("an operator's football match: a goal the trader enters is pushed after the commit, numbered, once", async () => {
    const match = await createMatch(app, { startTime: Date.now() - 20 * 60_000 });
    expect((await postState(app, match.matchId, { period: 1, score: { home: 0, away: 0 } })).http).toBe(200);
    const url = `/api/app/sports/matches/${match.matchId}/tracker`;
    expect((await call(app.test, 'GET', url)).data).toMatchObject({ seq: 0, timeline: [], last: null });
    const mark = sent.length;
    expect((await postState(app, match.matchId, { period: 1, score: { home: 1, away: 0 } })).http).toBe(200);
    const pushed = sent
      .slice(mark)
      .filter((item) => (item.payload as { matchId: number }).matchId === match.matchId);
    expect(pushed.map((item) => item.event)).toEqual(['matchState', 'matchEvent']);
    expect(pushed[1]).toEqual({
      event: 'matchEvent',
      payload: { matchId: match.matchId, minute: 21, kind: 'goal', side: 'home', seq: 1 },
      openTransactions: 0,
    });
    // The same state again adds nothing; two more goals are two events, numbered on.
    const again = sent.length;
    await postState(app, match.matchId, { period: 1, score: { home: 1, away: 0 } });
    await postState(app, match.matchId, { period: 1, score: { home: 2, away: 1 } });
    const more = sent
      .slice(again)
      .filter((item) => item.event === 'matchEvent')
      .map((item) => item.payload as { side: string; seq: number });
    expect(more.map(({ side, seq }) => `${seq} ${side}`)).toEqual(['2 home', '3 away']);
    const tracker = (await call(app.test, 'GET', url)).data;
    expect(tracker).toMatchObject({ seq: 3, score: { home: 2, away: 1 } });
    expect(tracker.timeline.map((item: { side: string }) => item.side)).toEqual(['home', 'home', 'away']);
  });

  it('answers 404 for an unknown match', async () => {
    expect((await call(app.test, 'GET', '/api/app/sports/matches/987654321/tracker')).status).toBe(404);
  });
});
