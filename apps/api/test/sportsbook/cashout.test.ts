import { sql } from 'kysely';
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
  newPlayer,
  type Player,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

// Cash-out (api-contract section 11, second wave). The football board of helpers.ts prices home at 2.10 against
// 3.40 and 3.50: a fair chance of 45.09 %, so R$ 10.00 at 2.10 is worth R$ 9.47 now and R$ 8.99 after the 5 %
// margin.

const quoteOf = (app: SportsbookTestApp, player: Player, betId: number) =>
  call(app.test, 'GET', `/api/app/sports/bets/${betId}/cashout`, player.token);
const take = (app: SportsbookTestApp, player: Player, betId: number, quoteId: number, fraction: number) =>
  call(app.test, 'POST', `/api/app/sports/bets/${betId}/cashout`, player.token, { quoteId, fraction });

describe(`sportsbook cash-out (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('quotes a single from current odds less the margin, pays it once, and the bet is over', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, 10, [pick(match, 'winAlone', 'home')]);
    expect(placed.http, placed.message).toBe(200);
    const listed = await call(app.test, 'GET', '/api/app/sports/bets?status=open', player.token);
    expect(listed.data.records[0]).toMatchObject({ cashoutValue: 8.99, cashedOut: 0, remainingStake: 10 });
    const quote = await quoteOf(app, player, placed.data.betId);
    expect(quote.http, quote.message).toBe(200);
    expect(quote.data).toMatchObject({ amount: 8.99, fraction: 1 });
    expect(quote.data.expiresAt).toBeGreaterThan(Date.now());

    const paid = await take(app, player, placed.data.betId, quote.data.quoteId, 1);
    expect(paid.http, paid.message).toBe(200);
    expect(paid.data).toEqual({ paid: 8.99, remainingStake: 0, balance: 98.99, freeBalance: 0 });
    // A retry (a lost answer) answers the same and pays nothing more.
    const again = await take(app, player, placed.data.betId, quote.data.quoteId, 1);
    expect(again.data).toEqual(paid.data);
    expect((await balanceOf(app, player)).balance).toBe(98.99);
    expect((await quoteOf(app, player, placed.data.betId)).http).toBe(409);

    const settled = await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token);
    expect(settled.data.records[0]).toMatchObject({
      betId: placed.data.betId,
      cashedOut: 8.99,
      remainingStake: 0,
    });
    const open = await call(app.test, 'GET', '/api/app/sports/bets?status=open', player.token);
    expect(open.data.total).toBe(0);
    // The home win settles nothing more: the stake was sold.
    await postState(app, match.matchId, {
      period: -1,
      score: { home: 2, away: 0 },
      halfTimeScore: { home: 1, away: 0 },
    });
    expect((await settle(app, match.matchId)).http).toBe(200);
    expect((await balanceOf(app, player)).balance).toBe(98.99);
    await expectLedgerClean(app);
  });

  it('cashes out half a parlay, floored to the centavo; the rest settles on the remaining stake', async () => {
    const first = await createMatch(app);
    const second = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, '10.01', [
      pick(first, 'winAlone', 'home'),
      pick(second, 'winAlone', 'home'),
    ]);
    expect(placed.http, placed.message).toBe(200);
    const quote = await quoteOf(app, player, placed.data.betId);
    // 10.01 × (2.10 × 45.09 %)² × 0.95 = 8.527… → R$ 8.52.
    expect(quote.data.amount).toBe(8.52);
    const half = await take(app, player, placed.data.betId, quote.data.quoteId, 0.5);
    expect(half.http, half.message).toBe(200);
    // Sold: ⌊10.01 × 0.5⌋ = 5.00 of stake; paid ⌊8.52 × 500 / 1001⌋ = 4.25; 5.01 stays in play.
    expect(half.data).toMatchObject({ paid: 4.25, remainingStake: 5.01, balance: 100 - 10.01 + 4.25 });
    // My bets: what the 5.01 still riding can return, 5.01 × 2.10 × 2.10 = 22.09.
    const [open] = (await call(app.test, 'GET', '/api/app/sports/bets?status=open', player.token)).data
      .records;
    expect(open).toMatchObject({
      amount: 10.01,
      remainingStake: 5.01,
      cashedOut: 4.25,
      potentialPayout: 22.09,
    });
    const fraction = await take(app, player, placed.data.betId, quote.data.quoteId, 0.333);
    expect(fraction.http).toBe(400);

    for (const match of [first, second]) {
      await postState(app, match.matchId, {
        period: -1,
        score: { home: 1, away: 0 },
        halfTimeScore: { home: 0, away: 0 },
      });
      await settle(app, match.matchId);
    }
    const [settled] = (await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token)).data
      .records;
    // 5.01 × 2.10 × 2.10 = 22.0941 → R$ 22.09.
    expect(settled).toMatchObject({ result: 10, payout: 22.09, cashedOut: 4.25, remainingStake: 5.01 });
    expect((await balanceOf(app, player)).balance).toBe(Math.round((100 - 10.01 + 4.25 + 22.09) * 100) / 100);
    await expectLedgerClean(app);
  });

  it('a cash-out racing a goal is refused while the market is suspended, then requoted, and never paid twice', async () => {
    const match = await createMatch(app, { startTime: Date.now() - 60_000 });
    await postState(app, match.matchId, { period: 1, score: { home: 0, away: 0 } });
    const player = await newPlayer(app, 10_000n);
    const home = pick(match, 'winAlone', 'home');
    const placed = await bet(app, player, 10, [home]);
    expect(placed.http, placed.message).toBe(200);
    const quote = await quoteOf(app, player, placed.data.betId);
    expect(quote.http).toBe(200);

    // The goal lands first: the feed suspends the market in the same transaction.
    await postState(app, match.matchId, { period: 1, score: { home: 1, away: 0 } });
    expect(
      (await admin(app, 'POST', `/api/admin/sports/markets/${home.marketId}/status`, { status: 'suspended' }))
        .http,
    ).toBe(200);
    const refused = await take(app, player, placed.data.betId, quote.data.quoteId, 1);
    expect(refused.http).toBe(409);
    expect((await balanceOf(app, player)).balance).toBe(90);

    // Reopened at the new price: the old quote is answered with a new one.
    await sql`UPDATE sports_selections SET odds_milli = 1400 WHERE id = ${home.selectionId}`.execute(
      app.test.ctx.db,
    );
    await admin(app, 'POST', `/api/admin/sports/markets/${home.marketId}/status`, { status: 'open' });
    const moved = await take(app, player, placed.data.betId, quote.data.quoteId, 1);
    expect(moved.http).toBe(409);
    expect(moved.data.amount).toBeGreaterThan(quote.data.amount);
    expect(moved.data.quoteId).not.toBe(quote.data.quoteId);

    // Two taps on the new quote at once: one payment.
    const [a, b] = await Promise.all([
      take(app, player, placed.data.betId, moved.data.quoteId, 1),
      take(app, player, placed.data.betId, moved.data.quoteId, 1),
    ]);
    expect(a.http).toBe(200);
    expect(b.data).toEqual(a.data);
    expect(a.data.paid).toBe(moved.data.amount);
    expect((await balanceOf(app, player)).balance).toBe(Math.round((90 + moved.data.amount) * 100) / 100);
    const payments = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_transactions
       WHERE code = 'sports_cashout' AND reference_id = ${String(placed.data.betId)}`.execute(
      app.test.ctx.db,
    );
    expect(payments.rows[0]!.n).toBe('1');
    await expectLedgerClean(app);
  });

  it('answers an expired quote with a new one; refuses other players, bonus stakes and ended matches', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, 10, [pick(match, 'winAlone', 'away')]);
    const quote = await quoteOf(app, player, placed.data.betId);
    await sql`UPDATE sports_cashout_quotes SET expires_at = now() - interval '1 second' WHERE id = ${quote.data.quoteId}`.execute(
      app.test.ctx.db,
    );
    const expired = await take(app, player, placed.data.betId, quote.data.quoteId, 1);
    expect(expired.http).toBe(409);
    expect(expired.data).toMatchObject({ amount: quote.data.amount, fraction: 1 });

    const stranger = await newPlayer(app, 1_000n);
    expect((await quoteOf(app, stranger, placed.data.betId)).http).toBe(404);
    expect((await take(app, stranger, placed.data.betId, expired.data.quoteId, 1)).http).toBe(404);

    const bonusOnly = await newPlayer(app, 0n, 5_000n);
    const bonusBet = await bet(app, bonusOnly, 10, [pick(match, 'winAlone', 'home')]);
    expect(bonusBet.http, bonusBet.message).toBe(200);
    expect((await quoteOf(app, bonusOnly, bonusBet.data.betId)).http).toBe(409);

    await postState(app, match.matchId, {
      period: -1,
      score: { home: 0, away: 1 },
      halfTimeScore: { home: 0, away: 0 },
    });
    const ended = await quoteOf(app, player, placed.data.betId);
    expect(ended.http).toBe(409);
    expect(ended.message).toBe('Cash-out indisponível para esta aposta agora');
  });
});
