import { oddsMilliPerUnit } from '@aposta/sports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderLegsOf, builderPricingOf } from '../../src/modules/sportsbook/builder.repository.ts';
import { builderLegOfRow, repriceOddsMilli } from '../../src/modules/sportsbook/builder.settlement.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  balanceOf,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  finalState,
  type MatchView,
  newPlayer,
  type Player,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

const SAME = 'current gameplay not available for purchase';

describe(`bet builder: quote, placement, settlement, exposure (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  const quote = (player: Player, match: MatchView, ids: number[]) =>
    call(app.test, 'POST', '/api/app/sports/builder/quote', player.token, {
      matchId: match.matchId,
      selections: ids.map((selectionId) => ({ selectionId })),
    });
  const place = (player: Player, amount: number, quoteId: number, acceptOdds = 'none') =>
    call(app.test, 'POST', '/api/app/sports/bet', player.token, { amount, quoteId, acceptOdds });
  const threeLegs = (match: MatchView) => [
    pick(match, 'winAlone', 'home').selectionId,
    pick(match, 'total', 'over', 2.5).selectionId,
    pick(match, 'cornersTotal', 'over', 9.5).selectionId,
  ];
  const matchExposure = async (matchId: number) =>
    (
      await app.test.ctx.db
        .selectFrom('sports_match_exposure')
        .select('payout_cents')
        .where('match_id', '=', BigInt(matchId))
        .executeTakeFirst()
    )?.payout_cents ?? 0n;

  it('quotes a combination from the joint model, not the product of the legs', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app);
    const answer = await quote(player, match, threeLegs(match).slice(0, 2));
    expect(answer.http, answer.message).toBe(200);
    const product = 2.1 * 1.9;
    // Home win and over 2.5 go together: the joint chance is above the product's, the odds below it.
    expect(answer.data.odds).toBeGreaterThan(1.5);
    expect(answer.data.odds).toBeLessThan(product * 0.97);
    expect(answer.data.legs).toEqual([
      { selectionId: pick(match, 'winAlone', 'home').selectionId, odds: 2.1 },
      { selectionId: pick(match, 'total', 'over', 2.5).selectionId, odds: 1.9 },
    ]);
    expect(answer.data.expiresAt).toBeGreaterThan(Date.now());
    // The same match state prices the same combination the same.
    expect((await quote(player, match, threeLegs(match).slice(0, 2))).data.odds).toBe(answer.data.odds);
  });

  it('refuses contradictory legs, two picks of one market, lines that push, and one leg', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app);
    const cases: [number[], string][] = [
      [
        [pick(match, 'winAlone', 'home').selectionId, pick(match, 'handicap', 'away', -0.5).selectionId],
        'contradictory',
      ],
      [
        [pick(match, 'total', 'over', 2.5).selectionId, pick(match, 'total', 'under', 2.5).selectionId],
        'sameMarket',
      ],
      [[pick(match, 'winAlone', 'home').selectionId, pick(match, 'total', 'over', 3).selectionId], 'leg'],
      [[pick(match, 'winAlone', 'home').selectionId], 'count'],
    ];
    for (const [ids, reason] of cases) {
      const answer = await quote(player, match, ids);
      expect([answer.http, answer.status, answer.message, answer.data]).toEqual([409, 409, SAME, { reason }]);
    }
    const other = await createMatch(app);
    const mixed = await quote(player, match, [threeLegs(match)[0]!, threeLegs(other)[1]!]);
    expect([mixed.http, mixed.data]).toEqual([409, { reason: 'otherMatch' }]);
  });

  it('places a 3-leg builder, counts the combination once in the match exposure, and pays it when all legs win', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const q = await quote(player, match, threeLegs(match));
    expect(q.http, q.message).toBe(200);
    const placed = await place(player, 20, q.data.quoteId);
    expect(placed.http, placed.message).toBe(200);
    expect(placed.data).toMatchObject({ type: 'builder', odds: q.data.odds, result: 0, balance: 80 });
    const potentialCents = BigInt(Math.floor(2000 * q.data.odds));
    expect(placed.data.potentialPayout).toBe(Number(potentialCents) / 100);
    expect(await matchExposure(match.matchId)).toBe(potentialCents);
    const again = await place(player, 20, q.data.quoteId);
    expect([again.http, again.data.quoteId > q.data.quoteId]).toEqual([409, true]);

    const exposure = await admin(app, 'GET', '/api/admin/sports/builder/exposure');
    expect(
      exposure.data.records.find((row: { matchId: number }) => row.matchId === match.matchId),
    ).toMatchObject({
      openBets: 1,
      stake: 20,
      potentialPayout: Number(potentialCents) / 100,
    });
    const refused = await call(app.test, 'GET', '/api/admin/sports/builder/exposure', player.token);
    expect(refused.http).not.toBe(200);

    const bets = await call(app.test, 'GET', '/api/app/sports/bets', player.token);
    const mine = bets.data.records.find((row: { betId: number }) => row.betId === placed.data.betId);
    expect(mine.type).toBe('builder');
    expect(mine.legs.map((leg: { outcome: string }) => leg.outcome)).toEqual(['home', 'over', 'over']);

    await postState(app, match.matchId, finalState);
    expect((await settle(app, match.matchId)).http).toBe(200);
    const settled = await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token);
    const done = settled.data.records.find((row: { betId: number }) => row.betId === placed.data.betId);
    expect([done.result, done.payout]).toEqual([10, Number(potentialCents) / 100]);
    expect((await balanceOf(app, player)).balance).toBe((8000 + Number(potentialCents)) / 100);
    expect(await matchExposure(match.matchId)).toBe(0n);
    await expectLedgerClean(app);
  });

  it('loses on one lost leg; refunds a cancelled match', async () => {
    const lost = await createMatch(app);
    const cancelled = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const ids = [pick(lost, 'winAlone', 'away').selectionId, pick(lost, 'total', 'over', 2.5).selectionId];
    const a = await place(player, 10, (await quote(player, lost, ids)).data.quoteId);
    const b = await place(player, 10, (await quote(player, cancelled, threeLegs(cancelled))).data.quoteId);
    await postState(app, lost.matchId, finalState);
    await settle(app, lost.matchId);
    await postState(app, cancelled.matchId, { period: -10, score: { home: 0, away: 0 } });
    await settle(app, cancelled.matchId);
    const records = (await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token)).data
      .records;
    const of = (betId: number) => records.find((row: { betId: number }) => row.betId === betId);
    expect([of(a.data.betId).result, of(a.data.betId).payout]).toEqual([20, 0]);
    expect([of(b.data.betId).result, of(b.data.betId).payout]).toEqual([90, 10]);
    expect((await balanceOf(app, player)).balance).toBe(90);
    await expectLedgerClean(app);
  });

  it('a void leg drops out: the rest win at their odds repriced from the bet’s own model', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const ids = [
      pick(match, 'winAlone', 'home', null, 'firstHalf').selectionId,
      pick(match, 'total', 'over', 2.5).selectionId,
      pick(match, 'winAlone', 'home').selectionId,
    ];
    const q = await quote(player, match, ids);
    const placed = await place(player, 10, q.data.quoteId);
    expect(placed.http, placed.message).toBe(200);
    // Interrupted after half-time at 3-0: first-half home and over 2.5 decided (won), the full-time result void.
    await postState(app, match.matchId, {
      period: -13,
      score: { home: 3, away: 0 },
      halfTimeScore: { home: 1, away: 0 },
      corners: { home: 6, away: 2 },
      halfTimeCorners: { home: 3, away: 1 },
    });
    await settle(app, match.matchId);
    const betId = BigInt(placed.data.betId);
    const [pricing] = await builderPricingOf(app.test.ctx.db, [betId]);
    const legs = (await builderLegsOf(app.test.ctx.db, [betId])).map(builderLegOfRow);
    const repriced = repriceOddsMilli(pricing!, [legs[0]!, legs[1]!]);
    expect(repriced).toBeLessThan(Math.round(q.data.odds * oddsMilliPerUnit));
    const records = (await call(app.test, 'GET', '/api/app/sports/bets?status=settled', player.token)).data
      .records;
    const done = records.find((row: { betId: number }) => row.betId === placed.data.betId);
    expect(done.legs.map((leg: { result: number }) => leg.result)).toEqual([10, 10, 90]);
    expect([done.result, done.payout]).toEqual([10, Math.floor((1000 * repriced) / oddsMilliPerUnit) / 100]);
    expect(done.payout).toBeGreaterThan(10);
    await expectLedgerClean(app);
  });

  it('an expired quote, or one the match moved past, answers 409 with a new quote', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const first = await quote(player, match, threeLegs(match));
    await app.test.ctx.db
      .updateTable('sports_builder_quotes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', BigInt(first.data.quoteId))
      .execute();
    const expired = await place(player, 10, first.data.quoteId);
    expect([expired.http, expired.data.odds]).toEqual([409, first.data.odds]);
    expect(expired.data.quoteId).toBeGreaterThan(first.data.quoteId);
    // A goal in play: the live state changes the joint chance of home win + over 2.5 + corners.
    const fresh = await quote(player, match, threeLegs(match));
    await postState(app, match.matchId, {
      period: 1,
      score: { home: 0, away: 1 },
      corners: { home: 1, away: 0 },
    });
    const moved = await place(player, 10, fresh.data.quoteId);
    expect(moved.http).toBe(409);
    expect(moved.data.odds).not.toBe(fresh.data.odds);
    const taken = await place(player, 10, moved.data.quoteId);
    expect([taken.http, taken.data.odds]).toEqual([200, moved.data.odds]);
    expect((await balanceOf(app, player)).balance).toBe(90);
  });

  it('cashes a builder out at its joint chance at the live state, and pays the quote', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const q = await quote(player, match, threeLegs(match));
    const placed = await place(player, 10, q.data.quoteId);
    expect(placed.http, placed.message).toBe(200);
    // Second half at 3-0 with 11 corners: over 2.5 and corners over 9.5 are won, the home win close to certain.
    await postState(app, match.matchId, {
      period: 3,
      score: { home: 3, away: 0 },
      halfTimeScore: { home: 2, away: 0 },
      corners: { home: 9, away: 2 },
      halfTimeCorners: { home: 5, away: 1 },
    });
    const offer = await call(
      app.test,
      'GET',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
    );
    expect(offer.http, offer.message).toBe(200);
    const full = 10 * q.data.odds;
    expect(offer.data.amount).toBeGreaterThan(full * 0.9);
    expect(offer.data.amount).toBeLessThanOrEqual(full * 0.95);
    const taken = await call(
      app.test,
      'POST',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
      {
        quoteId: offer.data.quoteId,
        fraction: 0.5,
      },
    );
    expect([taken.http, taken.data.remainingStake]).toEqual([200, 5]);
    expect(taken.data.paid).toBe(Math.floor(offer.data.amount * 50) / 100);
    expect((await balanceOf(app, player)).balance).toBeCloseTo(90 + taken.data.paid, 2);
    // Half the stake sold: the match's exposure keeps what the other half can pay at the builder's odds.
    const oddsMilli = BigInt(Math.round(q.data.odds * 1000));
    expect(await matchExposure(match.matchId)).toBe((1000n * oddsMilli) / 1000n - (500n * oddsMilli) / 1000n);
    await expectLedgerClean(app);
  });

  it('does not offer a builder on a sport without a joint model', async () => {
    const match = await createMatch(app, {
      sport: 'basketball',
      markets: [
        {
          type: 'winAlone',
          selections: [
            { outcome: 'home', odds: 1.8 },
            { outcome: 'away', odds: 2.0 },
          ],
        },
        {
          type: 'total',
          line: 160.5,
          selections: [
            { outcome: 'over', odds: 1.9 },
            { outcome: 'under', odds: 1.9 },
          ],
        },
      ],
    });
    const player = await newPlayer(app);
    const ids = [
      pick(match, 'winAlone', 'home').selectionId,
      pick(match, 'total', 'over', 160.5).selectionId,
    ];
    const answer = await quote(player, match, ids);
    expect([answer.http, answer.data]).toEqual([409, { reason: 'sport' }]);
  });
});
