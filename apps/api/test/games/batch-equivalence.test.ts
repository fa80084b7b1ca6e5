import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantBetEngine } from '../../src/modules/games/instant-games.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer, type Player } from './helpers.ts';

/**
 * The bet engine (decision 0058) changes how bets are written, never what they decide: any sequence of bets,
 * deposits and withdrawals gives the same answers, balances, bets and ledger whether each is placed alone, one
 * after another (`single`), or each round's operations at once, the bets in batches of one database transaction
 * (`batched`). The two apps' players have the same seeds, so the same bets roll the same numbers.
 */
type Op =
  | { kind: 'dice'; amount: number; target: number; direction: 'under' | 'over' }
  | { kind: 'limbo'; amount: number; target: number }
  | { kind: 'deposit'; cents: number }
  | { kind: 'withdrawal'; cents: number };

const amount = fc.constantFrom(0.5, 1, 2.5, 7, 20, 60);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('dice' as const),
      amount,
      target: fc.integer({ min: 5, max: 95 }),
      direction: fc.constantFrom('under' as const, 'over' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('limbo' as const),
      amount,
      target: fc.constantFrom(1.5, 2, 3.33, 10),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 5000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('withdrawal' as const),
      cents: fc.integer({ min: 1, max: 8000 }),
    }),
  },
);
const PLAYERS = TEST_DATABASE === 'postgres' ? 6 : 4;
/** Rounds of operations: at most one per player per round (a player's operations happen in order). */
const rounds = fc.array(
  fc.array(fc.option(op, { nil: undefined }), { minLength: PLAYERS, maxLength: PLAYERS }),
  {
    minLength: 2,
    maxLength: 4,
  },
);

/** A ledger move as the wallet's services post it, under the player's row lock: a deposit, or a withdrawal's hold. */
async function move(
  test: TestApp,
  userId: bigint,
  kind: 'deposit' | 'withdrawal',
  cents: bigint,
  key: string,
) {
  try {
    await test.ctx.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(trx);
      await postTransaction(trx, {
        code: kind === 'deposit' ? 'deposit' : 'withdrawal_hold',
        idempotencyKey: `${kind}:${key}`,
        referenceType: 'test',
        referenceId: key,
        postings:
          kind === 'deposit'
            ? [
                { account: { kind: 'house_provider_clearing', name: 'test' }, amountCents: -cents },
                { account: { kind: 'player_cash', userId }, amountCents: cents },
              ]
            : [
                { account: { kind: 'player_cash', userId }, amountCents: -cents },
                { account: { kind: 'player_withdrawal_hold', userId }, amountCents: cents },
              ],
      });
    });
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? 'error';
  }
}

async function apply(test: TestApp, player: Player, operation: Op, key: string) {
  if (operation.kind === 'deposit' || operation.kind === 'withdrawal')
    return move(test, player.userId, operation.kind, BigInt(operation.cents), key);
  const { kind, ...body } = operation;
  const answer = await call(test, 'POST', `/api/app/game/${kind}/bet`, player.token, body);
  const { betId: _id, ...data } = answer.data ?? {};
  return { status: answer.status, message: answer.message, data };
}

/** What a player ends with: balances, bets (by nonce), counters and the ledger's moves on their accounts. */
async function endState(test: TestApp, player: Player) {
  const { rows: accounts } = await sql<{ kind: string; balance_cents: string }>`
    SELECT kind, balance_cents::text FROM ledger_accounts WHERE owner_user_id = ${player.userId} ORDER BY kind`.execute(
    test.ctx.db,
  );
  const { rows: bets } = await sql`
    SELECT game, amount_cents::text, payout_cents::text, multiplier_hundredths, detail, nonce FROM game_bets
     WHERE user_id = ${player.userId} ORDER BY nonce`.execute(test.ctx.db);
  const { rows: moves } = await sql`
    SELECT t.code, a.kind, p.amount_cents::text FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id
     WHERE a.owner_user_id = ${player.userId} ORDER BY t.code, a.kind, p.amount_cents`.execute(test.ctx.db);
  const { rows: counters } = await sql`
    SELECT u.game_sum_cents::text, u.wagering_remaining_cents::text,
           (SELECT coalesce(sum(stake_cents), 0)::text FROM stake_daily WHERE user_id = u.id) AS daily
      FROM users u WHERE u.id = ${player.userId}`.execute(test.ctx.db);
  return { accounts, bets, moves, counters };
}

