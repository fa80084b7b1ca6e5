import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFreshRounds } from '../games/helpers.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  type Player,
  pick,
  type SportsbookTestApp,
} from '../sportsbook/helpers.ts';

/**
 * Issue 30: every stake checks the player's state inside its own transaction (modules/rg `assertMayStake`, in the
 * stake's opening statement). Instant games, mines, the round games (double, lucky color) and the sportsbook
 * refuse a player in a time-out or self-exclusion, or blocked, even when the state reached the database without
 * ending the player's token (an exclusion committing while the request is on its way): 1403, nothing moves. And
 * an exclusion taken through the API ends the token at once.
 */
describe(`stakes refused by the player's state (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => {
    await expectLedgerClean(app);
    await app.close();
  });

  async function held(player: Player): Promise<bigint> {
    const rows = await sql<{ cents: string }>`
      SELECT coalesce(sum(balance_cents), 0)::text AS cents FROM ledger_accounts
       WHERE owner_user_id = ${player.userId} AND kind IN ('player_cash', 'player_bonus')`.execute(
      app.test.ctx.db,
    );
    return BigInt(rows.rows[0]!.cents);
  }

  /** One stake of R$ 10 on every product, each its own request. */
  async function everyProduct(player: Player) {
    await openFreshRounds(app.test);
    const double = (await call(app.test, 'GET', '/api/app/game/double/state')).data;
    const lucky = (await call(app.test, 'GET', '/api/app/game/luckyColor/state?period=300')).data;
    const match = await createMatch(app);
    const post = (url: string, body: Record<string, unknown>) =>
      call(app.test, 'POST', url, player.token, body);
    return {
      dice: await post('/api/app/game/dice/bet', { amount: 10, target: 50, direction: 'under' }),
      mines: await post('/api/app/game/mines/start', { amount: 10, mines: 3 }),
      double: await post('/api/app/game/double/bet', { roundId: double.roundId, amount: 10, color: 'black' }),
      luckyColor: await post('/api/app/game/luckyColor/bet', {
        period: 300,
        issue: lucky.issue,
        amount: 10,
        pick: 'green',
      }),
      sports: await bet(app, player, 10, [pick(match, 'winAlone', 'home')]),
    };
  }

  const states: Record<string, (player: Player) => Promise<void>> = {
    'a time-out': async (player) => {
      await sql`INSERT INTO rg_exclusions (user_id, period, starts_at, ends_at)
                VALUES (${player.userId}, '1d', now(), now() + interval '1 day')`.execute(app.test.ctx.db);
    },
    'a self-exclusion': async (player) => {
      await sql`INSERT INTO rg_exclusions (user_id, period, starts_at, ends_at)
                VALUES (${player.userId}, 'permanent', now(), NULL)`.execute(app.test.ctx.db);
    },
    'a block': async (player) => {
      // The token's check ran before the block (the request was on its way): only the stake can still see it.
      await sql`UPDATE users SET status = 'blocked' WHERE id = ${player.userId}`.execute(app.test.ctx.db);
    },
  };

  for (const [state, apply] of Object.entries(states)) {
    it(`${state} that reached the database refuses every product's stake in its transaction`, async () => {
      const player = await newPlayer(app, 100_00n);
      await apply(player);
      // A block is seen by the token check too (1403 before the stake); the exclusion rows only by the stake.
      const answers = await everyProduct(player);
      for (const [product, answer] of Object.entries(answers))
        expect([answer.http, answer.status], product).toEqual([500, 1403]);
      expect(await held(player)).toBe(100_00n);
    });
  }

  it('an exclusion taken through the API ends the token: the old token bets on nothing', async () => {
    const player = await newPlayer(app, 100_00n);
    const taken = await call(app.test, 'POST', '/api/app/rg/exclude', player.token, { period: '1d' });
    expect(taken.http, taken.message).toBe(200);
    const answers = await everyProduct(player);
    for (const [product, answer] of Object.entries(answers)) expect(answer.http, product).not.toBe(200);
    expect(await held(player)).toBe(100_00n);
  });
});
