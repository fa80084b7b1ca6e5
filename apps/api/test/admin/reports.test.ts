import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldJournal } from '../../src/modules/admin/reports.service.ts';
import { approveKyc, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  admin,
  bet,
  createMatch,
  createSportsbookApp,
  newPlayer as newBettor,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from '../sportsbook/helpers.ts';
import { deposit, newPlayer, type Player, packageOf, prePay, runJobsNow } from '../wallet/helpers.ts';
import { call, createAdminApp, newOperator, type Operator, ownerToken } from './helpers.ts';

/** The daily report (api-contract section 12): exact before and after the rollup folds the journal. */
describe(`daily report (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let finance: Operator;
  const saoPauloDay = (offsetDays = 0) =>
    new Date(Date.now() - 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  // Yesterday and today in São Paulo: the activity of a test that crosses midnight stays in the sum.
  const from = saoPauloDay(-1);
  const to = saoPauloDay(0);

  beforeAll(async () => {
    test = await createAdminApp({ withdrawalReview: false });
    finance = await newOperator(test, await ownerToken(test), ['finance']);
  });
  afterAll(async () => test.close());

  async function report() {
    const answer = await call(test, 'GET', `/api/admin/reports/daily?from=${from}&to=${to}`, finance.token);
    expect(answer.http, answer.message).toBe(200);
    return answer.data as {
      day: string;
      deposits: number;
      withdrawals: number;
      stakes: number;
      payouts: number;
      ggr: { originals: number; slots: number; sports: number };
      bonusCost: number;
      newPlayers: number;
      activePlayers: number;
    }[];
  }
  const total = (rows: Awaited<ReturnType<typeof report>>) => ({
    deposits: rows.reduce((sum, row) => sum + row.deposits, 0),
    withdrawals: rows.reduce((sum, row) => sum + row.withdrawals, 0),
    stakes: rows.reduce((sum, row) => sum + row.stakes, 0),
    payouts: rows.reduce((sum, row) => sum + row.payouts, 0),
    originals: rows.reduce((sum, row) => sum + row.ggr.originals, 0),
    bonusCost: rows.reduce((sum, row) => sum + row.bonusCost, 0),
    newPlayers: rows.reduce((sum, row) => sum + row.newPlayers, 0),
  });
  const round = (value: number) => Math.round(value * 100) / 100;

  async function bet(player: Player, amount: number) {
    const answer = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount,
      target: 50,
      direction: 'over',
    });
    expect(answer.http, answer.message).toBe(200);
  }

  it('deposits, gifts, bets, payouts and a paid withdrawal add up, before and after the rollup folds them', async () => {
    const empty = await report();
    expect(empty.map((row) => row.day)).toEqual([from, to]);
    expect(total(empty)).toEqual({
      deposits: 0,
      withdrawals: 0,
      stakes: 0,
      payouts: 0,
      originals: 0,
      bonusCost: 0,
      newPlayers: 0,
    });

    const alice = await newPlayer(test);
    const bob = await newPlayer(test);
    await newPlayer(test); // registered, never plays
    await deposit(test, alice, 10_000n);
    // Bob takes a package with a gift: R$ 50 + R$ 5 of bonus.
    const pkgId = await packageOf(test, 5_000n, 500n);
    const order = await prePay(test, bob, pkgId, 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    for (let round = 0; round < 5; round++) {
      await bet(alice, 3);
      await bet(bob, 2);
    }
    const withdrawn = await call(test, 'POST', '/api/app/order/withdraw', alice.token, {
      payCardBank: 'CPF',
      payCardNo: await approveKyc(test, alice.token),
      amount: 20,
    });
    expect(withdrawn.http).toBe(200);
    await runJobsNow(test);

    const bets = await test.ctx.db.selectFrom('game_bets').select(['amount_cents', 'payout_cents']).execute();
    const staked = bets.reduce((sum, row) => sum + Number(row.amount_cents), 0) / 100;
    const paid = bets.reduce((sum, row) => sum + Number(row.payout_cents), 0) / 100;
    const live = total(await report());
    expect(live).toEqual({
      deposits: 150,
      withdrawals: 20,
      stakes: staked,
      payouts: paid,
      originals: round(staked - paid),
      bonusCost: 5,
      newPlayers: 3,
    });
    expect((await report()).reduce((sum, row) => sum + row.activePlayers, 0)).toBeGreaterThanOrEqual(2);

    // Fold everything into the rollup (no settling delay in a test): the same answer.
    expect(await foldJournal(test.ctx.db, 0)).toBeGreaterThan(0);
    expect(total(await report())).toEqual(live);
    // More activity after the fold: the live tail adds it.
    await bet(alice, 1);
    const after = total(await report());
    expect(after.stakes).toBe(round(staked + 1));
    expect(await foldJournal(test.ctx.db, 0)).toBeGreaterThanOrEqual(1);
    expect(total(await report())).toEqual(after);
  });

  it('a range that is backwards, longer than 366 days or not a date is a 400', async () => {
    for (const query of [
      'from=2026-02-02&to=2026-02-01',
      'from=2025-01-01&to=2026-01-02',
      'from=2026-02-30&to=2026-03-01',
      'from=x&to=y',
    ]) {
      const answer = await call(test, 'GET', `/api/admin/reports/daily?${query}`, finance.token);
      expect(answer.http, query).toBe(400);
    }
    const year = await call(
      test,
      'GET',
      '/api/admin/reports/daily?from=2025-01-01&to=2026-01-01',
      finance.token,
    );
    expect(year.data).toHaveLength(366);
  });
});

/** Sports GGR counts a stake when its bet is settled, never while it is open (decision 0015). */
describe(`daily report with open sports bets (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  const saoPauloDay = (offsetDays = 0) =>
    new Date(Date.now() - 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const finalState = {
    period: -1,
    score: { home: 2, away: 1 },
    halfTimeScore: { home: 1, away: 0 },
    corners: { home: 7, away: 4 },
    halfTimeCorners: { home: 4, away: 2 },
  };

  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  async function sportsFigures() {
    const answer = await admin(
      app,
      'GET',
      `/api/admin/reports/daily?from=${saoPauloDay(-1)}&to=${saoPauloDay()}`,
    );
    expect(answer.http, answer.message).toBe(200);
    const rows = answer.data as {
      stakes: number;
      payouts: number;
      ggr: { sports: number; originals: number };
    }[];
    const sum = (pickValue: (row: (typeof rows)[number]) => number) =>
      Math.round(rows.reduce((total, row) => total + pickValue(row), 0) * 100) / 100;
    return {
      stakes: sum((row) => row.stakes),
      payouts: sum((row) => row.payouts),
      sports: sum((row) => row.ggr.sports),
    };
  }
  /** The sportsbook's bank as the ledger holds it: every stake taken less every payout made. */
  async function houseSportsbook(): Promise<number> {
    const row = await app.test.ctx.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select((eb) => eb.fn.sum<string>('p.amount_cents').as('net'))
      .where('a.kind', '=', 'house_sportsbook')
      .executeTakeFirstOrThrow();
    return Number(row.net ?? 0) / 100;
  }

  it('open bets add nothing; settled ones add their stakes less payouts; the rest of the bank is open stakes', async () => {
    const settledMatch = await createMatch(app);
    const openMatch = await createMatch(app);
    const [alice, bob, carol] = [await newBettor(app), await newBettor(app), await newBettor(app)];
    const home = pick(settledMatch, 'winAlone', 'home');
    expect((await bet(app, alice, 10, [home])).http).toBe(200);
    expect((await bet(app, bob, 20, [pick(settledMatch, 'winAlone', 'draw')])).http).toBe(200);
    expect((await bet(app, carol, 5, [pick(openMatch, 'winAlone', 'away')])).http).toBe(200);

    // 35,00 staked, nothing settled: no stakes, no payouts, no GGR yet.
    expect(await sportsFigures()).toEqual({ stakes: 0, payouts: 0, sports: 0 });
    expect(await houseSportsbook()).toBe(35);

    await postState(app, settledMatch.matchId, finalState);
    expect((await settle(app, settledMatch.matchId)).data).toEqual({ settledBets: 2 });
    const payout = Math.floor(10 * home.odds * 100) / 100;
    const settled = { stakes: 30, payouts: payout, sports: Math.round((30 - payout) * 100) / 100 };
    expect(await sportsFigures()).toEqual(settled);
    // Consistent with the ledger: the bank is the GGR so far plus the open bet's stake.
    expect(await houseSportsbook()).toBe(Math.round((settled.sports + 5) * 100) / 100);

    // The rollup folds the journal: the same figures.
    await foldJournal(app.test.ctx.db, 0);
    expect(await sportsFigures()).toEqual(settled);

    // The open match settles too (away loses): its stake is now earned.
    await postState(app, openMatch.matchId, finalState);
    expect((await settle(app, openMatch.matchId)).data).toEqual({ settledBets: 1 });
    const all = await sportsFigures();
    expect(all).toEqual({ stakes: 35, payouts: payout, sports: Math.round((35 - payout) * 100) / 100 });
    expect(await houseSportsbook()).toBe(all.sports);
  });
});
