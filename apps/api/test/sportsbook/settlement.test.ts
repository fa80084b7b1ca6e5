import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  balanceOf,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  finalState,
  ledgerOfBet,
  newPlayer,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

describe(`sportsbook settlement (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('settles every market type on the final score, floored to the centavo, and tells the bettor live', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 100_000n);
    // [type, outcome, line, period, expected result, expected payout for R$ 10]
    const cases = [
      ['winAlone', 'home', null, 'full', 10, 21],
      ['winAlone', 'draw', null, 'full', 20, 0],
      ['handicap', 'home', -0.5, 'full', 10, 20],
      ['handicap', 'home', -0.75, 'full', 21, 16],
      ['handicap', 'away', -0.75, 'full', 11, 5],
      ['handicap', 'away', 0, 'full', 20, 0],
      ['total', 'over', 2.5, 'full', 10, 19],
      ['total', 'over', 2.25, 'full', 10, 18],
      ['total', 'under', 2.25, 'full', 20, 0],
      ['total', 'over', 3, 'full', 90, 10],
      ['oddEven', 'odd', null, 'full', 10, 19.5],
      ['oddEven', 'even', null, 'full', 20, 0],
      ['cornersTotal', 'over', 9.5, 'full', 10, 19],
      ['cornersHandicap', 'home', -1.5, 'full', 10, 19.5],
      ['total', 'under', 1.25, 'firstHalf', 21, 13],
      ['winAlone', 'home', null, 'firstHalf', 10, 29],
    ] as const;
    const betIds: number[] = [];
    for (const [type, outcome, line, period] of cases) {
      const answer = await bet(app, player, 10, [pick(match, type, outcome, line, period)]);
      expect(answer.http, answer.message).toBe(200);
      betIds.push(answer.data.betId);
    }
    // An odd stake: 3.33 × 2.1 = 6.993 is paid as 6.99 (floored).
    const odd = await bet(app, player, 3.33, [pick(match, 'winAlone', 'home')]);
    await postState(app, match.matchId, finalState);
    const settled = await settle(app, match.matchId);
    expect(settled.data).toEqual({ settledBets: cases.length + 1 });
    const list = await call(app.test, 'GET', '/api/app/sports/bets?status=settled&size=100', player.token);
    const byId = new Map(list.data.records.map((record: { betId: number }) => [record.betId, record]));
    cases.forEach(([type, outcome, line, period, result, payout], index) => {
      const record = byId.get(betIds[index]!) as {
        result: number;
        payout: number;
        settledAt: number;
        legs: { result: number }[];
      };
      expect([type, outcome, line, period, record.result, record.payout]).toEqual([
        type,
        outcome,
        line,
        period,
        result,
        payout,
      ]);
      expect(record.legs[0]!.result).toBe(result);
      expect(record.settledAt).toEqual(expect.any(Number));
    });
    expect((byId.get(odd.data.betId) as { payout: number }).payout).toBe(6.99);
    const paid = cases.reduce((sum, item) => sum + item[5], 0) + 6.99;
    expect((await balanceOf(app, player)).balance).toBeCloseTo(1000 - 160 - 3.33 + paid, 2);
    const settledEvents = app.events.filter(
      (event) => event.event === 'betSettled' && event.to === player.userId,
    );
    expect(settledEvents).toHaveLength(cases.length + 1);
    expect(settledEvents.map((event) => event.payload)).toContainEqual({
      betId: betIds[3],
      result: 21,
      payout: 16,
    });
    const balanceEvents = app.events.filter(
      (event) => event.event === 'insBalance' && event.to === player.userId,
    );
    expect(balanceEvents.at(-1)?.payload).toEqual({ ...(await balanceOf(app, player)), czflag: 0 });
    await expectLedgerClean(app);
  });

  it('is idempotent: settling again moves nothing and writes nothing', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const win = await bet(app, player, 10, [pick(match, 'winAlone', 'home')]);
    await postState(app, match.matchId, finalState);
    expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 1 });
    const after = await balanceOf(app, player);
    for (let i = 0; i < 3; i++) expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 0 });
    // The job scheduled by the final state finds nothing left to do either.
    await app.runSettlementJobs();
    expect(await balanceOf(app, player)).toEqual(after);
    expect(after.balance).toBe(100 - 10 + 21);
    const ledger = await ledgerOfBet(app, win.data.betId);
    expect(ledger.map((row) => [row.code, row.amount_cents])).toEqual([
      ['sports_stake', -1000n],
      ['sports_payout', 2100n],
    ]);
  });

  it('re-settles a corrected score: reverses the earlier payout, pays the new one, leaves a trail', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const home = await bet(app, player, 10, [pick(match, 'winAlone', 'home')]);
    const draw = await bet(app, player, 10, [pick(match, 'winAlone', 'draw')]);
    const over = await bet(app, player, 10, [pick(match, 'total', 'over', 2.5)]);
    await postState(app, match.matchId, finalState);
    await settle(app, match.matchId);
    expect((await balanceOf(app, player)).balance).toBe(100 - 30 + 21 + 19);
    // The feed corrects the result to 1-1.
    await postState(app, match.matchId, { ...finalState, score: { home: 1, away: 1 } });
    expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 3 });
    expect((await balanceOf(app, player)).balance).toBe(100 - 30 + 34);
    const trail = async (betId: number) =>
      (await ledgerOfBet(app, betId)).map((row) => [row.code, row.amount_cents]);
    // Each settlement is one journal transaction per code for the batch; the player's leg sums their bets in it:
    // first 21 + 19 paid, then 34 paid and 21 + 19 taken back.
    expect(await trail(home.data.betId)).toEqual([
      ['sports_stake', -1000n],
      ['sports_payout', 4000n],
      ['sports_payout_reversal', -4000n],
    ]);
    expect(await trail(draw.data.betId)).toEqual([
      ['sports_stake', -1000n],
      ['sports_payout', 3400n],
    ]);
    expect(await trail(over.data.betId)).toEqual([
      ['sports_stake', -1000n],
      ['sports_payout', 4000n],
      ['sports_payout_reversal', -4000n],
    ]);
    // One batch, one transaction per code: both bets list the same two; the correction's payout is a new one.
    const journalsOf = async (betId: number) => (await ledgerOfBet(app, betId)).slice(1).map((row) => row.id);
    const homeJournals = await journalsOf(home.data.betId);
    expect(await journalsOf(over.data.betId)).toEqual(homeJournals);
    expect((await journalsOf(draw.data.betId))[0]).toBeGreaterThan(homeJournals[0]!);
    const records = (await call(app.test, 'GET', '/api/app/sports/bets', player.token)).data.records;
    expect(
      records.map((record: { result: number; payout: number }) => [record.result, record.payout]),
    ).toEqual([
      [20, 0],
      [10, 34],
      [20, 0],
    ]);
    // Settling the corrected result again changes nothing.
    expect((await settle(app, match.matchId)).data).toEqual({ settledBets: 0 });
    await expectLedgerClean(app);
  });

  it('takes back at most what the player holds when a correction finds the winnings spent', async () => {
    const match = await createMatch(app);
    const other = await createMatch(app);
    const player = await newPlayer(app, 1_000n);
    const home = await bet(app, player, 10, [pick(match, 'winAlone', 'home')]);
    await postState(app, match.matchId, finalState);
    await settle(app, match.matchId);
    // R$ 21 paid; the player stakes it all elsewhere.
    expect((await bet(app, player, 21, [pick(other, 'winAlone', 'away')])).http).toBe(200);
    await postState(app, match.matchId, { ...finalState, score: { home: 0, away: 1 } });
    await settle(app, match.matchId);
    expect(await balanceOf(app, player)).toEqual({ balance: 0, freeBalance: 0 });
    const row = await app.test.ctx.db
      .selectFrom('sports_bets')
      .select(['result', 'payout_cents', 'uncollected_cents'])
      .where('id', '=', BigInt(home.data.betId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ result: 20, payout_cents: 0n, uncollected_cents: 2100n });
    await expectLedgerClean(app);
  });

  it('settles in-play handicaps on goals after placement, and totals on every goal', async () => {
    const match = await createMatch(app);
    await postState(app, match.matchId, {
      period: 1,
      score: { home: 1, away: 0 },
      corners: { home: 1, away: 0 },
    });
    const player = await newPlayer(app, 10_000n);
    const handicap = await bet(app, player, 10, [pick(match, 'handicap', 'home', 0)]);
    const total = await bet(app, player, 10, [pick(match, 'total', 'over', 2.5)]);
    await postState(app, match.matchId, finalState);
    await settle(app, match.matchId);
    const records = (await call(app.test, 'GET', '/api/app/sports/bets', player.token)).data.records;
    const byId = new Map(
      records.map((record: { betId: number; result: number }) => [record.betId, record.result]),
    );
    // 2-1 at the end, 1-0 at placement: 1-1 after it, a push on line 0.
    expect(byId.get(handicap.data.betId)).toBe(90);
    expect(byId.get(total.data.betId)).toBe(10);
  });

  it('pays a parlay stake × the product of its leg factors once its last leg settles; a lost leg loses it at once', async () => {
    const [first, second, third] = await Promise.all([createMatch(app), createMatch(app), createMatch(app)]);
    const player = await newPlayer(app, 10_000n);
    const parlay = await bet(app, player, 10, [
      pick(first, 'winAlone', 'home'),
      pick(second, 'total', 'over', 3),
      pick(third, 'handicap', 'home', -0.75),
    ]);
    const losing = await bet(app, player, 10, [
      pick(first, 'winAlone', 'away'),
      pick(second, 'winAlone', 'home'),
    ]);
    await postState(app, first.matchId, finalState);
    await settle(app, first.matchId);
    const view = async () =>
      new Map(
        (await call(app.test, 'GET', '/api/app/sports/bets', player.token)).data.records.map(
          (record: { betId: number; result: number; payout: number }) => [
            record.betId,
            [record.result, record.payout],
          ],
        ),
      );
    expect((await view()).get(losing.data.betId)).toEqual([20, 0]);
    expect((await view()).get(parlay.data.betId)).toEqual([0, 0]);
    await postState(app, second.matchId, finalState);
    await settle(app, second.matchId);
    expect((await view()).get(parlay.data.betId)).toEqual([0, 0]);
    await postState(app, third.matchId, finalState);
    await settle(app, third.matchId);
    // 10 × 2.1 (win) × 1 (push) × 1.6 (win half of 2.2).
    expect((await view()).get(parlay.data.betId)).toEqual([10, 33.6]);
    expect((await balanceOf(app, player)).balance).toBe(100 - 20 + 33.6);
  });

  it('settles through the durable job scheduled when the match ends', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    await bet(app, player, 10, [pick(match, 'oddEven', 'odd')]);
    await postState(app, match.matchId, finalState);
    expect(await app.runSettlementJobs()).toBeGreaterThanOrEqual(1);
    expect((await balanceOf(app, player)).balance).toBe(100 - 10 + 19.5);
    const job = await app.test.ctx.db
      .selectFrom('jobs')
      .select(['done_at', 'last_error'])
      .where('unique_key', 'like', `sportsbook_settle_match:${match.matchId}:%`)
      .execute();
    expect(job.every((row) => row.done_at !== null && row.last_error === null)).toBe(true);
  });
});