/** Gives the batched app's player the single app's seeds, so the same bets roll the same numbers. */
async function sameSeeds(from: TestApp, to: TestApp, a: Player, b: Player) {
  await call(from, 'GET', '/api/app/fair/seeds', a.token);
  await call(to, 'GET', '/api/app/fair/seeds', b.token);
  const pair = await from.ctx.db
    .selectFrom('fair_seed_pairs')
    .selectAll()
    .where('user_id', '=', a.userId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  await to.ctx.db
    .updateTable('fair_seed_pairs')
    .where('user_id', '=', b.userId)
    .where('active', '=', true)
    .set({
      server_seed: pair.server_seed,
      server_seed_hash: pair.server_seed_hash,
      next_server_seed: pair.next_server_seed,
      client_seed: pair.client_seed,
    })
    .execute();
}

describe(`bets placed in batches decide as bets placed alone (${TEST_DATABASE})`, () => {
  let single: TestApp;
  let batched: TestApp;
  beforeAll(async () => {
    single = await createTestApp();
    batched = await createTestApp();
  });
  afterAll(async () => {
    await single?.close();
    await batched?.close();
  });

  it('any sequence of bets, deposits and withdrawals: same answers, balances, bets and ledger', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        run++;
        const pairs: [Player, Player][] = [];
        for (let n = 0; n < PLAYERS; n++) {
          const a = await newPlayer(single, 30_00n, n % 2 === 0 ? 10_00n : 0n);
          const b = await newPlayer(batched, 30_00n, n % 2 === 0 ? 10_00n : 0n);
          await sameSeeds(single, batched, a, b);
          pairs.push([a, b]);
        }
        for (const [r, round] of plan.entries()) {
          const one: unknown[] = [];
          for (const [n, operation] of round.entries())
            one.push(operation ? await apply(single, pairs[n]![0], operation, `${run}:${r}:${n}:a`) : null);
          const many = await Promise.all(
            round.map((operation, n) =>
              operation ? apply(batched, pairs[n]![1], operation, `${run}:${r}:${n}:b`) : null,
            ),
          );
          expect(many).toEqual(one);
        }
        for (const [a, b] of pairs) expect(await endState(batched, b)).toEqual(await endState(single, a));
      }),
      { numRuns: 5, endOnFailure: true },
    );
    expect(await checkLedger(single.ctx.db)).toEqual([]);
    expect(await checkLedger(batched.ctx.db)).toEqual([]);
    // The batched app did write bets of several players in one transaction (on PostgreSQL: PGlite's one connection
    // lets the requests reach the engine only one after another).
    if (TEST_DATABASE === 'postgres')
      expect(instantBetEngine(batched.ctx).stats.batchedBets).toBeGreaterThan(0);
  }, 600_000);

  it('ledger:check names an instant bet whose journals do not pay what the bet says', async () => {
    const player = await newPlayer(batched, 10_00n);
    const answer = await call(batched, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 1,
      target: 50,
      direction: 'under',
    });
    expect(answer.status).toBe(200);
    expect(await checkLedger(batched.ctx.db)).toEqual([]);
    const bet = BigInt(answer.data.betId);
    await sql`UPDATE game_bets SET payout_cents = payout_cents + 1 WHERE id = ${bet}`.execute(batched.ctx.db);
    try {
      expect(await checkLedger(batched.ctx.db)).toEqual([
        expect.objectContaining({ kind: 'bet_journal_mismatch', account: `game_bet #${bet}` }),
      ]);
    } finally {
      await sql`UPDATE game_bets SET payout_cents = payout_cents - 1 WHERE id = ${bet}`.execute(
        batched.ctx.db,
      );
    }
  }, 120_000);
});
