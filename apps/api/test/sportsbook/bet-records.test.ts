import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  finalState,
  newPlayer,
  type Player,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

// The player's bet records (GET /api/app/sports/bets) after a cash-out and in spec.md section 3's codes: the
// stake as placed, the cash-out state, `resultCode` and `orderStatus` (packages/contract/src/bet-codes.ts),
// and a live handicap's score at placement (decision 0030).

type BetRecord = {
  betId: number;
  amount: number;
  remainingStake: number;
  cashedOut: number;
  result: number;
  resultCode: number;
  orderStatus: number;
  legs: { type: string; result: number; resultCode: number; orderStatus: number; placementScore?: unknown }[];
};

async function records(app: SportsbookTestApp, player: Player, status: 'open' | 'settled') {
  const answer = await call(app.test, 'GET', `/api/app/sports/bets?status=${status}`, player.token);
  expect(answer.http, answer.message).toBe(200);
  return answer.data.records as BetRecord[];
}

describe(`sports bet records (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('a bet cashed out in full keeps its real stake and reads drawn (9999), before and after its match settles', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const placed = await bet(app, player, 10, [pick(match, 'winAlone', 'home')]);
    expect(placed.http, placed.message).toBe(200);
    const [open] = await records(app, player, 'open');
    expect(open).toMatchObject({ betId: placed.data.betId, amount: 10, resultCode: 0, orderStatus: 0 });
    expect(open!.legs[0]).toMatchObject({ resultCode: 0, orderStatus: 0 });

    const quote = await call(
      app.test,
      'GET',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
    );
    const taken = await call(
      app.test,
      'POST',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
      {
        quoteId: quote.data.quoteId,
        fraction: 1,
      },
    );
    expect(taken.http, taken.message).toBe(200);
    const [sold] = await records(app, player, 'settled');
    expect(sold).toMatchObject({
      amount: 10,
      remainingStake: 0,
      cashedOut: taken.data.paid,
      result: 0,
      resultCode: 0,
      orderStatus: 9999,
    });

    // The home win settles the leg; the bet paid nothing more and still reads as the cash-out it was.
    await postState(app, match.matchId, finalState);
    expect((await settle(app, match.matchId)).http).toBe(200);
    const [after] = await records(app, player, 'settled');
    expect(after).toMatchObject({ amount: 10, cashedOut: taken.data.paid, orderStatus: 9999 });
    expect(after!.legs[0]).toMatchObject({ result: 10, resultCode: 10, orderStatus: 9999 });
    await expectLedgerClean(app);
  });

  it('lost, won and a cancelled match carry the spec codes: 20/4, 10/9999, 90/8888', async () => {
    const played = await createMatch(app);
    const cancelled = await createMatch(app);
    const player = await newPlayer(app, 10_000n);
    const lost = await bet(app, player, 5, [pick(played, 'winAlone', 'away')]);
    const won = await bet(app, player, 5, [pick(played, 'winAlone', 'home')]);
    const voided = await bet(app, player, 5, [pick(cancelled, 'winAlone', 'home')]);
    for (const placed of [lost, won, voided]) expect(placed.http, placed.message).toBe(200);
    await postState(app, played.matchId, finalState);
    await settle(app, played.matchId);
    await postState(app, cancelled.matchId, { period: -10, score: { home: 0, away: 0 } });
    await settle(app, cancelled.matchId);

    const byId = new Map((await records(app, player, 'settled')).map((record) => [record.betId, record]));
    expect(byId.get(lost.data.betId)).toMatchObject({ result: 20, resultCode: 20, orderStatus: 4 });
    expect(byId.get(won.data.betId)).toMatchObject({ result: 10, resultCode: 10, orderStatus: 9999 });
    expect(byId.get(voided.data.betId)).toMatchObject({ result: 90, resultCode: 90, orderStatus: 8888 });
    expect(byId.get(voided.data.betId)!.legs[0]).toMatchObject({ resultCode: 90, orderStatus: 8888 });
  });

  it('an in-play handicap leg carries the score it counts from; other legs carry none', async () => {
    const match = await createMatch(app, { startTime: Date.now() - 60_000 });
    await postState(app, match.matchId, { period: 2, score: { home: 0, away: 1 } });
    const player = await newPlayer(app, 10_000n);
    const live = await bet(app, player, 5, [pick(match, 'handicap', 'home', 0)]);
    const winner = await bet(app, player, 5, [pick(match, 'winAlone', 'draw')]);
    for (const placed of [live, winner]) expect(placed.http, placed.message).toBe(200);
    const byId = new Map((await records(app, player, 'open')).map((record) => [record.betId, record]));
    expect(byId.get(live.data.betId)!.legs[0]).toMatchObject({
      type: 'handicap',
      placementScore: { home: 0, away: 1 },
    });
    expect(byId.get(winner.data.betId)!.legs[0]!.placementScore).toBeUndefined();
  });
});
