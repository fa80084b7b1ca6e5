import { randomBytes } from 'node:crypto';
import { parseAmountToCents } from '@aposta/money';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { signWebhook } from '../../src/lib/webhook-signature.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { auth, registerPlayer, type TestApp } from '../harness.ts';

/** Shared helpers of the wallet tests: players, money in, the books, time. */

export interface Player {
  token: string;
  username: string;
  userId: bigint;
  uId: number;
}

type Method = 'GET' | 'POST';

/** Calls the API as a player; answers the HTTP status and the envelope. */
export async function call(
  test: TestApp,
  method: Method,
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await test.app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call
  let body: { status: number; message: string; data: any };
  try {
    body = response.json();
  } catch {
    body = { status: response.statusCode, message: response.body, data: null };
  }
  return { http: response.statusCode, ...body };
}

export async function newPlayer(test: TestApp): Promise<Player> {
  const registered = await registerPlayer(test);
  const info = await call(test, 'GET', '/api/app/user/userInfo', registered.token);
  expect(info.http).toBe(200);
  return { ...registered, uId: info.data.uId, userId: BigInt(info.data.uId) };
}

export async function userInfo(test: TestApp, player: Player) {
  const info = await call(test, 'GET', '/api/app/user/userInfo', player.token);
  expect(info.http).toBe(200);
  return info.data;
}

/** What the player sees as their money: `{ balance, freeBalance }` in reais. */
export async function balances(
  test: TestApp,
  player: Player,
): Promise<{ balance: number; freeBalance: number }> {
  const answer = await call(test, 'GET', '/api/app/user/getBalance', player.token);
  expect(answer.http).toBe(200);
  return answer.data;
}

export async function withdrawInfo(test: TestApp, player: Player) {
  const answer = await call(test, 'GET', '/api/app/order/getWithdraw', player.token);
  expect(answer.http).toBe(200);
  return answer.data;
}

/** A deposit package of any price (the operator's tables allow it), so a test can deposit an exact amount. */
export async function packageOf(test: TestApp, priceCents: bigint, giftCents = 0n): Promise<number> {
  const row = await test.ctx.db
    .insertInto('price_packages')
    .values({ price_cents: priceCents, gift_cents: giftCents, curreny: '', sort: 99 })
    .returning('pkg_id')
    .executeTakeFirstOrThrow();
  return Number(row.pkg_id);
}

export async function prePay(test: TestApp, player: Player, pkgId: number, gift: 0 | 1 = 0) {
  const answer = await call(test, 'POST', `/api/app/order/prePay/${pkgId}`, player.token, {
    gift: String(gift),
    pkgId,
    isapp: '0',
  });
  expect(answer.http, answer.message).toBe(200);
  return answer.data as { orderId: number; payNo: string; url: string };
}

/**
 * Deposits an exact amount the real way: an order (a cob at the in-process PSP emulator), the payer pays it, the
 * PSP's webhook is confirmed with GET /pix and credits it.
 */
export async function deposit(test: TestApp, player: Player, cents: bigint): Promise<number> {
  const pkgId = await packageOf(test, cents);
  const order = await prePay(test, player, pkgId, 0);
  expect(await test.payer.pay(order.payNo)).toBe('paid');
  expect(
    (await call(test, 'GET', `/api/app/order/getStatus/${order.orderId}`, player.token)).data.status,
  ).toBe('10');
  return order.orderId;
}

/** Makes every waiting job due now and runs them (the job poller is off in tests: the test owns time). */
export async function runJobsNow(test: TestApp): Promise<number> {
  await test.ctx.db
    .updateTable('jobs')
    .set({ run_at: sql`now() - interval '1 second'` })
    .where('done_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
  let total = 0;
  for (;;) {
    const ran = await test.runJobs();
    total += ran;
    if (ran === 0) return total;
  }
}

export async function expectLedgerClean(test: TestApp): Promise<void> {
  expect(await checkLedger(test.ctx.db)).toEqual([]);
}

/** A ledger account's stored balance, in centavos (0 when the account was never opened). */
export async function accountCents(
  test: TestApp,
  kind: string,
  owner: { userId?: bigint; name?: string },
): Promise<bigint> {
  let query = test.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('kind', '=', kind as never);
  query =
    owner.userId !== undefined
      ? query.where('owner_user_id', '=', owner.userId)
      : query.where('owner_user_id', 'is', null).where('name', '=', owner.name ?? '');
  return (await query.executeTakeFirst())?.balance_cents ?? 0n;
}

export async function webhookOutcomes(test: TestApp, txid?: string): Promise<string[]> {
  let query = test.ctx.db.selectFrom('webhook_events').select('outcome').orderBy('id');
  if (txid !== undefined) query = query.where('txid', '=', txid);
  return (await query.execute()).map((row) => row.outcome);
}

/**
 * A Pix the PSP (the in-process emulator) received for `txid`, as its webhook body `{ pix: [...] }`: the adapter
 * confirms it with GET /pix/{e2eid}, so the PSP must know it. `valor` may differ from the cob's (a mismatch).
 */
export function pspPix(test: TestApp, txid: string, valor: string, horario = new Date()): string {
  const emulator = test.ctx.payments.emulator!;
  const item = emulator.receive({ txid, amountCents: parseAmountToCents(valor), at: horario });
  const { chave: _chave, ...notified } = emulator.pixJson(item);
  return JSON.stringify({ pix: [notified] });
}

/** A webhook body for a Pix the PSP never received (its GET /pix answers 404: 'unconfirmed'). */
export function pixBody(txid: string, valor: string, horario = new Date()): string {
  return JSON.stringify({
    pix: [
      {
        endToEndId: `E99999999${randomBytes(12).toString('hex').slice(0, 23)}`,
        txid,
        valor,
        horario: horario.toISOString(),
      },
    ],
  });
}

/** Where the API Pix adapter receives (the standard appends `/pix` to the registered URL). */
export const WEBHOOK_URL = '/api/pay/webhook/apipix/pix';

/**
 * Delivers a webhook body to the receiver as the in-process emulator does (no TLS in process: the HMAC option,
 * signed with the emulator's secret, or `secret`, at `timestamp`).
 */
export async function deliverWebhook(
  test: TestApp,
  rawBody: string,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature =
    options.signature ?? signWebhook(options.secret ?? test.ctx.config.pix.webhookSecret, timestamp, rawBody);
  return test.app.inject({
    method: 'POST',
    url: WEBHOOK_URL,
    payload: rawBody,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signature,
    },
  });
}

export { sharedPostgresDatabase } from '../harness.ts';
