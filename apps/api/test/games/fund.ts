import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import type { TestApp } from '../harness.ts';

/** Gives a player cash through a balanced ledger transaction (as a deposit would), for game tests. */
export async function fundPlayer(
  test: TestApp,
  token: string,
  amountCents: bigint,
  kind: 'player_cash' | 'player_bonus' = 'player_cash',
) {
  const info = await test.app.inject({ url: '/api/app/user/userInfo', headers: { authorization: token } });
  const userId = BigInt(info.json().data.uId);
  await test.ctx.db.transaction().execute((trx) =>
    postTransaction(trx, {
      code: 'deposit',
      idempotencyKey: `test_fund:${userId}:${kind}:${Math.random()}`,
      referenceType: 'test',
      referenceId: 'fund',
      postings: [
        { account: { kind: 'house_provider_clearing', name: 'test' }, amountCents: -amountCents },
        { account: { kind, userId }, amountCents },
      ],
    }),
  );
  return userId;
}
