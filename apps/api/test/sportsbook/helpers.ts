import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Config } from '../../src/config.ts';
import { runDueJobs } from '../../src/modules/jobs/jobs.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { settlementJobHandlers } from '../../src/modules/sportsbook/index.ts';
import { auth, createTestApp, registerPlayer, type TestApp } from '../harness.ts';

/** Shared helpers of the sportsbook API tests: the app, an operator, funded players, matches and bets. */

const OPERATOR = { username: 'ops@aposta.dev', password: 'operator-secret-123' };

export interface SportsbookTestApp {
  test: TestApp;
  operatorToken: string;
  /** Live events sent to players and to everyone, in order. */
  events: { to: bigint | 'all'; event: string; payload: unknown }[];
  /** Runs the due settlement jobs now (jobs are off in API tests). */
  runSettlementJobs(): Promise<number>;
  close(): Promise<void>;
}

export async function createSportsbookApp(overrides: Partial<Config> = {}): Promise<SportsbookTestApp> {
  const test = await createTestApp({
    adminUsername: OPERATOR.username,
    adminPassword: OPERATOR.password,
    ...overrides,
  });
  const events: SportsbookTestApp['events'] = [];
  const hub = test.ctx.realtime;
  const emitToUser = hub.emitToUser.bind(hub);
  const broadcast = hub.broadcast.bind(hub);
  hub.emitToUser = (userId, event, payload) => {
    events.push({ to: userId, event, payload });
    emitToUser(userId, event, payload);
  };
  hub.broadcast = (event, payload) => {
    events.push({ to: 'all', event, payload });
    broadcast(event, payload);
  };
  const login = await test.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: OPERATOR });
  expect(login.statusCode).toBe(200);
  return {
    test,
    operatorToken: login.json().data.access_token,
    events,
    // One claim takes a batch of the oldest due jobs: run until none is left (earlier tests leave jobs queued).
    async runSettlementJobs() {
      let total = 0;
      for (let ran = await runDueJobs(test.ctx, settlementJobHandlers); ran > 0; ) {
        total += ran;
        ran = await runDueJobs(test.ctx, settlementJobHandlers);
      }
      return total;
    },
    async close() {
      await test.close();
    },
  };
}

type Method = 'GET' | 'POST';

/** Calls the API; answers the HTTP status and the envelope. */
export async function call(
  test: TestApp,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await test.app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call
  const body: { status: number; message: string; data: any } = response.json();
  return { http: response.statusCode, ...body };
}

export interface Player {
  token: string;
  userId: bigint;
}

/** A registered player with cash (and optionally bonus) in the wallet, through balanced ledger transactions. */
export async function newPlayer(
  app: SportsbookTestApp,
  cashCents = 100_000n,
  bonusCents = 0n,
): Promise<Player> {
  const { token } = await registerPlayer(app.test);
  const info = await call(app.test, 'GET', '/api/app/user/userInfo', token);
  const userId = BigInt(info.data.uId);
  for (const [kind, amountCents] of [
    ['player_cash', cashCents],
    ['player_bonus', bonusCents],
  ] as const) {
    if (amountCents === 0n) continue;
    await app.test.ctx.db.transaction().execute((trx) =>
      postTransaction(trx, {
        code: 'deposit',
        idempotencyKey: `test_fund:${userId}:${kind}`,
        referenceType: 'test',
        referenceId: 'fund',
        postings: [
          { account: { kind: 'house_provider_clearing', name: 'test' }, amountCents: -amountCents },
          { account: { kind, userId }, amountCents },
        ],
      }),
    );
  }
  return { token, userId };
}

export async function balanceOf(app: SportsbookTestApp, player: Player) {
  const answer = await call(app.test, 'GET', '/api/app/user/getBalance', player.token);
  return answer.data as { balance: number; freeBalance: number };
}

export const admin = (app: SportsbookTestApp, method: Method, url: string, payload?: unknown) =>
  call(app.test, method, url, app.operatorToken, payload);

/** A football board with every market type, full time and first half. */
export const footballMarkets = [
  {
    type: 'winAlone',
    selections: [
      { outcome: 'home', odds: 2.1 },
      { outcome: 'draw', odds: 3.4 },
      { outcome: 'away', odds: 3.5 },
    ],
  },
  {
    type: 'handicap',
    line: -0.5,
    selections: [
      { outcome: 'home', odds: 2.0 },
      { outcome: 'away', odds: 1.85 },
    ],
  },
  {
    type: 'handicap',
    line: 0,
    selections: [
      { outcome: 'home', odds: 1.5 },
      { outcome: 'away', odds: 2.6 },
    ],
  },
  {
    type: 'handicap',
    line: -0.75,
    selections: [
      { outcome: 'home', odds: 2.2 },
      { outcome: 'away', odds: 1.7 },
    ],
  },
  {
    type: 'total',
    line: 2.5,
    selections: [
      { outcome: 'over', odds: 1.9 },
      { outcome: 'under', odds: 1.95 },
    ],
  },
  {
    type: 'total',
    line: 2.25,
    selections: [
      { outcome: 'over', odds: 1.8 },
      { outcome: 'under', odds: 2.05 },
    ],
  },
  {
    type: 'total',
    line: 3,
    selections: [
      { outcome: 'over', odds: 2.4 },
      { outcome: 'under', odds: 1.6 },
    ],
  },
  {
    type: 'oddEven',
    selections: [
      { outcome: 'odd', odds: 1.95 },
      { outcome: 'even', odds: 1.9 },
    ],
  },
  {
    type: 'cornersTotal',
    line: 9.5,
    selections: [
      { outcome: 'over', odds: 1.9 },
      { outcome: 'under', odds: 1.9 },
    ],
  },
  {
    type: 'cornersHandicap',
    line: -1.5,
    selections: [
      { outcome: 'home', odds: 1.95 },
      { outcome: 'away', odds: 1.85 },
    ],
  },
  {
    type: 'total',
    period: 'firstHalf',
    line: 1.25,
    selections: [
      { outcome: 'over', odds: 2.3 },
      { outcome: 'under', odds: 1.6 },
    ],
  },
  {
    type: 'winAlone',
    period: 'firstHalf',
    selections: [
      { outcome: 'home', odds: 2.9 },
      { outcome: 'draw', odds: 2.1 },
      { outcome: 'away', odds: 4.2 },
    ],
  },
];

