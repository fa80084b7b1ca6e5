import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  balanceOf,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  type MatchView,
  newPlayer,
  type Player,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

type Case = readonly [type: string, outcome: string, line: number | null, period: string, result: number];

describe(`sportsbook voids: cancelled, postponed, interrupted, cut in half (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  async function placeAll(match: MatchView, player: Player, cases: readonly Case[]) {
    const ids: number[] = [];
    for (const [type, outcome, line, period] of cases) {
      const answer = await bet(app, player, 10, [pick(match, type, outcome, line, period)]);
      expect(answer.http, answer.message).toBe(200);
      ids.push(answer.data.betId);
    }
    return ids;
  }

  async function resultsOf(player: Player): Promise<Map<number, [number, number]>> {
    const answer = await call(app.test, 'GET', '/api/app/sports/bets?size=100', player.token);
    return new Map(
      answer.data.records.map((record: { betId: number; result: number; payout: number }) => [
        record.betId,
        [record.result, record.payout],
      ]),
    );
  }

  for (const [period, name] of [
    [-10, 'cancelled'],
    [-14, 'postponed'],
  ] as const) {
    it(`voids every open bet of a ${name} match (90, stake back), and its parlay legs count 1`, async () => {
      const match = await createMatch(app);
      const other = await createMatch(app);
      const player = await newPlayer(app, 10_000n);
      const ids = await placeAll(match, player, [
        ['winAlone', 'home', null, 'full', 90],
        ['total', 'under', 2.5, 'full', 90],
        ['cornersHandicap', 'away', -1.5, 'full', 90],
        ['winAlone', 'draw', null, 'firstHalf', 90],
      ]);
      const parlay = await bet(app, player, 10, [
        pick(match, 'oddEven', 'even'),
        pick(other, 'winAlone', 'home'),
      ]);
      await postState(app, match.matchId, { period, score: { home: 1, away: 0 } });
      expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 4 });
      const results = await resultsOf(player);
      for (const id of ids) expect(results.get(id)).toEqual([90, 10]);
      expect(results.get(parlay.data.betId)).toEqual([0, 0]);
      await postState(app, other.matchId, {
        period: -1,
        score: { home: 2, away: 0 },
        halfTimeScore: { home: 0, away: 0 },
      });
      await settle(app, other.matchId);
      expect((await resultsOf(player)).get(parlay.data.betId)).toEqual([10, 21]);
      expect((await balanceOf(app, player)).balance).toBe(100 - 50 + 40 + 21);
      await expectLedgerClean(app);
    });
  }

  it('a match cancelled after its first half was settled voids only the bets still open', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const [firstHalf, fullTime] = await placeAll(match, player, [
      ['winAlone', 'home', null, 'firstHalf', 10],
      ['winAlone', 'home', null, 'full', 90],
    ]);
    await postState(app, match.matchId, {
      period: 3,
      score: { home: 1, away: 0 },
      halfTimeScore: { home: 1, away: 0 },
    });
    await settle(app, match.matchId);
    const won = (await resultsOf(player)).get(firstHalf!)!;
    expect(won[0]).toBe(10);
    await postState(app, match.matchId, { period: -10, score: { home: 1, away: 0 } });
    expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 1 });
    const results = await resultsOf(player);
    expect(results.get(firstHalf!)).toEqual(won);
    expect(results.get(fullTime!)).toEqual([90, 10]);
    expect((await balanceOf(app, player)).balance).toBe(100 - 20 + won[1] + 10);
    await expectLedgerClean(app);
  });

  it('keeps what an interrupted match decided and voids the rest', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const cases: Case[] = [
      ['total', 'over', 2.5, 'full', 10],
      ['total', 'under', 2.5, 'full', 20],
      ['total', 'over', 2.25, 'full', 10],
      ['total', 'over', 3, 'full', 90],
      ['winAlone', 'home', null, 'full', 90],
      ['handicap', 'home', -0.5, 'full', 90],
      ['oddEven', 'odd', null, 'full', 90],
      ['cornersTotal', 'over', 9.5, 'full', 90],
      ['winAlone', 'home', null, 'firstHalf', 10],
      ['total', 'under', 1.25, 'firstHalf', 21],
    ];
    const ids = await placeAll(match, player, cases);
    await postState(app, match.matchId, {
      period: -13,
      score: { home: 3, away: 0 },
      halfTimeScore: { home: 1, away: 0 },
      corners: { home: 6, away: 2 },
      halfTimeCorners: { home: 3, away: 1 },
    });
    await settle(app, match.matchId);
    const results = await resultsOf(player);
    cases.forEach(([type, outcome, line, period, result], index) => {
      expect([type, outcome, line, period, results.get(ids[index]!)?.[0]]).toEqual([
        type,
        outcome,
        line,
        period,
        result,
      ]);
    });
    await expectLedgerClean(app);
  });

  it('treats a match cut in half the same way: an over already won stands, an open line is void', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const cases: Case[] = [
      ['cornersTotal', 'over', 9.5, 'full', 10],
      ['total', 'over', 2.25, 'full', 90],
      ['total', 'under', 2.5, 'full', 90],
      ['winAlone', 'draw', null, 'full', 90],
    ];
    const ids = await placeAll(match, player, cases);
    await postState(app, match.matchId, {
      period: -12,
      score: { home: 1, away: 1 },
      corners: { home: 6, away: 4 },
    });
    await settle(app, match.matchId);
    const results = await resultsOf(player);
    expect(ids.map((id) => results.get(id)?.[0])).toEqual(cases.map((item) => item[4]));
    expect((await balanceOf(app, player)).balance).toBe(100 - 40 + 19 + 30);
  });

  it('keeps bets open while the result is to be determined, then settles them', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const [id] = await placeAll(match, player, [['winAlone', 'home', null, 'full', 10]]);
    const pending = await postState(app, match.matchId, { period: -11, score: { home: 2, away: 1 } });
    expect(new Set(pending.data.markets.map((market: { status: string }) => market.status))).toEqual(
      new Set(['suspended']),
    );
    expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 0 });
    expect((await resultsOf(player)).get(id!)).toEqual([0, 0]);
    await postState(app, match.matchId, {
      period: -1,
      score: { home: 2, away: 1 },
      halfTimeScore: { home: 1, away: 1 },
    });
    await settle(app, match.matchId);
    expect((await resultsOf(player)).get(id!)).toEqual([10, 21]);
  });
});
