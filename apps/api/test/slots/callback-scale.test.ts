import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.ts';
import { pgPlayerName } from '../../src/modules/slots/pg.adapter.ts';
import { bgSignature, evoSignature } from '../../src/modules/slots/slots.rules.ts';
import { TEST_DATABASE, testConfig } from '../harness.ts';
import { launchedPlayer, type SlotPlayer, slotsApp, uniqueId } from './helpers.ts';

/**
 * Slot callbacks at a provider's scale (decision 0056): a provider sends every player's spins from a few
 * addresses, so authentic callbacks are counted per provider against a ceiling of thousands a second, forged ones
 * per address apart, and a refusal past a ceiling answers in the provider's own format with Retry-After.
 */
type App = Awaited<ReturnType<typeof slotsApp>>;

/** Runs `count` calls with `concurrency` in flight at once (as fast as the server answers: time compressed). */
async function flood<T>(
  count: number,
  concurrency: number,
  call: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await call(index);
      }
    }),
  );
  return results;
}

const ADDRESS = '203.0.113.50';

function pgCall(test: App, player: SlotPlayer, credentials: { token?: string } = {}) {
  const { operatorToken, secretKey } = test.ctx.config.slots.pg;
  const form = new URLSearchParams({
    operator_token: credentials.token ?? operatorToken,
    secret_key: secretKey,
    operator_player_session: player.session,
    player_name: pgPlayerName(player.userId),
    game_id: player.game,
  });
  return test.app.inject({
    method: 'POST',
    url: '/api/provider/pg/Cash/Get',
    remoteAddress: ADDRESS,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

function evoInit(test: App, player: SlotPlayer) {
  const { projectId, version, secretKey } = test.ctx.config.slots.evo;
  const body = { token: player.session, callback_id: uniqueId('init'), name: 'init', data: {} };
  const signature = evoSignature(
    projectId,
    version,
    [body.token, body.callback_id, body.name, body.data],
    secretKey,
  );
  return test.app.inject({
    method: 'POST',
    url: '/api/provider/evo/callback',
    remoteAddress: ADDRESS,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ ...body, signature }),
  });
}

function bgBalance(test: App, player: SlotPlayer) {
  const raw = JSON.stringify({
    user_id: `p${player.userId}`,
    session_id: player.session,
    currency: 'BRL',
    game: player.game,
    finished: false,
    actions: [],
  });
  return test.app.inject({
    method: 'POST',
    url: '/api/provider/bg/play',
    remoteAddress: ADDRESS,
    headers: {
      'content-type': 'application/json',
      'x-request-sign': bgSignature(raw, test.ctx.config.slots.bg.authToken),
    },
    payload: raw,
  });
}

describe(`slot callbacks at a provider's scale (${TEST_DATABASE})`, () => {
  let test: App;
  beforeAll(async () => {
    // The production allowance per address for webhooks: the callbacks' old limit was ten times it.
    test = await slotsApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerMinute: 10_000 } });
  });
  afterAll(async () => test.close());

  it('answers 5,000 callbacks from one address as fast as they come, none refused', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const replies = await flood(5_000, 32, () => pgCall(test, player));
    const refused = replies.filter((reply) => reply.statusCode !== 200 || reply.json().error !== null);
    expect(refused.length).toBe(0);
    expect(replies.at(-1)?.json().data.balance_amount).toBe(10);
  }, 180_000);

  it('a flood of forged callbacks from the same address does not refuse a genuine one', async () => {
    const player = await launchedPlayer(test, 'PG', 7_00n);
    const forged = await flood(1_500, 32, () => pgCall(test, player, { token: 'forged' }));
    // Each forged call answers in PG's words: bad operator first, then the generic retry-later past the allowance.
    const codes = new Set(forged.map((reply) => `${reply.statusCode}:${reply.json().error?.code}`));
    expect([...codes].sort()).toEqual(['200:1200', '200:1204']);
    const genuine = await pgCall(test, player);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json()).toMatchObject({ data: { balance_amount: 7 }, error: null });
  }, 120_000);
});

describe(`refusals past a provider's ceiling answer in its format (${TEST_DATABASE})`, () => {
  let test: App;
  beforeAll(async () => {
    const slots = testConfig().slots;
    test = await slotsApp({
      slots: {
        ...slots,
        pg: { ...slots.pg, callbacksPerSecond: 3 },
        evo: { ...slots.evo, callbacksPerSecond: 3 },
        bg: { ...slots.bg, callbacksPerSecond: 3 },
      },
    });
  });
  afterAll(async () => test.close());

  // 3 a second, 30 sent at once: at most two windows' worth (6) pass, whatever second they straddle.
  const burst = <T>(call: () => Promise<T>) => flood(30, 30, call);

  it('PG: HTTP 200 with error 1200 and Retry-After', async () => {
    const player = await launchedPlayer(test, 'PG', 1_00n);
    const replies = await burst(() => pgCall(test, player));
    const refused = replies.filter((reply) => reply.json().error !== null);
    expect(refused.length).toBeGreaterThanOrEqual(24);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ data: null, error: { code: '1200', message: 'Internal server error' } });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it("Evoplay: status 'error', scope 'internal', no_refund '1' and Retry-After", async () => {
    const player = await launchedPlayer(test, 'EVO', 1_00n);
    const replies = await burst(() => evoInit(test, player));
    const refused = replies.filter((reply) => reply.json().status === 'error');
    expect(refused.length).toBeGreaterThanOrEqual(24);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ status: 'error', error: { scope: 'internal', no_refund: '1' } });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('BGaming: HTTP 503 with code 503 and Retry-After', async () => {
    const player = await launchedPlayer(test, 'BG', 1_00n);
    const replies = await burst(() => bgBalance(test, player));
    const refused = replies.filter((reply) => reply.statusCode !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(24);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ code: 503 });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(replies.some((reply) => reply.statusCode === 200 && reply.json().balance === 100)).toBe(true);
  });
});