export interface MatchView {
  matchId: number;
  period: number;
  markets: {
    marketId: number;
    type: string;
    period: string;
    line: number | null;
    status: string;
    selections: { selectionId: number; outcome: string; odds: number }[];
  }[];
}

let matchCounter = 0;
export async function createMatch(
  app: SportsbookTestApp,
  fields: { sport?: string; markets?: unknown[]; startTime?: number } = {},
): Promise<MatchView> {
  matchCounter += 1;
  const answer = await admin(app, 'POST', '/api/admin/sports/matches', {
    sport: fields.sport ?? 'football',
    league: 'Brasileirão Série A',
    home: `Casa ${matchCounter}`,
    away: `Fora ${matchCounter}`,
    startTime: fields.startTime ?? Date.now() + 3600_000,
    markets: fields.markets ?? footballMarkets,
  });
  expect(answer.http, answer.message).toBe(200);
  return answer.data;
}

/** The selection of a market, found by type, period, line and outcome. */
export function pick(
  match: MatchView,
  type: string,
  outcome: string,
  line: number | null = null,
  period = 'full',
) {
  const market = match.markets.find(
    (item) => item.type === type && item.period === period && item.line === line,
  );
  if (!market) throw new Error(`no ${type} ${period} ${line} market`);
  const selection = market.selections.find((item) => item.outcome === outcome)!;
  return { marketId: market.marketId, selectionId: selection.selectionId, odds: selection.odds };
}

export function bet(
  app: SportsbookTestApp,
  player: Player,
  amount: number | string,
  selections: { selectionId: number; odds: number }[],
  acceptOdds?: 'none' | 'better' | 'any',
  headers: Record<string, string> = {},
) {
  return call(
    app.test,
    'POST',
    '/api/app/sports/bet',
    player.token,
    {
      amount,
      selections: selections.map(({ selectionId, odds }) => ({ selectionId, odds })),
      ...(acceptOdds ? { acceptOdds } : {}),
    },
    headers,
  );
}

/** A football match's final state: 2-1 (1-0 at half-time), corners 7-4 (4-2 at half-time). */
export const finalState = {
  period: -1,
  score: { home: 2, away: 1 },
  halfTimeScore: { home: 1, away: 0 },
  corners: { home: 7, away: 4 },
  halfTimeCorners: { home: 4, away: 2 },
};

export function postState(app: SportsbookTestApp, matchId: number, state: Record<string, unknown>) {
  return admin(app, 'POST', `/api/admin/sports/matches/${matchId}/state`, state);
}

export function settle(app: SportsbookTestApp, matchId: number) {
  return admin(app, 'POST', `/api/admin/sports/matches/${matchId}/settle`);
}

export async function expectLedgerClean(app: SportsbookTestApp): Promise<void> {
  expect(await checkLedger(app.test.ctx.db)).toEqual([]);
}

/**
 * A bet's trail in the ledger, oldest first: its stake transaction (which names the bet) and the settlement journal
 * transactions the bet lists (one per code and batch), each with the bet owner's leg: in a batch, the sum of the
 * owner's bets in it.
 */
export async function ledgerOfBet(app: SportsbookTestApp, betId: number) {
  const bet = await app.test.ctx.db
    .selectFrom('sports_bets')
    .select(['user_id', sql<string[]>`settlement_journal_ids::text[]`.as('journals')])
    .where('id', '=', BigInt(betId))
    .executeTakeFirstOrThrow();
  return app.test.ctx.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.id', 't.code', 'a.kind', 'p.amount_cents'])
    .where((eb) =>
      eb.or([
        eb.and([eb('t.reference_type', '=', 'sports_bet'), eb('t.reference_id', '=', String(betId))]),
        eb('t.id', '=', sql<bigint>`ANY(${bet.journals.length > 0 ? bet.journals : ['0']}::bigint[])`),
      ]),
    )
    .where('a.owner_user_id', '=', bet.user_id)
    .where('a.kind', 'in', ['player_cash', 'player_bonus'])
    .orderBy('t.id')
    .execute();
}
