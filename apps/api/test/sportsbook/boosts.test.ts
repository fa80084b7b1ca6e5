import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/modules/jobs/jobs.service.ts';
import { runAutoCashouts } from '../../src/modules/sportsbook/auto-cashout.service.ts';
import { settlementJobHandlers } from '../../src/modules/sportsbook/index.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  balanceOf,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

// Odds boosts, early payout and auto cash-out (issue 33, api-contract section 19, decision 0063). The football
// board of helpers.ts prices home at 2.10 (draw 3.40, away 3.50).

const auditOf = (app: SportsbookTestApp, action: string) =>
  app.test.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
const myBets = async (app: SportsbookTestApp, token: string) =>
  (await call(app.test, 'GET', '/api/app/sports/bets', token)).data.records;

describe(`sportsbook boosts (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('an operator boosts a selection (audited); players see both prices; a single is paid at the boost', async () => {
    const match = await createMatch(app);
    const home = pick(match, 'winAlone', 'home');
    const created = await admin(app, 'POST', '/api/admin/sports/boosts', {
      selectionId: home.selectionId,
      boostedOdds: 2.5,
      stakeCap: 50,
      liabilityCap: 30,
    });
    expect(created.http, created.message).toBe(200);
    expect(created.data).toMatchObject({
      odds: 2.1,
      boostedOdds: 2.5,
      stakeCap: 50,
      liabilityCap: 30,
      cost: 0,
    });
    const [entry] = await auditOf(app, 'sports.boost_create');
    expect(entry).toMatchObject({
      target: `selection:${home.selectionId}`,
      operator_username: 'ops@aposta.dev',
    });
    const again = await admin(app, 'POST', '/api/admin/sports/boosts', {
      selectionId: home.selectionId,
      boostedOdds: 2.6,
      stakeCap: 50,
      liabilityCap: 30,
    });
    expect(again.http).toBe(409);

    const detail = await call(app.test, 'GET', `/api/app/sports/matches/${match.matchId}`);
    const shown = detail.data.markets
      .find((market: { marketId: number }) => market.marketId === home.marketId)
      .selections.find((selection: { selectionId: number }) => selection.selectionId === home.selectionId);
    expect(shown).toEqual({
      selectionId: home.selectionId,
      outcome: 'home',
      odds: 2.1,
      boostedOdds: 2.5,
      boostId: created.data.boostId,
    });

    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, 20, [{ selectionId: home.selectionId, odds: 2.5 }]);
    expect(placed.http, placed.message).toBe(200);
    expect(placed.data).toMatchObject({ type: 'single', odds: 2.5, potentialPayout: 50 });
    // Cash-out buys a boosted leg back at its normal odds: 20 × 2.10 × 45.09 % × 0.95 = 17.99, never more than
    // the stake the moment it is placed (the boost pays only if the leg wins).
    expect((await myBets(app, player.token))[0]).toMatchObject({ cashoutValue: 17.99 });
    // Over the player's cap (R$ 50.00 in all, R$ 20.00 taken): refused, nothing moves, the message says what is left.
    const over = await bet(app, player, 30.01, [{ selectionId: home.selectionId, odds: 2.5 }]);
    expect(over.http).toBe(409);
    expect(over.message).toContain('30,00');
    expect(over.data).toEqual({ boostId: created.data.boostId, maxStake: 30 });
    expect((await balanceOf(app, player)).balance).toBe(80);
    // A parlay leg is boosted too, within the same cap: 2.50 × 2.10.
    const other = await createMatch(app);
    const parlay = await bet(app, player, 10, [
      { selectionId: home.selectionId, odds: 2.5 },
      pick(other, 'winAlone', 'home'),
    ]);
    expect(parlay.http, parlay.message).toBe(200);
    expect(parlay.data.odds).toBe(5.25);

    await postState(app, match.matchId, {
      period: -1,
      score: { home: 1, away: 0 },
      halfTimeScore: { home: 0, away: 0 },
    });
    expect((await settle(app, match.matchId)).http).toBe(200);
    // The single won R$ 50.00 where the normal odds pay R$ 42.00: the boost cost R$ 8.00.
    const listed = await admin(app, 'GET', '/api/admin/sports/boosts?status=active');
    expect(
      listed.data.records.find((row: { boostId: number }) => row.boostId === created.data.boostId),
    ).toMatchObject({
      bets: 2,
      stakes: 30,
      cost: 8,
      // 8.00 for the single, 52.50 − 44.10 = 8.40 for the parlay.
      liabilityUsed: 16.4,
    });
    const [single] = (await myBets(app, player.token)).filter(
      (row: { type: string }) => row.type === 'single',
    );
    expect(single).toMatchObject({ result: 10, payout: 50, legs: [{ odds: 2.5, normalOdds: 2.1 }] });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const report = await admin(app, 'GET', `/api/admin/reports/daily?from=${today}&to=${today}`);
    expect(report.data[0].boostCost).toBeGreaterThanOrEqual(8);

    const ended = await admin(app, 'POST', `/api/admin/sports/boosts/${created.data.boostId}/end`);
    expect(ended.data.status).toBe('ended');
    expect(await auditOf(app, 'sports.boost_end')).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('a boost whose extra liability is used up refuses further stakes', async () => {
    const match = await createMatch(app);
    const away = pick(match, 'winAlone', 'away');
    const created = await admin(app, 'POST', '/api/admin/sports/boosts', {
      selectionId: away.selectionId,
      boostedOdds: 4.5,
      stakeCap: 100,
      liabilityCap: 15,
    });
    expect(created.http, created.message).toBe(200);
    const first = await newPlayer(app, 10_000n);
    // R$ 10.00 × (4.50 − 3.50) = R$ 10.00 of the R$ 15.00.
    expect((await bet(app, first, 10, [{ selectionId: away.selectionId, odds: 4.5 }])).http).toBe(200);
    const second = await newPlayer(app, 10_000n);
    const refused = await bet(app, second, 10, [{ selectionId: away.selectionId, odds: 4.5 }]);
    expect(refused.http).toBe(409);
    expect(refused.message).toMatch(/esgotou/);
    expect((await balanceOf(app, second)).balance).toBe(100);
  });

  it('an operator without the trader role cannot boost', async () => {
    const operator = await admin(app, 'POST', '/api/admin/operators', {
      username: 'supportboost',
      password: 'support-secret-123',
      roles: ['support'],
    });
    expect(operator.http, operator.message).toBe(200);
    const login = await call(app.test, 'POST', '/api/admin/auth/login', undefined, {
      username: 'supportboost',
      password: 'support-secret-123',
    });
    const refused = await call(app.test, 'POST', '/api/admin/sports/boosts', login.data.access_token, {
      selectionId: 1,
      boostedOdds: 3,
      stakeCap: 10,
      liabilityCap: 10,
    });
    expect(refused.http).toBe(403);
  });
});

const runJobs = (app: SportsbookTestApp) => runDueJobs(app.test.ctx, settlementJobHandlers);

async function liveMatch(app: SportsbookTestApp) {
  const match = await createMatch(app, { startTime: Date.now() - 60_000 });
  await postState(app, match.matchId, { period: 1, score: { home: 0, away: 0 } });
  return match;
}

describe(`sportsbook early payout (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('pays a 1X2 single at two goals ahead at once, once; the final result changes nothing', async () => {
    const match = await liveMatch(app);
    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, 10, [pick(match, 'winAlone', 'home')]);
    const parlayPlayer = await newPlayer(app, 10_000n);
    const other = await createMatch(app);
    const parlay = await bet(app, parlayPlayer, 10, [
      pick(match, 'winAlone', 'home'),
      pick(other, 'winAlone', 'home'),
    ]);
    expect(parlay.http, parlay.message).toBe(200);

    await postState(app, match.matchId, { period: 1, score: { home: 1, away: 0 } });
    await runJobs(app);
    expect((await balanceOf(app, player)).balance).toBe(90);
    await postState(app, match.matchId, { period: 2, score: { home: 2, away: 0 } });
    await runJobs(app);
    expect((await balanceOf(app, player)).balance).toBe(111);
    const [paid] = await myBets(app, player.token);
    expect(paid).toMatchObject({ betId: placed.data.betId, result: 10, payout: 21, earlyPaid: true });
    expect(paid.legs[0]).toMatchObject({ result: 10, earlyPaid: true });
    expect(app.events).toContainEqual({
      to: player.userId,
      event: 'betSettled',
      payload: { betId: placed.data.betId, result: 10, payout: 21 },
    });
    // The parlay's leg is won; the parlay waits for the other match.
    const [open] = await myBets(app, parlayPlayer.token);
    expect(open).toMatchObject({ result: 0, earlyPaid: false });
    expect(open.legs[0]).toMatchObject({ result: 10, earlyPaid: true });

    // The same state again (a retried job) pays nothing more; the away side comes back and wins 2-3.
    await postState(app, match.matchId, { period: 2, score: { home: 2, away: 0 } });
    await runJobs(app);
    await postState(app, match.matchId, {
      period: -1,
      score: { home: 2, away: 3 },
      halfTimeScore: { home: 2, away: 0 },
    });
    await runJobs(app);
    await settle(app, match.matchId);
    expect((await balanceOf(app, player)).balance).toBe(111);
    expect((await myBets(app, player.token))[0]).toMatchObject({ result: 10, payout: 21, earlyPaid: true });
    await postState(app, other.matchId, {
      period: -1,
      score: { home: 1, away: 0 },
      halfTimeScore: { home: 0, away: 0 },
    });
    await settle(app, other.matchId);
    // 10 × 2.10 × 2.10 = 44.10: the early leg counted as won.
    expect((await myBets(app, parlayPlayer.token))[0]).toMatchObject({ result: 10, payout: 44.1 });
    await expectLedgerClean(app);
  });

  it('follows the back office rule: off for a league, and every change audited', async () => {
    const match = await liveMatch(app);
    const off = await admin(app, 'POST', '/api/admin/sports/early-payout-rules', {
      sport: 'football',
      league: 'Brasileirão Série A',
      lead: 2,
      enabled: false,
    });
    expect(off.http, off.message).toBe(200);
    expect(off.data).toContainEqual(
      expect.objectContaining({ league: 'Brasileirão Série A', enabled: false }),
    );
    expect(await auditOf(app, 'sports.early_payout_rule')).toHaveLength(1);
    const player = await newPlayer(app, 10_000n);
    await bet(app, player, 10, [pick(match, 'winAlone', 'away')]);
    await postState(app, match.matchId, { period: 1, score: { home: 0, away: 3 } });
    await runJobs(app);
    expect((await myBets(app, player.token))[0]).toMatchObject({ result: 0, earlyPaid: false });
    await admin(app, 'POST', '/api/admin/sports/early-payout-rules', {
      sport: 'football',
      league: 'Brasileirão Série A',
      lead: 3,
      enabled: true,
    });
    await postState(app, match.matchId, {
      period: 1,
      score: { home: 0, away: 3 },
      corners: { home: 1, away: 0 },
    });
    await runJobs(app);
    expect((await myBets(app, player.token))[0]).toMatchObject({ result: 10, payout: 35, earlyPaid: true });
    await expectLedgerClean(app);
  });
});

