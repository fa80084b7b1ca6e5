import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  bet,
  createMatch,
  createSportsbookApp,
  newPlayer,
  pick,
  type SportsbookTestApp,
} from '../sportsbook/helpers.ts';

/** The trading views (ours): matches with open stakes and liability, markets with each selection's exposure. */
describe(`back office trading views (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;

  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('open stakes and liability per selection, market and match; the operator calls are audited', async () => {
    const match = await createMatch(app);
    const [alice, bob] = [await newPlayer(app), await newPlayer(app)];
    const home = pick(match, 'winAlone', 'home');
    const draw = pick(match, 'winAlone', 'draw');
    const other = await createMatch(app);
    const over = pick(other, 'total', 'over', 2.5);
    expect((await bet(app, alice, 10, [home])).status).toBe(200);
    expect((await bet(app, bob, 20, [home])).status).toBe(200);
    expect((await bet(app, bob, 5, [draw])).status).toBe(200);
    // A parlay (with a leg on another match) counts in full on each of its legs: 4 × 2.1 × 1.9 = 15.96.
    expect((await bet(app, alice, 4, [home, over])).status).toBe(200);

    const markets = await admin(app, 'GET', `/api/admin/sports/matches/${match.matchId}/markets`);
    expect(markets.status).toBe(200);
    const winAlone = markets.data.find((market: { marketId: number }) => market.marketId === home.marketId);
    const selection = (outcome: string) =>
      winAlone.selections.find((item: { outcome: string }) => item.outcome === outcome);
    expect(selection('home')).toMatchObject({ stakes: 34, payout: 78.96 }); // 21 + 42 + 15.96
    expect(selection('draw')).toMatchObject({ stakes: 5, payout: 17 });
    expect(selection('away')).toMatchObject({ stakes: 0, payout: 0 });
    expect(winAlone.liability).toBe(78.96);

    const list = await admin(app, 'GET', '/api/admin/sports/matches?status=upcoming&sport=football&size=100');
    const row = list.data.records.find((item: { matchId: number }) => item.matchId === match.matchId);
    expect(row).toMatchObject({ openBets: 4, openStakes: 39, liability: 78.96, sport: 'football' });
    expect(row.openMarkets).toBe(match.markets.length);

    await admin(app, 'POST', `/api/admin/sports/markets/${home.marketId}/status`, { status: 'suspended' });
    const audit = await admin(app, 'GET', '/api/admin/audit?action=sports.market_status');
    expect(audit.data.records[0]).toMatchObject({
      target: `match:${match.matchId}`,
      after: { marketId: home.marketId, status: 'suspended' },
    });
    const after = await admin(app, 'GET', '/api/admin/sports/matches?status=upcoming&size=100');
    expect(
      after.data.records.find((item: { matchId: number }) => item.matchId === match.matchId).suspendedMarkets,
    ).toBe(1);
    expect((await admin(app, 'GET', '/api/admin/sports/matches/99999999/markets')).status).toBe(404);
  });
});
