import { applyMultiplier, diceMultiplier, diceRollHundredths, diceWins } from '@aposta/fair';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { fundPlayer } from './fund.ts';
import {
  balances,
  call,
  cents,
  expectBooksBalanced,
  ledgerRows,
  newPlayer,
  openFreshRounds,
  type Player,
  secretServerSeed,
  seeds,
  userInfo,
} from './helpers.ts';

/** Stakes, limits, closed games, funds, idempotency and concurrency of game bets (api-contract sections 1, 2, 10). */
describe(`game money (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());
  afterEach(async () => {
    await expectBooksBalanced(test);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ stop: false, bet_min_cents: 10n, bet_max_cents: 100000n, payout_max_cents: 10000000n })
      .execute();
  });

  const dice = (player: Player, amount: unknown, headers: Record<string, string> = {}) =>
    call(
      test,
      'POST',
      '/api/app/game/dice/bet',
      player.token,
      { amount, target: 50, direction: 'under' },
      headers,
    );

  /** A round of each round game open for betting, so their bets can be tried too. */
  async function openRounds() {
    await openFreshRounds(test);
    const double = (await call(test, 'GET', '/api/app/game/double/state')).data;
    const lucky = (await call(test, 'GET', '/api/app/game/luckyColor/state?period=300')).data;
    expect(double.phase).toBe('betting');
    expect(lucky.phase).toBe('betting');
    return { double, lucky };
  }

  /** One bet of every game with `amount`, each as its own request. */
  async function everyGame(player: Player, amount: unknown) {
    const { double, lucky } = await openRounds();
    const post = (url: string, body: Record<string, unknown>) => call(test, 'POST', url, player.token, body);
    return {
      dice: await post('/api/app/game/dice/bet', { amount, target: 50, direction: 'under' }),
      limbo: await post('/api/app/game/limbo/bet', { amount, target: 2 }),
      rowDouble: await post('/api/app/game/rowDouble/bet', { amount, color: 'red' }),
      mines: await post('/api/app/game/mines/start', { amount, mines: 3 }),
      double: await post('/api/app/game/double/bet', { roundId: double.roundId, amount, color: 'black' }),
      luckyColor: await post('/api/app/game/luckyColor/bet', {
        period: 300,
        issue: lucky.issue,
        amount,
        pick: 'green',
      }),
    };
  }

  async function expectNothingMoved(player: Player, action: () => Promise<void>) {
    const before = {
      balances: await balances(test, player),
      nonce: (await seeds(test, player)).nonce,
      ledger: await ledgerRows(test, player),
      gameSum: (await userInfo(test, player)).gameSumAmount,
    };
    await action();
    expect({
      balances: await balances(test, player),
      nonce: (await seeds(test, player)).nonce,
      ledger: await ledgerRows(test, player),
      gameSum: (await userInfo(test, player)).gameSumAmount,
    }).toEqual(before);
    const bets = await test.ctx.db
      .selectFrom('game_bets')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(bets).toEqual([]);
  }

  it('amounts outside the default limits (0.10 .. 1000) are 400 in every game, and nothing moves', async () => {
    const player = await newPlayer(test, 10_000_00n);
    await expectNothingMoved(player, async () => {
      for (const amount of [0.09, '0.01', 1000.01, '5000']) {
        const answers = await everyGame(player, amount);
        for (const [game, answer] of Object.entries(answers)) {
          expect(answer.http, `${game} ${amount} ${answer.message}`).toBe(400);
          expect(answer.status).toBe(400);
        }
      }
    });
    // The bounds themselves are fine.
    for (const amount of [0.1, 1000]) {
      const answers = await everyGame(player, amount);
      for (const [game, answer] of Object.entries(answers)) {
        if (game === 'mines' && answer.status === 200) {
          await call(test, 'POST', '/api/app/game/mines/reveal', player.token, {
            gameId: answer.data.gameId,
            tile: 0,
          });
          const active = (await call(test, 'GET', '/api/app/game/mines/active', player.token)).data;
          if (active)
            await call(test, 'POST', '/api/app/game/mines/cashout', player.token, { gameId: active.gameId });
        }
        expect(answer.http, `${game} ${amount} ${answer.message}`).toBe(200);
      }
    }
  });

  it('a potential payout above the maximum (100000 per bet) is 400', async () => {
    const player = await newPlayer(test, 1000_00n);
    await expectNothingMoved(player, async () => {
      // Dice at 0.01 %: 9900.99× — 10.11 × 9900.99 > 100000.
      const high = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
        amount: 10.11,
        target: 0.01,
        direction: 'under',
      });
      expect(high.http).toBe(400);
      const limbo = await call(test, 'POST', '/api/app/game/limbo/bet', player.token, {
        amount: 0.11,
        target: 1_000_000,
      });
      expect(limbo.http).toBe(400);
    });
    // Exactly at the cap is allowed.
    const atCap = await call(test, 'POST', '/api/app/game/limbo/bet', player.token, {
      amount: 0.1,
      target: 1_000_000,
    });
    expect(atCap.http).toBe(200);
    const multiplier = diceMultiplier({ direction: 'under', targetHundredths: 1 });
    expect(applyMultiplier(1010n, multiplier)).toBeLessThanOrEqual(100000_00n);
    const dice = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 10.1,
      target: 0.01,
      direction: 'under',
    });
    expect(dice.http).toBe(200);
  });

  it('limits come from the catalogue', async () => {
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ bet_min_cents: 200n, bet_max_cents: 500n, payout_max_cents: 900n })
      .where('code', '=', 'dice')
      .execute();
    const player = await newPlayer(test, 100_00n);
    await expectNothingMoved(player, async () => {
      expect((await dice(player, 1.99)).http).toBe(400);
      expect((await dice(player, 5.01)).http).toBe(400);
      // 5 × 1.98 = 9.90 > 9.00
      expect((await dice(player, 5)).http).toBe(400);
    });
    expect((await dice(player, 2)).http).toBe(200);
    expect((await dice(player, 4.5)).http).toBe(200);
    const refused = await dice(player, 1);
    expect(refused.message).toMatch(/2[.,]00/);
    // Other games keep their own limits.
    expect(
      (await call(test, 'POST', '/api/app/game/limbo/bet', player.token, { amount: 1, target: 2 })).http,
    ).toBe(200);
  });

  it('bad amount formats are 400, never rounded', async () => {
    const player = await newPlayer(test, 5000_00n);
    const bad = [
      'abc',
      '',
      ' ',
      '1.234',
      1.234,
      -1,
      '-1',
      '1e2',
      1e21,
      '0x10',
      ' 10',
      '10 ',
      '1,50',
      '010',
      'NaN',
      'Infinity',
      true,
      null,
      [1],
      { value: 1 },
    ];
    await expectNothingMoved(player, async () => {
      for (const amount of bad) {
        const answers = await everyGame(player, amount);
        for (const [game, answer] of Object.entries(answers)) {
          expect(answer.http, `${game} ${JSON.stringify(amount)} → ${answer.http} ${answer.message}`).toBe(
            400,
          );
          expect(answer.status).toBe(400);
        }
      }
      const missing = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
        target: 50,
        direction: 'under',
      });
      expect(missing.http).toBe(400);
    });
    // Numbers and numeric strings with at most two decimals are accepted, in JSON and as a form.
    for (const amount of [1, '1', '1.5', '1.50', 0.3, '0.30']) {
      const answer = await dice(player, amount);
      expect(answer.http, JSON.stringify(amount)).toBe(200);
    }
    const form = await test.app.inject({
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { authorization: player.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=1.25&target=50&direction=under',
    });
    expect(form.json().status).toBe(200);
    const formBad = await test.app.inject({
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { authorization: player.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=1e1&target=50&direction=under',
    });
    expect(formBad.statusCode).toBe(400);
  });

  it("a closed game answers 409 'Em Breve...' to new bets; an open mines game can still be finished", async () => {
    const player = await newPlayer(test, 100_00n);
    const mines = await call(test, 'POST', '/api/app/game/mines/start', player.token, {
      amount: 1,
      mines: 1,
    });
    expect(mines.http).toBe(200);
    await test.ctx.db.executeQuery(sql`UPDATE game_catalog SET stop = true`.compile(test.ctx.db));
    const before = await balances(test, player);
    const answers = await everyGame(player, 1);
    for (const [game, answer] of Object.entries(answers)) {
      expect(answer.http, game).toBe(409);
      expect(answer.status).toBe(409);
      // mines/start refuses the second game for being closed, before looking for the open one.
      expect(answer.message, game).toBe('Em Breve...');
    }
    expect(await balances(test, player)).toEqual(before);
    const layout = await test.ctx.db
      .selectFrom('mines_games')
      .select('mine_tiles')
      .where('bet_id', '=', BigInt(mines.data.gameId))
      .executeTakeFirstOrThrow();
    const safe = [...Array(25).keys()].find((tile) => !layout.mine_tiles.includes(tile))!;
    const reveal = await call(test, 'POST', '/api/app/game/mines/reveal', player.token, {
      gameId: mines.data.gameId,
      tile: safe,
    });
    expect(reveal.status).toBe(200);
    const cashout = await call(test, 'POST', '/api/app/game/mines/cashout', player.token, {
      gameId: mines.data.gameId,
    });
    expect(cashout.status).toBe(200);
    expect(cashout.data.payout).toBe(1.03); // 0.99 · 25/24 = 1.03125
  });

  it('not enough funds is 500 with status 9999, in every game, and nothing moves', async () => {
    const player = await newPlayer(test, 50n, 40n);
    await expectNothingMoved(player, async () => {
      const answers = await everyGame(player, 1);
      for (const [game, answer] of Object.entries(answers)) {
        expect(answer.http, game).toBe(500);
        expect(answer.status, game).toBe(9999);
        expect(answer.message.length).toBeGreaterThan(0);
      }
    });
    // Cash and bonus together cover 0.90.
    expect((await dice(player, 0.9)).status).toBe(200);
  });

  it('cash pays first, then the bonus balance; wins are paid to cash', async () => {
    const player = await newPlayer(test, 1_50n, 10_00n);
    let cash = 1_50n;
    let bonus = 10_00n;
    for (const stake of [200n, 100n, 100n, 300n]) {
      const secret = await secretServerSeed(test, player);
      const payout = applyMultiplier(
        stake,
        diceWins({ direction: 'under', targetHundredths: 5000 }, diceRollHundredths(secret))
          ? diceMultiplier({ direction: 'under', targetHundredths: 5000 })
          : { numerator: 0n, denominator: 1n },
      );
      const fromCash = cash >= stake ? stake : cash;
      cash += payout - fromCash;
      bonus -= stake - fromCash;
      const answer = await dice(player, Number(stake) / 100);
      expect(answer.status).toBe(200);
      expect(cents(answer.data.payout)).toBe(payout);
      expect({ balance: cents(answer.data.balance), freeBalance: cents(answer.data.freeBalance) }).toEqual({
        balance: cash,
        freeBalance: bonus,
      });
      expect(await balances(test, player)).toEqual({
        balance: answer.data.balance,
        freeBalance: answer.data.freeBalance,
      });
    }
    // The first bet (2.00) took all 1.50 of cash and 0.50 of bonus.
    expect(bonus).toBeLessThan(10_00n);
  });

  it('every bet counts toward gameSumAmount and reduces the wagering requirement', async () => {
    const player = await newPlayer(test, 5000_00n);
    await test.ctx.db
      .updateTable('users')
      .set({ wagering_remaining_cents: 20_00n })
      .where('id', '=', player.userId)
      .execute();
    const answers = await everyGame(player, 2.5);
    for (const [game, answer] of Object.entries(answers)) expect(answer.status, game).toBe(200);
    const info = await userInfo(test, player);
    expect(info.gameSumAmount).toBe(15);
    const wagering = async () =>
      (
        await test.ctx.db
          .selectFrom('users')
          .select('wagering_remaining_cents')
          .where('id', '=', player.userId)
          .executeTakeFirstOrThrow()
      ).wagering_remaining_cents;
    expect(await wagering()).toBe(5_00n);
    // Never below zero.
    await dice(player, 10);
    expect(await wagering()).toBe(0n);
    expect((await userInfo(test, player)).gameSumAmount).toBe(25);
    const open = (await call(test, 'GET', '/api/app/game/mines/active', player.token)).data;
    await call(test, 'POST', '/api/app/game/mines/reveal', player.token, { gameId: open.gameId, tile: 0 });
    const still = (await call(test, 'GET', '/api/app/game/mines/active', player.token)).data;
    if (still)
      await call(test, 'POST', '/api/app/game/mines/cashout', player.token, { gameId: still.gameId });
  });

  it('a blocked or self-excluded player cannot bet (500/1403)', async () => {
    for (const status of ['blocked', 'self_excluded'] as const) {
      const player = await newPlayer(test, 10_00n);
      await test.ctx.db.updateTable('users').set({ status }).where('id', '=', player.userId).execute();
      const answer = await dice(player, 1);
      expect(answer.http).toBe(500);
      expect(answer.status).toBe(1403);
    }
  });

  it('the same Idempotency-Key twice returns the same bet and moves money once', async () => {
    const player = await newPlayer(test, 100_00n);
    const headers = { 'Idempotency-Key': 'dice-bet-0001' };
    const first = await dice(player, 5, headers);
    expect(first.status).toBe(200);
    const again = await dice(player, 5, headers);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await seeds(test, player)).nonce).toBe(1);
    const expected = cents(100) - 500n + cents(first.data.payout);
    expect(cents((await balances(test, player)).balance)).toBe(expected);
    const rows = await test.ctx.db
      .selectFrom('game_bets')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(rows.map((row) => Number(row.id))).toEqual([first.data.betId]);

    // Sent twice at once: one bet, both answers name it.
    const concurrent = await Promise.all([
      dice(player, 5, { 'Idempotency-Key': 'dice-bet-0002' }),
      dice(player, 5, { 'Idempotency-Key': 'dice-bet-0002' }),
    ]);
    expect(concurrent.map((answer) => answer.status)).toEqual([200, 200]);
    expect(concurrent[0]!.data.betId).toBe(concurrent[1]!.data.betId);
    expect((await seeds(test, player)).nonce).toBe(2);

    // A new key is a new bet; a key refused for lack of funds can be used again.
    expect((await dice(player, 5, { 'Idempotency-Key': 'dice-bet-0003' })).data.betId).not.toBe(
      first.data.betId,
    );
    const broke = await newPlayer(test);
    expect((await dice(broke, 1, { 'Idempotency-Key': 'retry-me' })).status).toBe(9999);
    await fundPlayer(test, broke.token, 1_00n);
    expect((await dice(broke, 1, { 'Idempotency-Key': 'retry-me' })).status).toBe(200);
    // Malformed keys are refused.
    expect((await dice(player, 1, { 'Idempotency-Key': 'bad key with spaces' })).http).toBe(400);
  });

  it('100 parallel dice bets never overdraw: accepted stakes − payouts match the ledger, nonces consecutive', async () => {
    const player = await newPlayer(test, 30_00n);
    const stakeCents = 100n;
    const bet = { direction: 'under' as const, targetHundredths: 1000 }; // 10 % chance, 9.9001…×
    // The outcome of each nonce is fixed by the seeds, so the number of bets the balance covers is known in advance.
    const secret = await secretServerSeed(test, player);
    let simulated = 30_00n;
    let coverable = 0;
    let payouts = 0n;
    for (let n = 0; n < 100 && simulated >= stakeCents; n++) {
      const roll = diceRollHundredths({ ...secret, nonce: secret.nonce + n });
      const payout = diceWins(bet, roll) ? applyMultiplier(stakeCents, diceMultiplier(bet)) : 0n;
      simulated += payout - stakeCents;
      payouts += payout;
      coverable++;
    }

    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(test, 'POST', '/api/app/game/dice/bet', player.token, {
          amount: 1,
          target: 10,
          direction: 'under',
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    for (const answer of refused) {
      expect(answer.http).toBe(500);
      expect(answer.status).toBe(9999);
    }
    for (const answer of accepted) expect(answer.data.balance).toBeGreaterThanOrEqual(0);
    expect(accepted.length).toBe(coverable);
    const final = await balances(test, player);
    expect(final.balance).toBeGreaterThanOrEqual(0);
    const acceptedPayouts = accepted.reduce((sum, answer) => sum + cents(answer.data.payout), 0n);
    expect(acceptedPayouts).toBe(payouts);
    expect(cents(final.balance)).toBe(30_00n - BigInt(accepted.length) * stakeCents + acceptedPayouts);
    expect(cents(final.balance)).toBe(simulated);
    const nonces = accepted.map((answer) => answer.data.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: accepted.length }, (_, n) => secret.nonce + n));
    expect((await seeds(test, player)).nonce).toBe(secret.nonce + accepted.length);
    // The ledger agrees with the bets table.
    const rows = await test.ctx.db
      .selectFrom('game_bets')
      .select(['amount_cents', 'payout_cents'])
      .where('user_id', '=', player.userId)
      .execute();
    expect(rows.length).toBe(accepted.length);
    expect(rows.reduce((sum, row) => sum + row.payout_cents, 0n)).toBe(acceptedPayouts);
    const cash = await test.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('owner_user_id', '=', player.userId)
      .where('kind', '=', 'player_cash')
      .executeTakeFirstOrThrow();
    expect(cash.balance_cents).toBe(simulated);
  });
});