describe(`sportsbook auto cash-out (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  const setAuto = (token: string, betId: number, amount: number | string | null) =>
    call(app.test, 'POST', `/api/app/sports/bets/${betId}/autoCashout`, token, { amount });

  it('sells when the value reaches the amount, at the price then, once; can be cleared', async () => {
    const match = await liveMatch(app);
    const home = pick(match, 'winAlone', 'home');
    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, 10, [home]);
    // Worth R$ 8.99 now (cashout.test.ts); R$ 12.00 waits.
    const set = await setAuto(player.token, placed.data.betId, 12);
    expect(set.data).toEqual({ betId: placed.data.betId, autoCashout: 12, paid: null });
    expect((await myBets(app, player.token))[0].autoCashout).toBe(12);
    expect((await setAuto(player.token, placed.data.betId, 21)).http).toBe(400);
    const stranger = await newPlayer(app);
    expect((await setAuto(stranger.token, placed.data.betId, 12)).http).toBe(404);
    expect(await runAutoCashouts(app.test.ctx, [BigInt(match.matchId)])).toBe(0);

    // The home side scores: its odds fall to 1.40 (against 4.50 and 8.00), the value rises past R$ 12.00.
    await sql`UPDATE sports_selections SET odds_milli = CASE outcome WHEN 'home' THEN 1400 WHEN 'draw' THEN 4500 ELSE 8000 END
               WHERE market_id = ${BigInt(home.marketId)}`.execute(app.test.ctx.db);
    const value = (await myBets(app, player.token))[0].cashoutValue;
    expect(value).toBeGreaterThanOrEqual(12);
    expect(await runAutoCashouts(app.test.ctx, [BigInt(match.matchId)])).toBe(1);
    expect(await runAutoCashouts(app.test.ctx, [BigInt(match.matchId)])).toBe(0);
    const [sold] = await myBets(app, player.token);
    expect(sold).toMatchObject({ cashedOut: value, remainingStake: 0, autoCashout: null });
    expect((await balanceOf(app, player)).balance).toBe(Math.round((90 + value) * 100) / 100);

    const second = await bet(app, player, 5, [home], 'any');
    expect(second.http, second.message).toBe(200);
    expect((await setAuto(player.token, second.data.betId, 6)).data.autoCashout).toBe(6);
    expect((await setAuto(player.token, second.data.betId, null)).data).toEqual({
      betId: second.data.betId,
      autoCashout: null,
      paid: null,
    });
    await expectLedgerClean(app);
  });

  it('an auto cash-out racing a two-goal lead is paid once: sold, or paid early, never both', async () => {
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      const match = await liveMatch(app);
      const home = pick(match, 'winAlone', 'home');
      const player = await newPlayer(app, 10_000n);
      const placed = await bet(app, player, 10, [home]);
      await postState(app, match.matchId, { period: 1, score: { home: 1, away: 0 } });
      await runJobs(app);
      // Worth R$ 8.99: an amount of R$ 8.00 sells on the next sweep, the goal pays R$ 21.00 early.
      expect((await setAuto(player.token, placed.data.betId, 8)).data.paid).toBe(8.99);
      const again = await bet(app, player, 10, [home]);
      expect(again.http, again.message).toBe(200);
      await admin(app, 'POST', `/api/admin/sports/markets/${home.marketId}/status`, { status: 'suspended' });
      expect((await setAuto(player.token, again.data.betId, 8)).data.paid).toBeNull();
      await admin(app, 'POST', `/api/admin/sports/markets/${home.marketId}/status`, { status: 'open' });
      const goal = async () => {
        await postState(app, match.matchId, { period: 1, score: { home: 2, away: 0 } });
        await runJobs(app);
      };
      await Promise.all([goal(), runAutoCashouts(app.test.ctx, [BigInt(match.matchId)])]);
      const raced = (await myBets(app, player.token)).find(
        (row: { betId: number }) => row.betId === again.data.betId,
      );
      const soldFirst = raced.cashedOut > 0;
      if (soldFirst) expect(raced).toMatchObject({ cashedOut: 8.99, payout: 0, earlyPaid: false });
      else expect(raced).toMatchObject({ cashedOut: 0, payout: 21, earlyPaid: true, result: 10 });
      // 100 − 20 staked + 8.99 from the first bet + one of the two for the raced one.
      expect((await balanceOf(app, player)).balance).toBe(soldFirst ? 97.98 : 109.99);
    }
    await expectLedgerClean(app);
  });
});
