import { createHash, createHmac } from 'node:crypto';
import { crashElapsedMsFor, crashMultiplierAt } from '@aposta/fair';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CRASH_PUSH_MS,
  CRASH_SETTLE_GRACE_MS,
  CRASH_TICK_MS,
  CrashEngine,
} from '../../src/modules/games/crash/crash.engine.ts';
import { crashRoundSecret } from '../../src/modules/games/crash/crash.repository.ts';
import { type CrashRuntime, crashRuntimeOf } from '../../src/modules/games/crash/index.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, expectBooksBalanced, newPlayer, type Player } from './helpers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The crash point written out here from the documented rule, independently of @aposta/fair. */
function crashPointOf(seed: string, salt: string): number {
  const h = BigInt(`0x${createHmac('sha256', seed).update(salt).digest('hex')}`) >> 204n;
  const e = 2n ** 52n;
  return Math.max(100, Number((99n * e) / (e - h))) / 100;
}

/** Crash (api-contract section 20): rounds on the crash chain, driven by the engine with a clock moved by hand. */
describe(`crash (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let runtime: CrashRuntime;
  let clock = Date.now();
  const { bettingMs, pauseMs } = { bettingMs: 7000, pauseMs: 3000 };
  beforeAll(async () => {
    test = await createTestApp();
    runtime = crashRuntimeOf(test.ctx);
    runtime.clock.now = () => clock;
  });
  afterAll(async () => test.close());

  const tick = async (at: number, engine: CrashEngine = runtime.engine) => {
    clock = at;
    await engine.tick(at);
  };
  const state = async () => (await call(test, 'GET', '/api/app/game/crash/state')).data;
  const bet = (player: Player, body: Record<string, unknown>) =>
    call(test, 'POST', '/api/app/game/crash/bet', player.token, body);
  const cashout = (player: Player, betId: number) =>
    call(test, 'POST', '/api/app/game/crash/cashout', player.token, { betId });
  const secretOf = (roundId: number) =>
    crashRoundSecret(test.ctx.db, test.ctx.config.roundChainLength, roundId);
  const payoutsOf = async (betId: number) =>
    (
      await test.ctx.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('code', '=', 'bet_payout')
        .where('reference_id', '=', String(betId))
        .execute()
    ).length;

  /** Plays empty rounds until one open for betting will crash at or above `min` hundredths; answers it. */
  async function bettingRoundReaching(min: number) {
    for (let guard = 0; guard < 200; guard++) {
      const current = await state();
      if (current.phase === 'betting') {
        const { crashHundredths } = await secretOf(current.roundId);
        if (crashHundredths >= min && current.startsAt > clock)
          return { ...current, crashHundredths, crashMs: crashElapsedMsFor(crashHundredths) };
        await tick(current.startsAt);
      }
      const running = await state();
      const { crashHundredths } = await secretOf(running.roundId);
      const crashedAt = running.startsAt + crashElapsedMsFor(crashHundredths) + CRASH_SETTLE_GRACE_MS;
      await tick(Math.max(clock, crashedAt));
      await tick(clock + pauseMs);
    }
    throw new Error('no such round in 200');
  }

  it('publishes the chain before the first round, then opens round 1 for betting', async () => {
    const before = await state();
    expect(before).toMatchObject({ roundId: 0, phase: 'crashed', bets: [], history: [] });
    expect(before.chain.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    await tick(clock);
    expect(await state()).toMatchObject({ roundId: 1, phase: 'betting', startsAt: clock + bettingMs });
  });

  it('takes two bets per round and refuses a third (409), bad targets (400) and late bets (409)', async () => {
    const round = await bettingRoundReaching(100);
    const player = await newPlayer(test, 100_00n);
    expect((await bet(player, { roundId: round.roundId, amount: 1, autoCashout: 1.005 })).http).toBe(400);
    expect((await bet(player, { roundId: round.roundId, amount: 1, autoCashout: 1 })).http).toBe(400);
    const first = await bet(player, { roundId: round.roundId, amount: 2 });
    expect(first.http, first.message).toBe(200);
    expect(first.data).toMatchObject({ roundId: round.roundId, balance: 98, freeBalance: 0 });
    const second = await bet(player, { roundId: round.roundId, amount: 3, autoCashout: 2.5 });
    expect(second.http, second.message).toBe(200);
    const third = await bet(player, { roundId: round.roundId, amount: 1 });
    expect(third.http).toBe(409);
    expect(third.message).toContain('duas apostas');
    expect(await balances(test, player)).toEqual({ balance: 95, freeBalance: 0 });
    const listed = await state();
    expect(listed.bets).toHaveLength(2);
    expect(listed.bets[1]).toMatchObject({ amount: 3, autoCashout: 2.5 });
    expect(listed.bets[0].user).toMatch(/\*\*\*$/);
    // A cash-out before the curve starts is refused; betting closes at startsAt by the server's clock.
    clock = round.startsAt - 1;
    const early = await cashout(player, first.data.betId);
    expect(early.http).toBe(409);
    expect(early.message).toContain('ainda não começou');
    clock = round.startsAt;
    expect((await bet(player, { roundId: round.roundId, amount: 1 })).http).toBe(409);
    await expectBooksBalanced(test);
  });

  it('judges cash-outs by the server clock: 1 ms before the crash pays, at the crash instant and after: 409', async () => {
    const round = await bettingRoundReaching(150);
    const [early, atCrash, late, exact, over] = await Promise.all(
      [0, 1, 2, 3, 4].map(() => newPlayer(test, 10_00n)),
    );
    const crash = round.crashHundredths / 100;
    const ids: Record<string, number> = {};
    for (const [name, player, body] of [
      ['early', early, {}],
      ['atCrash', atCrash, {}],
      ['late', late, {}],
      ['exact', exact, { autoCashout: crash }],
      ['over', over, { autoCashout: Math.round(crash * 100 + 1) / 100 }],
    ] as const) {
      const answer = await bet(player!, { roundId: round.roundId, amount: 2, ...body });
      expect(answer.http, answer.message).toBe(200);
      ids[name] = answer.data.betId;
    }
    const broadcast = vi.spyOn(test.ctx.realtime, 'broadcast');
    await tick(round.startsAt);
    await tick(round.startsAt + 100);
    const running = broadcast.mock.calls
      .filter(([event]) => event === 'gameRound')
      .map(([, payload]) => payload);
    expect(running.at(-1)).toMatchObject({
      game: 'crash',
      roundId: round.roundId,
      phase: 'running',
      multiplier: 1,
    });

    clock = round.startsAt + round.crashMs - 1;
    const paid = await cashout(early!, ids.early!);
    expect(paid.http, paid.message).toBe(200);
    const multiplier = crashMultiplierAt(round.crashMs - 1);
    expect(multiplier).toBeLessThan(round.crashHundredths);
    expect(paid.data).toMatchObject({
      multiplier: multiplier / 100,
      payout: Math.floor(2 * multiplier) / 100,
    });
    // Reais from centavos: 8 + 2.38 in floats is 10.379999…; the answer is exact centavos.
    expect(paid.data.balance).toBe((800 + Math.floor(2 * multiplier)) / 100);
    expect(broadcast).toHaveBeenCalledWith(
      'crashCashout',
      expect.objectContaining({ roundId: round.roundId, multiplier: multiplier / 100 }),
    );
    expect((await cashout(early!, ids.early!)).http).toBe(409); // once

    clock = round.startsAt + round.crashMs;
    const atInstant = await cashout(atCrash!, ids.atCrash!);
    expect(atInstant.http).toBe(409);
    expect(atInstant.message).toContain('já caiu');
    expect((await state()).phase).toBe('crashed');

    await tick(round.startsAt + round.crashMs + CRASH_SETTLE_GRACE_MS);
    clock += 5000;
    expect((await cashout(late!, ids.late!)).http).toBe(409);
    broadcast.mockRestore();

    expect(await balances(test, atCrash!)).toEqual({ balance: 8, freeBalance: 0 });
    expect(await balances(test, late!)).toEqual({ balance: 8, freeBalance: 0 });
    // An auto cash-out at exactly the crash point is paid at it; one cent above loses.
    expect(await balances(test, exact!)).toEqual({
      balance: (800 + Math.floor(2 * round.crashHundredths)) / 100,
      freeBalance: 0,
    });
    expect(await balances(test, over!)).toEqual({ balance: 8, freeBalance: 0 });
    for (const betId of Object.values(ids)) expect(await payoutsOf(betId)).toBeLessThanOrEqual(1);
    const after = await state();
    expect(after.history[0]).toEqual({ roundId: round.roundId, crashPoint: crash });
    await expectBooksBalanced(test);
  });

  it('reveals a crashed round: its seed chains to the published hash and its crash point follows the rule', async () => {
    const current = await state();
    const roundId = current.history[0].roundId as number;
    expect((await call(test, 'GET', `/api/app/game/crash/rounds/${current.roundId + 5}`)).http).toBe(404);
    const detail = await call(test, 'GET', `/api/app/game/crash/rounds/${roundId}`);
    expect(detail.http).toBe(200);
    const { seed, hash, crashPoint } = detail.data;
    expect(hash).toBe(sha256(seed));
    let link = seed as string;
    for (let step = 0; step < roundId; step++) link = sha256(link);
    expect(link).toBe(current.chain.terminatingHash);
    expect(crashPoint).toBe(crashPointOf(seed, current.chain.salt));

    const verified = await call(test, 'GET', `/api/app/fair/verify?game=crash&seed=${seed}`);
    expect(verified.http).toBe(200);
    expect(verified.data).toEqual({ crashPoint });
    const salted = await call(test, 'GET', `/api/app/fair/verify?game=crash&seed=${seed}&salt=other`);
    expect(salted.data).toEqual({ crashPoint: crashPointOf(seed, 'other') });
    expect((await call(test, 'GET', '/api/app/fair/verify?game=crash')).http).toBe(400);
    expect((await call(test, 'GET', '/api/app/fair/verify?game=dice&seed=00')).http).toBe(400);
  });

  it('pushes the multiplier 5 times a second whatever the tick rate, volatile; phases are never volatile', async () => {
    const round = await bettingRoundReaching(130);
    expect(round.crashMs).toBeGreaterThan(4000);
    const broadcast = vi.spyOn(test.ctx.realtime, 'broadcast');
    broadcast.mockClear();
    await tick(round.startsAt);
    // Three seconds of the loop's ticks (every CRASH_TICK_MS), each a few ms late as a busy loop's are.
    for (let at = CRASH_TICK_MS; at < 3000; at += CRASH_TICK_MS) await tick(round.startsAt + at + (at % 7));
    const crashCalls = () =>
      broadcast.mock.calls.filter(
        ([event, payload]) => event === 'gameRound' && (payload as { game: string }).game === 'crash',
      );
    const pushes = crashCalls().map(([, payload, options]) => ({
      ...(payload as { phase: string; elapsed: number }),
      options,
    }));
    expect(pushes[0]).toMatchObject({ phase: 'running', multiplier: 1, elapsed: 0, options: undefined });
    const ticks = pushes.slice(1);
    expect(ticks.every((push) => push.phase === 'running' && push.options?.volatile === true)).toBe(true);
    // One push per 200 ms slot: 14 slots after the start's own push in 3 s, at least 4 in every second.
    expect(ticks.map((push) => Math.floor(push.elapsed / CRASH_PUSH_MS))).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    );
    for (let from = 0; from + 1000 <= 3000; from += 100)
      expect(
        ticks.filter((push) => push.elapsed >= from && push.elapsed < from + 1000).length,
      ).toBeGreaterThanOrEqual(4);
    for (const push of ticks)
      expect(push).toMatchObject({
        multiplier: crashMultiplierAt(push.elapsed) / 100,
        startsAt: round.startsAt,
      });
    // Two ticks in one slot push once; the crash itself is never volatile.
    broadcast.mockClear();
    await tick(round.startsAt + 3000 + CRASH_PUSH_MS + 1);
    await tick(round.startsAt + 3000 + CRASH_PUSH_MS + 2);
    expect(crashCalls()).toHaveLength(1);
    await tick(round.startsAt + round.crashMs);
    expect(crashCalls().at(-1)).toEqual([
      'gameRound',
      expect.objectContaining({ phase: 'crashed', crashPoint: round.crashHundredths / 100 }),
    ]);
    await tick(round.startsAt + round.crashMs + CRASH_SETTLE_GRACE_MS);
    broadcast.mockRestore();
  });

  it('survives a restart mid-round: the new driver settles it from the chain, nothing paid twice or lost', async () => {
    const round = await bettingRoundReaching(300);
    const [auto, reached, hand] = await Promise.all([0, 1, 2].map(() => newPlayer(test, 10_00n)));
    const autoBet = await bet(auto!, { roundId: round.roundId, amount: 1, autoCashout: 1.5 });
    const reachedBet = await bet(reached!, { roundId: round.roundId, amount: 1, autoCashout: 2.5 });
    const handBet = await bet(hand!, { roundId: round.roundId, amount: 1 });
    await tick(round.startsAt);
    // The curve passes 1.5×: the first driver pays that target, then dies before the 2.5× target comes.
    await tick(round.startsAt + crashElapsedMsFor(160));
    expect(await balances(test, auto!)).toEqual({ balance: 10.5, freeBalance: 0 });
    await test.ctx.db.deleteFrom('game_drivers').where('game', '=', 'crash:0').execute();
    const second = new CrashEngine(
      test.ctx,
      test.ctx.config.roundChainLength,
      { bettingMs, pauseMs },
      runtime.clock,
    );
    const end = round.startsAt + round.crashMs + CRASH_SETTLE_GRACE_MS;
    await tick(end, second);
    await tick(end + 1, second);
    await tick(end + 2, second);
    expect((await state()).history[0].roundId).toBe(round.roundId);
    expect(await balances(test, auto!)).toEqual({ balance: 10.5, freeBalance: 0 });
    expect(await balances(test, reached!)).toEqual({ balance: 11.5, freeBalance: 0 });
    expect(await balances(test, hand!)).toEqual({ balance: 9, freeBalance: 0 });
    expect(await payoutsOf(autoBet.data.betId)).toBe(1);
    expect(await payoutsOf(reachedBet.data.betId)).toBe(1);
    const settled = await test.ctx.db
      .selectFrom('game_bets')
      .select(['status', 'payout_cents'])
      .where('id', '=', BigInt(handBet.data.betId))
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'settled', payout_cents: 0n });
    // The next round opens after the pause, with the next link of the chain.
    await tick(clock + pauseMs, second);
    expect(await state()).toMatchObject({ roundId: round.roundId + 1, phase: 'betting' });
    await expectBooksBalanced(test);
  });
});
