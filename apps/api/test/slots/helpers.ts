import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import type { Config } from '../../src/config.ts';
import { checkLedger } from '../../src/modules/ledger/ledger.check.ts';
import { providerHttp } from '../../src/modules/slots/provider-http.ts';
import { studioClients } from '../../src/modules/studio/studio.clients.ts';
import { fundPlayer } from '../games/fund.ts';
import { auth, createTestApp, registerPlayer, type TestApp } from '../harness.ts';

export type Provider = 'PG' | 'EVO' | 'BG';

/** A test app that listens on a port, so the studio's callbacks reach the wallet over real HTTP. */
export async function slotsApp(
  overrides: Partial<Config> = {},
): Promise<TestApp & { clients: ReturnType<typeof studioClients> }> {
  const test = await createTestApp(overrides);
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  await test.ctx.db
    .insertInto('game_catalog')
    .values(
      (['PG', 'EVO', 'BG'] as const).flatMap((provider) =>
        ['a', 'b'].map((suffix, index) => ({
          code: `${provider.toLowerCase()}-test-${suffix}`,
          game_type: 'SLOT',
          product_code: provider,
          group_code: provider,
          name: `${provider} Test ${suffix.toUpperCase()}`,
          icon: `/slots/${provider.toLowerCase()}-test-${suffix}.svg`,
          sort: index + 1,
          rtp: '0.9650',
        })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { ...test, clients: studioClients(providerHttp(test.app), test.ctx.config.slots) };
}

export interface SlotPlayer {
  token: string;
  userId: bigint;
  /** The session token the provider received at launch. */
  session: string;
  game: string;
}

/** A player with `cashCents` (and `bonusCents`) who has launched a game of `provider`. */
export async function launchedPlayer(
  test: TestApp,
  provider: Provider,
  cashCents: bigint,
  bonusCents = 0n,
): Promise<SlotPlayer> {
  const { token } = await registerPlayer(test);
  const userId = await fundPlayer(test, token, cashCents);
  if (bonusCents > 0n) await fundPlayer(test, token, bonusCents, 'player_bonus');
  const game = `${provider.toLowerCase()}-test-a`;
  const session = await launch(test, token, provider, game);
  return { token, userId, session, game };
}

export async function launch(
  test: TestApp,
  token: string,
  provider: Provider,
  game: string,
): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/app/game/launch',
    headers: auth(token),
    payload: { productCode: provider, value: game },
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const row = await test.ctx.db
    .selectFrom('slot_sessions')
    .select('token')
    .where('closed_at', 'is', null)
    .where('game_code', '=', game)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.token;
}

/** The player's cash and bonus, read from the balance call the client makes. */
export async function balances(test: TestApp, token: string) {
  const response = await test.app.inject({ url: '/api/app/user/getBalance', headers: auth(token) });
  const data = response.json().data as { balance: number; freeBalance: number };
  return {
    cashCents: BigInt(Math.round(data.balance * 100)),
    bonusCents: BigInt(Math.round(data.freeBalance * 100)),
  };
}

export async function expectLedgerClean(test: TestApp) {
  const problems = await checkLedger(test.ctx.db);
  if (problems.length > 0) throw new Error(`ledger check failed: ${JSON.stringify(problems)}`);
}

export async function withdrawLock(test: TestApp, token: string): Promise<boolean> {
  const response = await test.app.inject({ url: '/api/app/order/getWithdraw', headers: auth(token) });
  return response.json().data.lock as boolean;
}

let counter = 0;
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** The player leaves the game page: the client's socket sends `offGame`; resolves once the session is closed. */
export async function offGame(test: TestApp, player: SlotPlayer): Promise<void> {
  const port = (test.app.server.address() as AddressInfo).port;
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/gamecenter-siop',
    query: { token: player.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    socket.emit('offGame', { gameCode: player.game });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const row = await test.ctx.db
        .selectFrom('slot_sessions')
        .select('closed_at')
        .where('token', '=', player.session)
        .executeTakeFirstOrThrow();
      if (row.closed_at !== null) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('offGame did not close the session');
  } finally {
    socket.disconnect();
  }
}
