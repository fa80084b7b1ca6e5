import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, cents, expectBooksBalanced, newPlayer } from './helpers.ts';

/**
 * A new player's first instant bets sent at once, each with its own Idempotency-Key (issue 27): every request's
 * action runs inside its key's transaction, so the first bets also open the player's seed pair there. On a real
 * PostgreSQL these once deadlocked (a 500 for about a third of them); each must now be placed, or refused with a
 * clear 4xx, and the books must balance.
 */
describe.skipIf(TEST_DATABASE !== 'postgres')(
  `first instant bets with keys at once (${TEST_DATABASE})`,
  () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp();
    });
    afterAll(async () => test.close());

    const bet = (n: number) =>
      n % 3 === 0
        ? { url: '/api/app/game/dice/bet', body: { amount: 1, target: 50, direction: 'under' } }
        : n % 3 === 1
          ? { url: '/api/app/game/limbo/bet', body: { amount: 1, target: 2 } }
          : { url: '/api/app/game/rowDouble/bet', body: { amount: 1, color: 'red' } };

    it('48 first bets of a new player, each keyed: all placed, no 500, money moved once per bet', async () => {
      const player = await newPlayer(test, 100_00n);
      const answers = await Promise.all(
        Array.from({ length: 48 }, (_, n) => {
          const { url, body } = bet(n);
          return call(test, 'POST', url, player.token, body, { 'idempotency-key': `first-${n}` });
        }),
      );
      for (const answer of answers) expect(answer.http, answer.message).toBe(200);
      const payouts = answers.reduce((sum, answer) => sum + cents(answer.data.payout), 0n);
      expect(cents((await balances(test, player)).balance)).toBe(100_00n - 48_00n + payouts);
      // Each key replays its own answer: nothing is placed twice.
      const again = await call(test, 'POST', bet(0).url, player.token, bet(0).body, {
        'idempotency-key': 'first-0',
      });
      expect(again.data.betId).toBe(answers[0]!.data.betId);
      const placed = await test.ctx.db
        .selectFrom('game_bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', player.userId)
        .executeTakeFirstOrThrow();
      expect(Number(placed.n)).toBe(48);
      await expectBooksBalanced(test);
    });

    it('several new players at once, each with keyed first bets and a mines game: none fails', async () => {
      const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(test, 20_00n)));
      const answers = await Promise.all(
        players.flatMap((player, p) =>
          Array.from({ length: 8 }, (_, n) => {
            // A mines game locks the seed pair before the player's row too, and may open the pair itself.
            const { url, body } =
              n === 3 ? { url: '/api/app/game/mines/start', body: { amount: 1, mines: 3 } } : bet(n + p);
            return call(test, 'POST', url, player.token, body, { 'idempotency-key': `p${p}-${n}` });
          }),
        ),
      );
      for (const answer of answers) expect(answer.http, answer.message).toBe(200);
      await expectBooksBalanced(test);
    });
  },
);
