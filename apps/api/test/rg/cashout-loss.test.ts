import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  pick,
  type SportsbookTestApp,
} from '../sportsbook/helpers.ts';

// A loss limit counts what a cash-out gave back: the player's loss is stakes less everything returned to them.
describe(`loss limits and cash-out (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('a bet cashed out counts as the stake less what the cash-out paid', async () => {
    const match = await createMatch(app);
    const home = pick(match, 'winAlone', 'home');
    const player = await newPlayer(app, 10_000n);
    const limits = await call(app.test, 'POST', '/api/app/rg/limits', player.token, { loss: { day: 5 } });
    expect(limits.http, limits.message).toBe(200);
    const placed = await bet(app, player, 3, [home]);
    expect(placed.http, placed.message).toBe(200);
    const quote = await call(
      app.test,
      'GET',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
    );
    const paid = await call(
      app.test,
      'POST',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
      {
        quoteId: quote.data.quoteId,
        fraction: 1,
      },
    );
    expect(paid.http, paid.message).toBe(200);
    // R$ 3.00 staked, R$ 2.69 back: a loss of R$ 0.31, so R$ 4.00 more fits under R$ 5.00 (and R$ 4.70 does not).
    expect(paid.data.paid).toBe(2.69);
    expect((await bet(app, player, '4.70', [home])).http).toBe(409);
    expect((await bet(app, player, 4, [home])).http).toBe(200);
    await expectLedgerClean(app);
  });
});
