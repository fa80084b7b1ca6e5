import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, cents, expectBooksBalanced, newPlayer, type Player } from './helpers.ts';

/**
 * Many players at once on a real PostgreSQL (PGlite has one connection, so nothing there ever runs at the same
 * time): settlements and bets that share accounts must not deadlock.
 */
describe.skipIf(TEST_DATABASE !== 'postgres')(`games under concurrency (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let players: Player[];
  let clock = Math.ceil(Date.now() / 900_000) * 900_000 + 900_000;
  beforeAll(async () => {
    test = await createTestApp();
    players = [];
    for (let n = 0; n < 24; n++) players.push(await newPlayer(test, 1000_00n));
    // A database from before house accounts were opened at boot: Lucky Color's is opened by its first bet, after
    // the players' accounts (it has no postings yet, so it can go).
    await test.ctx.db
      .deleteFrom('ledger_accounts')
      .where('kind', '=', 'house_game')
      .where('name', '=', 'luckyColor')
      .execute();
  });
  afterAll(async () => test.close());

  const luckyState = async (period: number) =>
    (await call(test, 'GET', `/api/app/game/luckyColor/state?period=${period}`)).data;

  it('a lucky color settlement and bets on the other periods at the same time all go through', async () => {
    for (let round = 0; round < 3; round++) {
      clock = Math.ceil((clock + 900_000) / 900_000) * 900_000;
      await test.rounds.tick(new Date(clock));
      await test.rounds.tick(new Date(clock + 1));
      const short = await luckyState(30);
      // Every player wins something on the 30 s draw: big and small cover every number.
      for (const player of players) {
        for (const pick of ['big', 'small', 'red', 'green']) {
          const answer = await call(test, 'POST', '/api/app/game/luckyColor/bet', player.token, {
            period: 30,
            issue: short.issue,
            amount: 1,
            pick,
          });
          expect(answer.status).toBe(200);
        }
      }
      await test.rounds.tick(new Date(clock + 25_000)); // the 30 s round stops taking bets
      const long = await luckyState(60);
      expect(long.phase).toBe('betting');
      // The draw is settled while everyone bets on the 60 s round (and on dice).
      const settling = test.rounds.tick(new Date(clock + 30_000));
      const bets = players.flatMap((player) => [
        call(test, 'POST', '/api/app/game/luckyColor/bet', player.token, {
          period: 60,
          issue: long.issue,
          amount: 1,
          pick: 'violet',
        }),
        call(test, 'POST', '/api/app/game/dice/bet', player.token, {
          amount: 1,
          target: 50,
          direction: 'over',
        }),
      ]);
      const answers = await Promise.all(bets);
      await settling;
      for (const answer of answers) expect(answer.status, answer.message).toBe(200);
      const settled = await call(test, 'GET', `/api/app/game/luckyColor/rounds/30/${short.issue}`);
      expect(settled.status).toBe(200);
    }
    await expectBooksBalanced(test);
  });

  it('every player betting dice, mines and row double at once: no refusals, the books balance', async () => {
    const before = await Promise.all(players.map((player) => balances(test, player)));
    const answers = await Promise.all(
      players.flatMap((player) =>
        Array.from({ length: 5 }, (_, n) =>
          n === 0
            ? call(test, 'POST', '/api/app/game/rowDouble/bet', player.token, { amount: 1, color: 'red' })
            : call(test, 'POST', '/api/app/game/dice/bet', player.token, {
                amount: 1,
                target: 50,
                direction: 'under',
              }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.message).toBe(200);
    const after = await Promise.all(players.map((player) => balances(test, player)));
    for (const [n, player] of players.entries()) {
      const own = answers.slice(n * 5, n * 5 + 5);
      const payouts = own.reduce((sum, answer) => sum + cents(answer.data.payout), 0n);
      expect(cents(after[n]!.balance), String(player.userId)).toBe(
        cents(before[n]!.balance) - 500n + payouts,
      );
    }
    await expectBooksBalanced(test);
  });
});
