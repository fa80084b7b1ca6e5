import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeedPair } from '../../src/modules/games/fair.service.ts';
import { instantBetEngine } from '../../src/modules/games/instant-games.service.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  type Answer,
  balances,
  call,
  cents,
  expectBooksBalanced,
  newPlayer,
  type Player,
} from './helpers.ts';

/**
 * The bet engine (decision 0058) on a real PostgreSQL, where bets of many players meet in one transaction: a
 * refused bet and a bet whose row fails the statement are answered alone while the others of their batch go
 * through, and deposits and withdrawals racing the batches never lose or double a centavo.
 */
describe.skipIf(TEST_DATABASE !== 'postgres')(`bets in batches under concurrency (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const dice = (player: Player, amount = 1) =>
    call(test, 'POST', '/api/app/game/dice/bet', player.token, { amount, target: 50, direction: 'under' });
  const stats = () => ({ ...instantBetEngine(test.ctx).stats });

  it('a player without the money is refused in a batch of good bets; the others are placed', async () => {
    const good: Player[] = [];
    for (let n = 0; n < 12; n++) good.push(await newPlayer(test, 100_00n));
    const broke = await newPlayer(test, 50n);
    const before = stats();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([...good.map((player) => dice(player)), dice(broke)]);
      for (const answer of answers.slice(0, -1)) expect(answer.status, answer.message).toBe(200);
      expect(answers.at(-1)!.status).toBe(9999);
      expect(answers.at(-1)!.message).not.toBe('');
    }
    expect(await balances(test, broke)).toEqual({ balance: 0.5, freeBalance: 0 });
    expect(stats().batchedBets - before.batchedBets).toBeGreaterThan(0);
    await expectBooksBalanced(test);
  }, 300_000);

  it('a bet whose row fails the statement fails alone: its batch is split and the others are placed', async () => {
    const players: Player[] = [];
    for (let n = 0; n < 12; n++) players.push(await newPlayer(test, 100_00n));
    const bad = players[5]!;
    // A database that refuses this one player's bet row (as a broken row would), for every batch that carries it.
    await sql
      .raw(`CREATE FUNCTION refuse_test_bet() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.user_id = ${bad.userId} THEN RAISE EXCEPTION 'refused test row'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER refuse_test_bet BEFORE INSERT ON game_bets FOR EACH ROW EXECUTE FUNCTION refuse_test_bet();`)
      .execute(test.ctx.db);
    try {
      const before = stats();
      const answers: Answer[] = [];
      for (let round = 0; round < 3; round++)
        answers.push(...(await Promise.all(players.map((player) => dice(player)))));
      const ofBad = answers.filter((_, index) => index % players.length === 5);
      const ofOthers = answers.filter((_, index) => index % players.length !== 5);
      for (const answer of ofOthers) expect(answer.status, answer.message).toBe(200);
      for (const answer of ofBad) expect(answer.http).toBe(500);
      expect(stats().splits - before.splits).toBeGreaterThan(0);
      expect(await balances(test, bad)).toEqual({ balance: 100, freeBalance: 0 });
    } finally {
      await sql
        .raw('DROP TRIGGER refuse_test_bet ON game_bets; DROP FUNCTION refuse_test_bet();')
        .execute(test.ctx.db);
    }
    await expectBooksBalanced(test);
  }, 300_000);

  it('players whose remembered seed pair is not there get it opened and bet in the next batch, retried once', async () => {
    const players: Player[] = [];
    for (let n = 0; n < 12; n++) players.push(await newPlayer(test, 100_00n));
    // The server remembers that these players have a pair (as it did in the bench, for the same ids of another
    // database), but there is none: a batch reads no pair for them.
    for (const player of players) await ensureSeedPair(test.ctx.db, player.userId);
    await sql`DELETE FROM fair_seed_pairs WHERE user_id = ANY(${players.map((player) => String(player.userId))}::bigint[])`.execute(
      test.ctx.db,
    );
    const before = stats();
    const answers = await Promise.all(players.map((player) => dice(player)));
    for (const answer of answers) expect(answer.status, answer.message).toBe(200);
    // One retry per player at most (it was 20 each before the batch opened the pairs), none on the path of one bet.
    expect(stats().busy - before.busy).toBeLessThanOrEqual(players.length);
    expect(stats().alone - before.alone).toBe(0);
    const again = await Promise.all(players.map((player) => dice(player)));
    for (const answer of again) expect(answer.status, answer.message).toBe(200);
    await expectBooksBalanced(test);
  }, 300_000);

  it('deposits and withdrawals racing the batches: every centavo accounted for', async () => {
    const players: Player[] = [];
    for (let n = 0; n < 10; n++) players.push(await newPlayer(test, 50_00n));
    const expected = new Map(players.map((player) => [player.userId, 50_00n]));
    const bets = players.map(async (player) => {
      for (let n = 0; n < 8; n++) {
        const answer = await dice(player, 2);
        expect(answer.status, answer.message).toBe(200);
        expected.set(player.userId, expected.get(player.userId)! - 2_00n + cents(answer.data.payout));
        expect(answer.data.balance).toBeGreaterThanOrEqual(0);
      }
    });
    const moves = players.flatMap((player, index) =>
      Array.from({ length: 6 }, async (_, n) => {
        const amount = BigInt(100 + index * 10 + n);
        const withdrawal = n % 2 === 1;
        await test.ctx.db.transaction().execute(async (trx) => {
          // As the wallet's services do: the player's row first, then the ledger.
          await sql`SELECT id FROM users WHERE id = ${player.userId} FOR NO KEY UPDATE`.execute(trx);
          await postTransaction(trx, {
            code: withdrawal ? 'withdrawal_hold' : 'deposit',
            idempotencyKey: `race:${player.userId}:${n}`,
            referenceType: 'test',
            referenceId: `${n}`,
            postings: withdrawal
              ? [
                  { account: { kind: 'player_cash', userId: player.userId }, amountCents: -amount },
                  { account: { kind: 'player_withdrawal_hold', userId: player.userId }, amountCents: amount },
                ]
              : [
                  { account: { kind: 'house_provider_clearing', name: 'test' }, amountCents: -amount },
                  { account: { kind: 'player_cash', userId: player.userId }, amountCents: amount },
                ],
          });
        });
        expected.set(player.userId, expected.get(player.userId)! + (withdrawal ? -amount : amount));
      }),
    );
    await Promise.all([...bets, ...moves]);
    for (const player of players) {
      expect(cents((await balances(test, player)).balance)).toBe(expected.get(player.userId));
    }
    await expectBooksBalanced(test);
  }, 300_000);
});
