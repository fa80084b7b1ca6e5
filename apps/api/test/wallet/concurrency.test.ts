import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  accountCents,
  balances,
  call,
  deposit,
  expectLedgerClean,
  newPlayer,
  type Player,
  packageOf,
  prePay,
  runJobsNow,
  userInfo,
  webhookOutcomes,
} from './helpers.ts';

/**
 * Money under contention, on real PostgreSQL: 200 requests at once, withdrawals and transfers mixed, all drawing
 * on one funded account that cannot cover them all. The account never goes below zero, every answer is a success
 * or a proper refusal (never a deadlock or a 500), what the successful requests asked for is exactly what left
 * the account, and the books are clean — before and after the payouts. Then deposits credited while the same
 * player withdraws and transfers both ways: every money path takes the player's row before the ledger accounts,
 * so none of them deadlocks.
 */
describe(`concurrent withdrawals and transfers (${TEST_DATABASE})`, () => {
  let test: TestApp | undefined;
  beforeAll(async () => {
    if (TEST_DATABASE === 'postgres') test = await createTestApp({ withdrawalsPerDay: 100 });
  });
  afterAll(async () => test?.close());

  it.skipIf(TEST_DATABASE !== 'postgres')(
    '200 concurrent withdrawals and transfers never overdraw one account (PostgreSQL only: PGlite runs one query at a time, so nothing would race)',
    async () => {
      const app = test!;
      const source = await newPlayer(app);
      // Withdrawals need approved KYC and go only to a key of the player's own CPF.
      const sourceCpf = await approveKyc(app, source.token);
      const receivers: Player[] = [];
      for (let i = 0; i < 3; i += 1) receivers.push(await newPlayer(app));
      const fundedCents = 250_000n;
      await deposit(app, source, fundedCents);

      // About R$ 3.600 asked of R$ 2.500: some must be refused. No amount ends in ,13 (the sandbox would refuse it).
      const requests = Array.from({ length: 200 }, (_, i) => {
        const cents = 1_500n + BigInt(i * 7) + (i % 2 === 0 ? 500n : 0n);
        const safeCents = cents % 100n === 13n ? cents + 1n : cents;
        const amount = Number(safeCents) / 100;
        return i % 2 === 0
          ? { kind: 'withdrawal' as const, cents: safeCents, amount }
          : { kind: 'transfer' as const, cents: safeCents, amount, to: receivers[i % 3]! };
      });
      const answers = await Promise.all(
        requests.map((request) =>
          request.kind === 'withdrawal'
            ? call(app, 'POST', '/api/app/order/withdraw', source.token, {
                payCardBank: 'CPF',
                payCardNo: sourceCpf,
                amount: request.amount,
              })
            : call(app, 'POST', '/api/app/order/transfer', source.token, {
                toUser: request.to.username,
                amount: request.amount,
              }),
        ),
      );

      let withdrawnCents = 0n;
      let transferredCents = 0n;
      const receivedCents = new Map<Player, bigint>();
      for (const [index, answer] of answers.entries()) {
        const request = requests[index]!;
        if (answer.http === 200) {
          if (request.kind === 'withdrawal') withdrawnCents += request.cents;
          else {
            transferredCents += request.cents;
            receivedCents.set(request.to, (receivedCents.get(request.to) ?? 0n) + request.cents);
          }
          continue;
        }
        // A refusal is the withdrawal page's own message (400) or "not enough" (500/9999), nothing else; on a
        // loaded machine a request may also find no pooled connection in time (503, before it starts). Any answer
        // that hid money moved would show in the sums below, so accepting 503 weakens nothing.
        const refusal =
          (answer.http === 400 && request.kind === 'withdrawal') ||
          (answer.http === 500 && answer.status === 9999) ||
          (answer.http === 503 && answer.status === 503);
        expect(
          refusal,
          `${request.kind} ${request.amount}: ${answer.http} ${answer.status} ${answer.message}`,
        ).toBe(true);
      }
      expect(answers.filter((answer) => answer.http === 200).length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.http !== 200).length).toBeGreaterThan(0);

      const cash = await accountCents(app, 'player_cash', { userId: source.userId });
      expect(cash >= 0n).toBe(true);
      expect(fundedCents - cash).toBe(withdrawnCents + transferredCents);
      expect(await accountCents(app, 'player_withdrawal_hold', { userId: source.userId })).toBe(
        withdrawnCents,
      );
      for (const receiver of receivers) {
        expect(await accountCents(app, 'player_cash', { userId: receiver.userId })).toBe(
          receivedCents.get(receiver) ?? 0n,
        );
      }
      expect((await balances(app, source)).balance).toBe(Number(cash) / 100);
      await expectLedgerClean(app);

      await runJobsNow(app);
      expect(await accountCents(app, 'player_withdrawal_hold', { userId: source.userId })).toBe(0n);
      expect(await accountCents(app, 'player_cash', { userId: source.userId })).toBe(cash);
      expect((await userInfo(app, source)).wdSumAmount).toBe(Number(withdrawnCents) / 100);
      await expectLedgerClean(app);
    },
  );

  it.skipIf(TEST_DATABASE !== 'postgres')(
    'deposits credited while the same player withdraws and transfers never deadlock (PostgreSQL only: PGlite has no concurrent transactions)',
    async () => {
      const app = test!;
      const player = await newPlayer(app);
      const cpf = await approveKyc(app, player.token);
      const friend = await newPlayer(app);
      await deposit(app, player, 100_000n);
      await deposit(app, friend, 100_000n);
      const orders = [];
      for (let i = 0; i < 20; i += 1)
        orders.push(await prePay(app, player, await packageOf(app, 1_000n, 100n), 1));
      const withdrawal = () =>
        call(app, 'POST', '/api/app/order/withdraw', player.token, {
          payCardBank: 'CPF',
          payCardNo: cpf,
          amount: 20,
          // The deposits' gifts are bonuses still to wager: each withdrawal forfeits what is there (decision 0029),
          // so the forfeit's postings race the gifts' credits too.
          forfeitBonus: true,
        });
      const transfer = (from: Player, to: Player) =>
        call(app, 'POST', '/api/app/order/transfer', from.token, { toUser: to.username, amount: 5 });
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 20; i += 1) {
        work.push(app.payer.pay(orders[i]!.payNo));
        work.push(withdrawal());
        work.push(transfer(player, friend));
        work.push(transfer(friend, player));
      }
      const results = await Promise.all(work);
      const answers = results.filter(
        (result): result is { http: number; status: number; message: string } => typeof result === 'object',
      );
      expect(
        answers.map((answer) => `${answer.http} ${answer.message}`).filter((text) => !text.startsWith('200')),
      ).toEqual([]);
      expect(results.filter((result) => result === 'paid')).toHaveLength(20);
      // Every payment credited at its first delivery: none failed on a deadlock and waits for a redelivery.
      const outcomes = (await Promise.all(orders.map((order) => webhookOutcomes(app, order.payNo)))).flat();
      expect(outcomes).toEqual(Array(20).fill('credited'));
      // R$ 1.000 + 20 × R$ 10 in, 20 × R$ 20 withdrawn, transfers even out; the gifts credited after the last
      // withdrawal are all that is left of the bonus (each withdrawal forfeited the ones before it).
      const after = await balances(app, player);
      expect(after.balance).toBe(800);
      expect(after.freeBalance).toBeLessThanOrEqual(20);
      const forfeited = await app.ctx.db
        .selectFrom('ledger_postings as p')
        .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .select(sql<string>`coalesce(sum(p.amount_cents), 0)::text`.as('cents'))
        .where('t.code', '=', 'bonus_forfeit')
        .where('a.owner_user_id', '=', player.userId)
        .executeTakeFirstOrThrow();
      expect(await accountCents(app, 'player_bonus', { userId: player.userId })).toBe(
        20_00n + BigInt(forfeited.cents),
      );
      expect(await balances(app, friend)).toEqual({ balance: 1000, freeBalance: 0 });
      await expectLedgerClean(app);
    },
  );

  it.skipIf(TEST_DATABASE !== 'postgres')(
    'withdrawals sent at once stop at the daily number (PostgreSQL only: PGlite has no concurrent transactions)',
    async () => {
      const app = await createTestApp({ withdrawalsPerDay: 3 });
      try {
        const player = await newPlayer(app);
        const cpf = await approveKyc(app, player.token);
        await deposit(app, player, 100_000n);
        const answers = await Promise.all(
          Array.from({ length: 12 }, () =>
            call(app, 'POST', '/api/app/order/withdraw', player.token, {
              payCardBank: 'CPF',
              payCardNo: cpf,
              amount: 20,
            }),
          ),
        );
        expect(answers.filter((answer) => answer.http === 200)).toHaveLength(3);
        const refused = answers.filter((answer) => answer.http !== 200);
        expect(new Set(refused.map((answer) => `${answer.http} ${answer.message}`))).toEqual(
          new Set(['500 Número de retiradas restantes hoje 0, tente novamente amanhã。']),
        );
        expect(await balances(app, player)).toEqual({ balance: 940, freeBalance: 0 });
        await expectLedgerClean(app);
      } finally {
        await app.close();
      }
    },
  );
});
