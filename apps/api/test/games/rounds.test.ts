import { createHash } from 'node:crypto';
import {
  buildChainCheckpoints,
  chainSeedForRound,
  doubleColor,
  doubleRoundRoll,
  isRoundSeedInChain,
  luckyColorRoundNumber,
} from '@aposta/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoundEngine } from '../../src/modules/games/rounds.engine.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, cents, expectBooksBalanced, newPlayer, type Player } from './helpers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a lucky color pick pays on `number`, in hundredths: written out here, independently of @aposta/fair. */
function luckyPays(pick: string | number, number: number): number {
  const green = number % 2 === 1;
  const violet = number === 0 || number === 5;
  switch (pick) {
    case 'green':
      return green ? (violet ? 147 : 196) : 0;
    case 'red':
      return green ? 0 : violet ? 147 : 196;
    case 'violet':
      return violet ? 441 : 0;
    case 'big':
      return number >= 5 ? 196 : 0;
    case 'small':
      return number <= 4 ? 196 : 0;
    default:
      return pick === number ? 882 : 0;
  }
}

const PICKS = ['green', 'red', 'violet', 'big', 'small', 0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const PERIODS = [30, 60, 180, 300] as const;

/** Double and Lucky Color: rounds on published hash chains, driven by the engine's ticks (api-contract section 10). */
describe(`round games (${TEST_DATABASE})`, () => {
  let test: TestApp;
  /** The engine's clock: moved by hand, ahead of real time so that betting is open in the database's eyes. */
  let clock = Math.ceil(Date.now() / 900_000) * 900_000 + 900_000;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const tick = (at: number) => test.rounds.tick(new Date(at));
  const doubleState = async () => (await call(test, 'GET', '/api/app/game/double/state')).data;
  const luckyState = async (period: number) =>
    (await call(test, 'GET', `/api/app/game/luckyColor/state?period=${period}`)).data;
  const doubleBet = (player: Player, body: Record<string, unknown>) =>
    call(test, 'POST', '/api/app/game/double/bet', player.token, body);
  const luckyBet = (player: Player, body: Record<string, unknown>) =>
    call(test, 'POST', '/api/app/game/luckyColor/bet', player.token, body);
  const payouts = async (betId: number) =>
    test.ctx.db
      .selectFrom('ledger_transactions')
      .select(['id'])
      .where('code', '=', 'bet_payout')
      .where('reference_id', '=', String(betId))
      .execute();

  it('before the first round, the state already publishes the chain', async () => {
    const state = await doubleState();
    expect(state).toMatchObject({ roundId: 0, phase: 'complete', bets: [], history: [] });
    expect(state.chain.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.chain.salt.length).toBeGreaterThan(0);
    const lucky = await luckyState(60);
    expect(lucky).toMatchObject({ period: 60, phase: 'complete', history: [] });
    expect(lucky.chain.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(lucky.chain.terminatingHash).not.toBe(state.chain.terminatingHash);
  });

  it('a round whose betting time has passed (database clock) refuses bets with 409, even before the engine moves it', async () => {
    const player = await newPlayer(test, 10_00n);
    const past = Date.now() - 3_600_000;
    await tick(past);
    const double = await doubleState();
    expect(double.phase).toBe('betting');
    expect(double.endsAt).toBeLessThan(Date.now());
    const late = await doubleBet(player, { roundId: double.roundId, amount: 1, color: 'red' });
    expect(late.http).toBe(409);
    expect(late.status).toBe(409);
    for (const period of PERIODS) {
      const lucky = await luckyState(period);
      expect(lucky.phase).toBe('betting');
      const answer = await luckyBet(player, { period, issue: lucky.issue, amount: 1, pick: 'red' });
      expect(answer.http, `period ${period}`).toBe(409);
    }
    expect(await balances(test, player)).toEqual({ balance: 10, freeBalance: 0 });
    // Let those rounds finish, with no bets.
    await tick(past + 400_000);
    await tick(past + 800_000);
  });

  it('double: bet while betting, 409 once it closes, settled once, seed revealed and chained', async () => {
    const alice = await newPlayer(test, 100_00n);
    const bob = await newPlayer(test, 100_00n);
    clock += 900_000;
    await tick(clock); // closes whatever is open
    await tick(clock + 1);
    const state = await doubleState();
    expect(state.phase).toBe('betting');
    expect(state.endsAt).toBe(clock + 1 + 15_000);
    const roundId = state.roundId;
    expect(roundId).toBeGreaterThan(0);

    // 404 until settled.
    expect((await call(test, 'GET', `/api/app/game/double/rounds/${roundId}`)).http).toBe(404);

    const stakes = { red: 1, black: 2, white: 0.5 } as const;
    const betIds: Record<string, number> = {};
    for (const [color, amount] of Object.entries(stakes)) {
      const answer = await doubleBet(alice, { roundId, amount, color });
      expect(answer.http, answer.message).toBe(200);
      expect(answer.data).toMatchObject({ betId: expect.any(Number), roundId });
      expect({ balance: answer.data.balance, freeBalance: answer.data.freeBalance }).toEqual(
        await balances(test, alice),
      );
      betIds[color] = answer.data.betId;
    }
    const bobBet = await doubleBet(bob, { roundId, amount: '3.00', color: 'red' });
    expect(bobBet.status).toBe(200);
    expect((await balances(test, alice)).balance).toBe(96.5);
    const during = await doubleState();
    expect(during.bets).toHaveLength(4);
    for (const bet of during.bets) expect(bet.player).toMatch(/^.{2}\*\*\*$/);

    // Bad bets.
    expect((await doubleBet(alice, { roundId, amount: 1, color: 'green' })).http).toBe(400);
    expect((await doubleBet(alice, { roundId: roundId + 50, amount: 1, color: 'red' })).http).toBe(404);
    expect((await doubleBet(alice, { amount: 1, color: 'red' })).http).toBe(400);

    // Betting closes: the roll is fixed and shown while the wheel spins, the seed not yet.
    await tick(clock + 1 + 15_000);
    const rolling = await doubleState();
    expect(rolling.phase).toBe('rolling');
    expect(rolling.endsAt).toBe(clock + 1 + 25_000);
    expect(rolling.roll).toEqual(expect.any(Number));
    const late = await doubleBet(alice, { roundId, amount: 1, color: 'red' });
    expect(late.http).toBe(409);
    expect(late.status).toBe(409);
    expect((await call(test, 'GET', `/api/app/game/double/rounds/${roundId}`)).http).toBe(404);

    await tick(clock + 1 + 25_000);
    const round = await call(test, 'GET', `/api/app/game/double/rounds/${roundId}`);
    expect(round.http).toBe(200);
    const { roll, color, seed, hash } = round.data;
    expect(round.data.roundId).toBe(roundId);
    expect(roll).toBe(rolling.roll);
    expect(sha256(seed)).toBe(hash);
    expect(doubleRoundRoll(seed, state.chain.salt)).toBe(roll);
    expect(doubleColor(roll)).toBe(color);
    // Round id n is chain round n − 1: the seed hashes forward n times to the published terminating hash.
    expect(isRoundSeedInChain(seed, roundId - 1, state.chain.terminatingHash)).toBe(true);

    // Exactly one of alice's colours won, at 2× or 14×.
    const multiplier = color === 'white' ? 14 : 2;
    const aliceWin = cents(stakes[color as keyof typeof stakes]) * BigInt(multiplier);
    expect(cents((await balances(test, alice)).balance)).toBe(100_00n - 350n + aliceWin);
    const bobWin = color === 'red' ? 600n : 0n;
    expect(cents((await balances(test, bob)).balance)).toBe(100_00n - 300n + bobWin);

    // Ticking again (and again) pays nobody twice.
    for (let extra = 0; extra < 3; extra++) await tick(clock + 1 + 25_000 + extra);
    expect(cents((await balances(test, alice)).balance)).toBe(100_00n - 350n + aliceWin);
    for (const [betColor, betId] of Object.entries(betIds)) {
      expect(await payouts(betId), betColor).toHaveLength(betColor === color ? 1 : 0);
    }

    const after = await doubleState();
    expect(after.roundId).toBe(roundId + 1);
    expect(after.phase).toBe('betting');
    expect(after.history[0]).toEqual({ roundId, roll, color });
    // The bets history shows the settled bets.
    const history = (await call(test, 'GET', '/api/app/game/bets?game=double', alice.token)).data;
    expect(history.total).toBe(3);
    for (const record of history.records) {
      expect(record.status).toBe('settled');
      expect(record.result).toMatchObject({ outcome: roll, color });
      expect(record.payout).toBe(record.result.pick === color ? record.amount * multiplier : 0);
    }
    await expectBooksBalanced(test);
  });

  it('double: consecutive rounds reveal consecutive links of the chain', async () => {
    const state = await doubleState();
    const first = state.roundId;
    const rounds: { roundId: number; seed: string; roll: number }[] = [];
    for (let n = 0; n < 5; n++) {
      clock += 60_000;
      await tick(clock); // betting → rolling (or settles)
      await tick(clock + 30_000); // settles, opens the next
    }
    const last = (await doubleState()).roundId;
    expect(last).toBeGreaterThanOrEqual(first + 4);
    for (let roundId = first; roundId < last; roundId++) {
      const answer = await call(test, 'GET', `/api/app/game/double/rounds/${roundId}`);
      expect(answer.http, `round ${roundId}`).toBe(200);
      rounds.push(answer.data);
      expect(isRoundSeedInChain(answer.data.seed, roundId - 1, state.chain.terminatingHash)).toBe(true);
      expect(doubleRoundRoll(answer.data.seed, state.chain.salt)).toBe(answer.data.roll);
    }
    // Each revealed seed hashes to the one before it: no index was skipped or repeated.
    for (let n = 1; n < rounds.length; n++) expect(sha256(rounds[n]!.seed)).toBe(rounds[n - 1]!.seed);
    const indices = await test.ctx.db
      .selectFrom('game_rounds')
      .select('chain_index')
      .where('game', '=', 'double')
      .orderBy('chain_index')
      .execute();
    expect(indices.map((row) => row.chain_index)).toEqual(indices.map((_, n) => n));
    const rows = await test.ctx.db
      .selectFrom('game_rounds')
      .select(['round_key', 'chain_index'])
      .where('game', '=', 'double')
      .execute();
    for (const row of rows) expect(Number(row.round_key)).toBe(row.chain_index + 1);
    expect(await call(test, 'GET', '/api/app/game/double/rounds/0')).toMatchObject({ http: 400 });
    expect(await call(test, 'GET', '/api/app/game/double/rounds/abc')).toMatchObject({ http: 400 });
    expect(await call(test, 'GET', `/api/app/game/double/rounds/${last + 100}`)).toMatchObject({ http: 404 });
  });

  it('lucky color: every period takes every pick, closes 5 s before the draw and pays 1.96/1.47/4.41/8.82', async () => {
    const player = await newPlayer(test, 1000_00n);
    // All periods start a slot together every 15 minutes.
    clock = Math.ceil((clock + 900_000) / 900_000) * 900_000;
    await tick(clock);
    await tick(clock + 1);
    const opened: Record<number, { issue: string; chain: { terminatingHash: string; salt: string } }> = {};
    const betIds: Record<number, Map<number, string | number>> = {};
    let balance = 1000_00n;
    for (const period of PERIODS) {
      const state = await luckyState(period);
      expect(state).toMatchObject({ period, phase: 'betting', endsAt: clock + period * 1000 - 5000 });
      expect(state.issue).toMatch(new RegExp(`^\\d{8}${String(period).padStart(3, '0')}\\d{4}$`));
      opened[period] = state;
      betIds[period] = new Map();
      for (const pick of PICKS) {
        // Picks arrive as strings too ("7"), as a form would send them.
        const sent = typeof pick === 'number' && pick % 2 === 1 ? String(pick) : pick;
        const answer = await luckyBet(player, { period, issue: state.issue, amount: 1, pick: sent });
        expect(answer.http, `${period} ${pick}: ${answer.message}`).toBe(200);
        expect(answer.data).toMatchObject({ betId: expect.any(Number), issue: state.issue });
        balance -= 100n;
        expect(cents(answer.data.balance)).toBe(balance);
        betIds[period].set(answer.data.betId, pick);
      }
    }
    expect(await balances(test, player)).toEqual({ balance: Number(balance) / 100, freeBalance: 0 });

    for (const period of PERIODS) {
      const { issue, chain } = opened[period]!;
      // 404 until settled.
      expect((await call(test, 'GET', `/api/app/game/luckyColor/rounds/${period}/${issue}`)).http).toBe(404);
      // Betting closes 5 s before the draw.
      await tick(clock + period * 1000 - 5000);
      expect((await luckyState(period)).phase).toBe('rolling');
      const late = await luckyBet(player, { period, issue, amount: 1, pick: 'red' });
      expect(late.http).toBe(409);
      expect(late.status).toBe(409);
      await tick(clock + period * 1000);
      const round = await call(test, 'GET', `/api/app/game/luckyColor/rounds/${period}/${issue}`);
      expect(round.http).toBe(200);
      const { number, seed, hash } = round.data;
      expect(round.data.issue).toBe(issue);
      expect(sha256(seed)).toBe(hash);
      expect(luckyColorRoundNumber(seed, chain.salt)).toBe(number);
      const row = await test.ctx.db
        .selectFrom('game_rounds')
        .select('chain_index')
        .where('game', '=', 'luckyColor')
        .where('period_seconds', '=', period)
        .where('round_key', '=', issue)
        .executeTakeFirstOrThrow();
      expect(isRoundSeedInChain(seed, row.chain_index, chain.terminatingHash)).toBe(true);
      const state = await luckyState(period);
      expect(state.history[0]).toEqual({ issue, number });
      expect(state.issue).not.toBe(issue);

      for (const [betId, pick] of betIds[period]!) {
        const bet = await test.ctx.db
          .selectFrom('game_bets')
          .select(['payout_cents', 'status'])
          .where('id', '=', BigInt(betId))
          .executeTakeFirstOrThrow();
        expect(bet.status).toBe('settled');
        expect(Number(bet.payout_cents), `period ${period} pick ${pick} number ${number}`).toBe(
          luckyPays(pick, number),
        );
        balance += bet.payout_cents;
      }
    }
    expect(cents((await balances(test, player)).balance)).toBe(balance);
    // Ticking on pays nobody twice.
    await tick(clock + 301_000);
    await tick(clock + 302_000);
    expect(cents((await balances(test, player)).balance)).toBe(balance);
    await expectBooksBalanced(test);
  });

  it('lucky color: bad period, pick or issue', async () => {
    const player = await newPlayer(test, 10_00n);
    clock += 900_000;
    await tick(clock);
    await tick(clock + 1);
    for (const period of [0, 45, 120, 301, 'x']) {
      const state = await call(test, 'GET', `/api/app/game/luckyColor/state?period=${period}`);
      expect(state.http, `state ${period}`).toBe(400);
      expect(state.status).toBe(400);
      const bet = await luckyBet(player, { period, issue: '1', amount: 1, pick: 'red' });
      expect(bet.http, `bet ${period}`).toBe(400);
      expect((await call(test, 'GET', `/api/app/game/luckyColor/rounds/${period}/1`)).http).toBe(400);
    }
    expect((await call(test, 'GET', '/api/app/game/luckyColor/state')).http).toBe(400);
    const { issue } = await luckyState(60);
    for (const pick of ['blue', 10, '10', -1, '', 'GREEN', 1.5]) {
      const answer = await luckyBet(player, { period: 60, issue, amount: 1, pick });
      expect(answer.http, `pick ${JSON.stringify(pick)}`).toBe(400);
    }
    // An issue of another period, or none at all.
    const other = (await luckyState(30)).issue;
    expect((await luckyBet(player, { period: 60, issue: other, amount: 1, pick: 'red' })).http).toBe(404);
    expect((await luckyBet(player, { period: 60, issue: '123', amount: 1, pick: 'red' })).http).toBe(404);
    expect((await luckyBet(player, { period: 60, issue: 'abc', amount: 1, pick: 'red' })).http).toBe(400);
    expect(await balances(test, player)).toEqual({ balance: 10, freeBalance: 0 });
  });

  it('restart: a second engine drives only once the first one’s lease lapses, at the next chain index', async () => {
    const expireLeases = () =>
      test.ctx.db.executeQuery(
        sql`UPDATE game_drivers SET lease_until = now() - interval '1 minute'`.compile(test.ctx.db),
      );
    const latest = () =>
      test.ctx.db
        .selectFrom('game_rounds')
        .selectAll()
        .where('game', '=', 'double')
        .orderBy('chain_index', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
    const player = await newPlayer(test, 10_00n);
    const first = new RoundEngine(test.ctx, test.ctx.config.roundChainLength);
    const second = new RoundEngine(test.ctx, test.ctx.config.roundChainLength);
    await expireLeases(); // the app's own engine stands aside
    clock += 900_000;
    await first.tick(new Date(clock));
    await first.tick(new Date(clock + 1));
    const opened = await latest();
    expect(opened.phase).toBe('betting');
    const bet = await doubleBet(player, { roundId: Number(opened.round_key), amount: 1, color: 'black' });
    expect(bet.status).toBe(200);

    // While the first engine holds the lease, the second one moves nothing, however late its clock.
    await second.tick(new Date(clock + 60_000));
    expect(await latest()).toEqual(opened);
    await first.tick(new Date(clock + 1 + 15_000));
    expect((await latest()).phase).toBe('rolling');

    // The first engine dies: its lease runs out and the second takes over at the next index.
    await expireLeases();
    await second.tick(new Date(clock + 1 + 25_000));
    const next = await latest();
    expect(next.chain_index).toBe(opened.chain_index + 1);
    expect(next.phase).toBe('betting');
    const settled = await test.ctx.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('game', '=', 'double')
      .where('chain_index', '=', opened.chain_index)
      .executeTakeFirstOrThrow();
    expect(settled.phase).toBe('complete');
    // The first engine is back (a stale process): without the lease it does nothing.
    await first.tick(new Date(clock + 1 + 60_000));
    expect(await latest()).toEqual(next);
    // The second engine keeps going on the same chain.
    await second.tick(new Date(clock + 1 + 25_000 + 15_000));
    await second.tick(new Date(clock + 1 + 25_000 + 25_000));
    const third = await latest();
    expect(third.chain_index).toBe(opened.chain_index + 2);
    const seeds = await test.ctx.db
      .selectFrom('game_rounds')
      .select(['chain_index', 'seed'])
      .where('game', '=', 'double')
      .where('chain_index', 'in', [opened.chain_index, opened.chain_index + 1])
      .orderBy('chain_index')
      .execute();
    expect(sha256(seeds[1]!.seed!)).toBe(seeds[0]!.seed);
    const chain = await test.ctx.db
      .selectFrom('round_chains')
      .select(['terminating_hash', 'rounds_played'])
      .where('game', '=', 'double')
      .executeTakeFirstOrThrow();
    expect(isRoundSeedInChain(seeds[1]!.seed!, opened.chain_index + 1, chain.terminating_hash)).toBe(true);
    expect(chain.rounds_played).toBe(opened.chain_index + 2);
    // Every index once, none skipped, in every table.
    const all = await test.ctx.db
      .selectFrom('game_rounds')
      .select(['game', 'period_seconds', 'chain_index'])
      .orderBy('game')
      .orderBy('period_seconds')
      .orderBy('chain_index')
      .execute();
    const byTable = new Map<string, number[]>();
    for (const row of all) {
      const key = `${row.game}:${row.period_seconds}`;
      byTable.set(key, [...(byTable.get(key) ?? []), row.chain_index]);
    }
    expect(byTable.size).toBe(5);
    for (const [key, indices] of byTable) expect(indices, key).toEqual(indices.map((_, n) => n));
    // The black bet was settled exactly once, by the second engine.
    expect(await payouts(bet.data.betId)).toHaveLength(doubleColor(settled.outcome!) === 'black' ? 1 : 0);
    await expireLeases();
    await expectBooksBalanced(test);
  });

  it('the payout cap applies to what the pick can pay (2×/14×, 1.96×/4.41×/8.82×)', async () => {
    const player = await newPlayer(test, 100_00n);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ payout_max_cents: 10_00n })
      .where('code', 'in', ['double', 'luckyColor'])
      .execute();
    try {
      clock += 900_000;
      await tick(clock);
      await tick(clock + 1);
      const { roundId } = await doubleState();
      const { issue } = await luckyState(30);
      const cases: [() => Promise<{ http: number }>, number][] = [
        [() => doubleBet(player, { roundId, amount: 5, color: 'red' }), 200], // 10.00
        [() => doubleBet(player, { roundId, amount: 5.01, color: 'black' }), 400],
        [() => doubleBet(player, { roundId, amount: 0.71, color: 'white' }), 200], // 9.94; 0.72 → 10.08
        [() => doubleBet(player, { roundId, amount: 0.72, color: 'white' }), 400],
        [() => luckyBet(player, { period: 30, issue, amount: 5.1, pick: 'red' }), 200], // 1.96 × 5.10 = 9.99
        [() => luckyBet(player, { period: 30, issue, amount: 5.11, pick: 'big' }), 400],
        [() => luckyBet(player, { period: 30, issue, amount: 2.26, pick: 'violet' }), 200], // 9.96
        [() => luckyBet(player, { period: 30, issue, amount: 2.27, pick: 'violet' }), 400],
        [() => luckyBet(player, { period: 30, issue, amount: 1.13, pick: 7 }), 200], // 9.96
        [() => luckyBet(player, { period: 30, issue, amount: 1.14, pick: 7 }), 400],
      ];
      for (const [n, [place, expected]] of cases.entries())
        expect((await place()).http, `case ${n}`).toBe(expected);
    } finally {
      await test.ctx.db
        .updateTable('game_catalog')
        .set({ payout_max_cents: 10000000n })
        .where('code', 'in', ['double', 'luckyColor'])
        .execute();
    }
  });

  it('broadcasts gameRound to everyone on each phase change', async () => {
    const events: { event: string; payload: Record<string, unknown> }[] = [];
    const spy = vi.spyOn(test.ctx.realtime, 'broadcast').mockImplementation((event, payload) => {
      events.push({ event, payload: payload as Record<string, unknown> });
    });
    try {
      clock = Math.ceil((clock + 900_000) / 900_000) * 900_000;
      await tick(clock);
      await tick(clock + 1);
      const { roundId } = await doubleState();
      events.length = 0;
      await tick(clock + 1 + 15_000);
      await tick(clock + 1 + 25_000);
      const double = events.filter((entry) => entry.payload.game === 'double');
      expect(double.map((entry) => entry.event)).toEqual(['gameRound', 'gameRound', 'gameRound']);
      expect(double.map((entry) => entry.payload.phase)).toEqual(['rolling', 'complete', 'betting']);
      const round = (await call(test, 'GET', `/api/app/game/double/rounds/${roundId}`)).data;
      expect(double[0]!.payload).toMatchObject({
        roundId,
        phase: 'rolling',
        endsAt: clock + 1 + 25_000,
        roll: round.roll,
      });
      expect(double[1]!.payload).toMatchObject({ roundId, phase: 'complete', roll: round.roll });
      expect(double[2]!.payload).toMatchObject({
        roundId: roundId + 1,
        phase: 'betting',
        endsAt: clock + 1 + 25_000 + 15_000,
      });
      expect(double[2]!.payload.roll).toBeUndefined();
      await tick(clock + 30_000);
      const lucky = events.filter(
        (entry) => entry.payload.game === 'luckyColor' && entry.payload.period === 30,
      );
      expect(lucky.map((entry) => entry.payload.phase)).toEqual(['rolling', 'complete', 'betting']);
      const { issue } = (await call(test, 'GET', '/api/app/game/luckyColor/state?period=30')).data;
      expect(
        lucky.some((entry) => entry.payload.phase === 'complete' && typeof entry.payload.number === 'number'),
      ).toBe(true);
      expect(lucky.at(-1)!.payload).toMatchObject({ issue, phase: 'betting', endsAt: expect.any(Number) });
    } finally {
      spy.mockRestore();
    }
  });

  it('a chain at its end stops its game, whatever the configured length, and the other games go on', async () => {
    await test.ctx.db.executeQuery(
      sql`UPDATE game_drivers SET lease_until = now() - interval '1 minute'`.compile(test.ctx.db),
    );
    const chain = await test.ctx.db
      .selectFrom('round_chains')
      .select(['chain_secret', 'chain_length'])
      .where('game', '=', 'double')
      .executeTakeFirstOrThrow();
    const last = chain.chain_length - 2; // the last round the chain can play
    const seed = chainSeedForRound(buildChainCheckpoints(chain.chain_secret, chain.chain_length, 1000), last);
    await test.ctx.db
      .insertInto('game_rounds')
      .values({
        game: 'double',
        period_seconds: 0,
        round_key: String(last + 1),
        chain_index: last,
        phase: 'complete',
        betting_ends_at: new Date(clock),
        ends_at: new Date(clock),
        outcome: 1,
        seed,
        settled_at: new Date(clock),
      })
      .execute();
    const errors: unknown[] = [];
    const spy = vi.spyOn(test.ctx.log, 'error').mockImplementation(((...args: unknown[]) => {
      errors.push(args);
    }) as never);
    try {
      // An engine configured for a longer chain than the one published.
      const engine = new RoundEngine(test.ctx, 200_000);
      const luckyBefore = await luckyState(30);
      clock += 900_000;
      await engine.tick(new Date(clock));
      await engine.tick(new Date(clock + 1));
      const latest = await test.ctx.db
        .selectFrom('game_rounds')
        .select(['chain_index'])
        .where('game', '=', 'double')
        .orderBy('chain_index', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(latest.chain_index).toBe(last);
      expect(JSON.stringify(errors)).toContain('hash chain exhausted');
      const luckyAfter = await luckyState(30);
      expect(luckyAfter.issue).not.toBe(luckyBefore.issue);
      expect(luckyAfter.phase).toBe('betting');
    } finally {
      spy.mockRestore();
    }
  });
});
