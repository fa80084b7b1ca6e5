import { expect } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { auth, registerPlayer, type TestApp } from '../harness.ts';
import { fundPlayer } from './fund.ts';

/** Shared helpers of the games tests: players, calls in the envelope, balances, the books. */

export interface Player {
  token: string;
  userId: bigint;
}

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call
export type Answer = { http: number; status: number; message: string; data: any };

/** Calls the API; answers the HTTP status and the envelope. */
export async function call(
  test: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await test.app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  try {
    return { http: response.statusCode, ...response.json() };
  } catch {
    return { http: response.statusCode, status: response.statusCode, message: response.body, data: null };
  }
}

/** A registered player with `cash` (and optionally `bonus`) reais on the account. */
export async function newPlayer(test: TestApp, cashCents = 0n, bonusCents = 0n): Promise<Player> {
  const { token } = await registerPlayer(test);
  const info = await call(test, 'GET', '/api/app/user/userInfo', token);
  expect(info.http).toBe(200);
  const userId = BigInt(info.data.uId);
  if (cashCents > 0n) await fundPlayer(test, token, cashCents, 'player_cash');
  if (bonusCents > 0n) await fundPlayer(test, token, bonusCents, 'player_bonus');
  return { token, userId };
}

/** What the player sees as their money (`getBalance`), in reais. */
export async function balances(
  test: TestApp,
  player: Player,
): Promise<{ balance: number; freeBalance: number }> {
  const answer = await call(test, 'GET', '/api/app/user/getBalance', player.token);
  expect(answer.http).toBe(200);
  return answer.data;
}

export async function userInfo(test: TestApp, player: Player) {
  const answer = await call(test, 'GET', '/api/app/user/userInfo', player.token);
  expect(answer.http).toBe(200);
  return answer.data;
}

export async function seeds(test: TestApp, player: Player) {
  const answer = await call(test, 'GET', '/api/app/fair/seeds', player.token);
  expect(answer.http).toBe(200);
  return answer.data as {
    serverSeedHash: string;
    nextServerSeedHash: string;
    clientSeed: string;
    nonce: number;
  };
}

/** The player's current (secret) server seed, read from the database: lets a test know outcomes in advance. */
export async function secretServerSeed(test: TestApp, player: Player) {
  await seeds(test, player); // the pair is opened on first use
  const row = await test.ctx.db
    .selectFrom('fair_seed_pairs')
    .select(['server_seed', 'client_seed', 'nonce'])
    .where('user_id', '=', player.userId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return { serverSeedHex: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

/** Ledger postings on a player's accounts, for "nothing moved" checks. */
export async function ledgerRows(test: TestApp, player: Player): Promise<number> {
  const row = await test.ctx.db
    .selectFrom('ledger_postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .where('ledger_accounts.owner_user_id', '=', player.userId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function expectBooksBalanced(test: TestApp): Promise<void> {
  expect(await checkLedger(test.ctx.db)).toEqual([]);
}

export const cents = (reais: number) => BigInt(Math.round(reais * 100));

export { sharedPostgresDatabase } from '../harness.ts';

let roundClock = Date.now();

/**
 * Leaves every round table (Double, Lucky Color of each period) with a fresh round open for betting: the engine's
 * clock jumps far ahead, so earlier rounds close and settle and new ones open whose betting ends in the future,
 * which is all the bet check (`betting_ends_at > now()` in the database) asks. Answers the clock used.
 */
export async function openFreshRounds(test: TestApp): Promise<number> {
  // At the start of a slot of every Lucky Color period (they all divide 15 minutes): betting open for ≥ 25 s.
  roundClock = Math.ceil((Math.max(roundClock, Date.now()) + 1_000_000) / 900_000) * 900_000;
  await test.rounds.tick(new Date(roundClock));
  await test.rounds.tick(new Date(roundClock + 1));
  return roundClock + 1;
}
