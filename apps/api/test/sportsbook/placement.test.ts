import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  balanceOf,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  type MatchView,
  newPlayer,
  pick,
  postState,
  type SportsbookTestApp,
} from './helpers.ts';

const NOT_OPEN = 'This option is currently not open for betting';
const PARLAY_LIMIT = 'The parlay has reached the limit';
const SAME_MATCH = 'current gameplay not available for purchase';

describe(`sportsbook bet placement (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let match: MatchView;
  beforeAll(async () => {
    app = await createSportsbookApp();
    match = await createMatch(app);
  });
  afterAll(async () => app.close());

  it('accepts a single at the odds shown: stake taken through the ledger, wagering and game total counted', async () => {
    const player = await newPlayer(app, 10_000n);
    await app.test.ctx.db
      .updateTable('users')
      .set({ wagering_remaining_cents: 1_500n })
      .where('id', '=', player.userId)
      .execute();
    const home = pick(match, 'winAlone', 'home');
    const answer = await bet(app, player, '25.50', [home]);
    expect(answer.http, answer.message).toBe(200);
    expect(answer.data).toEqual({
      betId: expect.any(Number),
      type: 'single',
      odds: 2.1,
      potentialPayout: 53.55,
      result: 0,
      balance: 74.5,
      freeBalance: 0,
    });
    const user = await app.test.ctx.db
      .selectFrom('users')
      .select(['wagering_remaining_cents', 'game_sum_cents'])
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ wagering_remaining_cents: 0n, game_sum_cents: 2_550n });
    const list = await call(app.test, 'GET', '/api/app/sports/bets?status=open', player.token);
    expect(list.data.total).toBe(1);
    expect(list.data.records[0]).toMatchObject({
      betId: answer.data.betId,
      type: 'single',
      amount: 25.5,
      odds: 2.1,
      payout: 0,
      result: 0,
      settledAt: null,
      legs: [
        {
          matchId: match.matchId,
          marketId: home.marketId,
          type: 'winAlone',
          period: 'full',
          line: null,
          outcome: 'home',
          odds: 2.1,
          result: 0,
        },
      ],
    });
    expect(
      (await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token)).data.total,
    ).toBe(0);
    await expectLedgerClean(app);
  });

  it('takes the stake from cash first, then bonus, and refuses what both cannot cover with 500/9999', async () => {
    const player = await newPlayer(app, 1_000n, 2_000n);
    const answer = await bet(app, player, 25, [pick(match, 'total', 'over', 2.5)]);
    expect(answer.http).toBe(200);
    expect([answer.data.balance, answer.data.freeBalance]).toEqual([0, 5]);
    const refused = await bet(app, player, 5.01, [pick(match, 'total', 'over', 2.5)]);
    expect([refused.http, refused.status]).toEqual([500, 9999]);
    expect(await balanceOf(app, player)).toEqual({ balance: 0, freeBalance: 5 });
  });

  it('builds a parlay whose odds are the product of its legs', async () => {
    const other = await createMatch(app);
    const player = await newPlayer(app);
    const answer = await bet(app, player, 10, [
      pick(match, 'winAlone', 'home'),
      pick(other, 'total', 'under', 2.5),
    ]);
    expect(answer.http).toBe(200);
    expect(answer.data).toMatchObject({ type: 'parlay', odds: 4.095, potentialPayout: 40.95 });
  });

  it('stores the legs of the selection ids sent, whatever match the client thinks it is betting on', async () => {
    const other = await createMatch(app);
    const player = await newPlayer(app);
    const answer = await bet(app, player, 5, [pick(other, 'oddEven', 'even')]);
    expect(answer.http).toBe(200);
    const list = await call(app.test, 'GET', '/api/app/sports/bets', player.token);
    expect(list.data.records[0].legs[0].matchId).toBe(other.matchId);
    // Another match's selection beside two of its own match's selections: one match twice, refused.
    const refused = await bet(app, player, 5, [
      pick(match, 'winAlone', 'home'),
      pick(other, 'winAlone', 'away'),
      pick(other, 'total', 'over', 2.5),
    ]);
    expect([refused.http, refused.status, refused.message]).toEqual([409, 409, SAME_MATCH]);
    const twice = await bet(app, player, 5, [
      pick(other, 'winAlone', 'away'),
      pick(other, 'winAlone', 'away'),
    ]);
    expect([twice.http, twice.message]).toEqual([409, SAME_MATCH]);
  });

  it('refuses more legs than the parlay limit', async () => {
    const player = await newPlayer(app);
    const matches = await Promise.all(Array.from({ length: 11 }, () => createMatch(app)));
    const legs = matches.map((item) => pick(item, 'winAlone', 'draw'));
    const refused = await bet(app, player, 1, legs);
    expect([refused.http, refused.message]).toEqual([409, PARLAY_LIMIT]);
    const accepted = await bet(app, player, 1, legs.slice(0, 10));
    expect(accepted.http, accepted.message).toBe(200);
  });

  it('refuses a suspended or closed market, and a match that is over', async () => {
    const player = await newPlayer(app);
    const local = await createMatch(app);
    const total = pick(local, 'total', 'over', 3);
    for (const status of ['suspended', 'closed']) {
      await admin(app, 'POST', `/api/admin/sports/markets/${total.marketId}/status`, { status });
      const refused = await bet(app, player, 5, [total]);
      expect([refused.http, refused.status, refused.message]).toEqual([409, 409, NOT_OPEN]);
    }
    await admin(app, 'POST', `/api/admin/sports/markets/${total.marketId}/status`, { status: 'open' });
    expect((await bet(app, player, 5, [total])).http).toBe(200);
    await postState(app, local.matchId, { period: -10, score: { home: 0, away: 0 } });
    const over = await bet(app, player, 5, [pick(local, 'oddEven', 'odd')]);
    expect([over.http, over.message]).toEqual([409, NOT_OPEN]);
    expect(await balanceOf(app, player)).toEqual({ balance: 995, freeBalance: 0 });
  });

  it('answers 409 with the current odds when they moved, and follows acceptOdds', async () => {
    const player = await newPlayer(app);
    const home = pick(match, 'winAlone', 'home');
    const away = pick(match, 'winAlone', 'away');
    const shownHigher = { selectionId: home.selectionId, odds: 2.3 };
    const refused = await bet(app, player, 5, [shownHigher]);
    expect([refused.http, refused.status]).toEqual([409, 409]);
    expect(refused.data).toEqual({ odds: [{ selectionId: home.selectionId, odds: 2.1 }] });
    const notBetter = await bet(app, player, 5, [shownHigher], 'better');
    expect(notBetter.http).toBe(409);
    const better = await bet(app, player, 5, [{ selectionId: home.selectionId, odds: 1.5 }], 'better');
    expect([better.http, better.data?.odds]).toEqual([200, 2.1]);
    const any = await bet(app, player, 5, [shownHigher], 'any');
    expect([any.http, any.data?.odds]).toEqual([200, 2.1]);
    const exact = await bet(app, player, 5, [{ selectionId: away.selectionId, odds: 3.4 }], 'none');
    expect(exact.http).toBe(409);
    expect(await balanceOf(app, player)).toEqual({ balance: 990, freeBalance: 0 });
  });

  it('checks stake bounds, maximum payout and input with a 400, and unknown selections with a 404', async () => {
    const player = await newPlayer(app, 5_000_000n);
    const home = pick(match, 'winAlone', 'home');
    for (const amount of [0.99, 10_000.01, '1.001', -5, 'abc', '']) {
      const answer = await bet(app, player, amount, [home]);
      expect([answer.http, answer.status], String(amount)).toEqual([400, 400]);
    }
    expect((await bet(app, player, 10_000, [home])).http).toBe(200);
    const longShots = await Promise.all(Array.from({ length: 4 }, () => createMatch(app)));
    const huge = await bet(
      app,
      player,
      5_000,
      longShots.map((item) => pick(item, 'winAlone', 'away')),
    );
    expect([huge.http, huge.status]).toEqual([400, 400]);
    expect((await bet(app, player, 5, [{ selectionId: 999_999_999, odds: 2 }])).http).toBe(404);
    expect((await bet(app, player, 5, [{ selectionId: home.selectionId, odds: 2.1234 }])).http).toBe(400);
    expect((await bet(app, player, 5, [])).http).toBe(400);
    expect(
      (await call(app.test, 'POST', '/api/app/sports/bet', undefined, { amount: 5, selections: [home] }))
        .http,
    ).toBe(401);
  });

  it('returns the first answer for a repeated Idempotency-Key and takes the stake once', async () => {
    const player = await newPlayer(app, 1_000n);
    const headers = { 'idempotency-key': 'sports-bet-1' };
    const first = await bet(app, player, 4, [pick(match, 'oddEven', 'odd')], 'none', headers);
    const again = await bet(app, player, 4, [pick(match, 'oddEven', 'odd')], 'none', headers);
    expect(again.data).toEqual(first.data);
    expect(await balanceOf(app, player)).toEqual({ balance: 6, freeBalance: 0 });
  });

  it('records the score at placement for in-play bets', async () => {
    const live = await createMatch(app);
    await postState(app, live.matchId, { period: 1, score: { home: 2, away: 1 } });
    const player = await newPlayer(app);
    const answer = await bet(app, player, 5, [pick(live, 'handicap', 'away', 0)]);
    expect(answer.http).toBe(200);
    const leg = await app.test.ctx.db
      .selectFrom('sports_bet_legs')
      .select(['placement_home', 'placement_away'])
      .where('bet_id', '=', BigInt(answer.data.betId))
      .executeTakeFirstOrThrow();
    expect(leg).toEqual({ placement_home: 2, placement_away: 1 });
  });
});
