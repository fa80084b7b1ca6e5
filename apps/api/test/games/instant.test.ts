import {
  applyMultiplier,
  diceMultiplier,
  diceRoll,
  doubleColor,
  limboResult,
  rowDoubleRoll,
} from '@aposta/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import {
  balances,
  call,
  cents,
  expectBooksBalanced,
  newPlayer,
  type Player,
  secretServerSeed,
  seeds,
} from './helpers.ts';

/** Dice, limbo and row double: answers, money, and the bet's verifiability (api-contract section 10). */
describe(`instant games (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const bet = (player: Player, game: 'dice' | 'limbo' | 'rowDouble', body: Record<string, unknown>) =>
    call(test, 'POST', `/api/app/game/${game}/bet`, player.token, body);

  /** The fields every bet answer carries, and its balances agree with getBalance. */
  async function expectBetAnswer(player: Player, data: Record<string, unknown>) {
    expect(data).toMatchObject({
      betId: expect.any(Number),
      win: expect.any(Boolean),
      multiplier: expect.any(Number),
      payout: expect.any(Number),
      nonce: expect.any(Number),
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.any(String),
      balance: expect.any(Number),
      freeBalance: expect.any(Number),
    });
    const now = await balances(test, player);
    expect({ balance: data.balance, freeBalance: data.freeBalance }).toEqual(now);
  }

  it('bets need a login', async () => {
    const answer = await call(test, 'POST', '/api/app/game/dice/bet', undefined, {
      amount: 1,
      target: 50,
      direction: 'under',
    });
    expect(answer.http).toBe(401);
    expect(answer.status).toBe(40101);
  });

  it('dice: roll from the seeds, win on the right side, payout = floor(stake × multiplier)', async () => {
    const player = await newPlayer(test, 1000_00n);
    const secret = await secretServerSeed(test, player);
    let expectedCents = 1000_00n;
    const cases = [
      { amount: 1, target: 50, direction: 'under' },
      { amount: '2.50', target: 50, direction: 'over' },
      { amount: 3.33, target: 1.5, direction: 'under' },
      { amount: 7.77, target: 98, direction: 'under' },
      { amount: 10, target: 2, direction: 'over' },
      { amount: '0.10', target: 33.33, direction: 'over' },
      { amount: 12.34, target: 77.18, direction: 'under' },
    ] as const;
    for (let round = 0; round < 4; round++) {
      for (const body of cases) {
        const answer = await bet(player, 'dice', body);
        expect(answer.http, JSON.stringify(answer)).toBe(200);
        const data = answer.data;
        await expectBetAnswer(player, data);
        expect(data.nonce).toBe(secret.nonce);
        const roll = diceRoll({ ...secret });
        secret.nonce += 1;
        expect(data.roll).toBe(roll);
        const win = body.direction === 'under' ? roll < body.target : roll > body.target;
        expect(data.win).toBe(win);
        const multiplier = diceMultiplier({
          direction: body.direction,
          targetHundredths: Math.round(body.target * 100),
        });
        const stake = cents(Number(body.amount));
        const payoutCents = win ? applyMultiplier(stake, multiplier) : 0n;
        expect(data.payout).toBe(Number(payoutCents) / 100);
        expect(data.multiplier).toBeCloseTo(
          Number(multiplier.numerator) / Number(multiplier.denominator),
          10,
        );
        // floor(stake × multiplier) with the multiplier shown.
        if (win) expect(data.payout).toBe(Math.floor(Number(stake) * data.multiplier + 1e-9) / 100);
        expectedCents += payoutCents - stake;
        expect(cents(data.balance)).toBe(expectedCents);
      }
    }
    await expectBooksBalanced(test);
  });

  it('limbo: result from the seeds, wins when it reaches the target and pays the target', async () => {
    const player = await newPlayer(test, 1000_00n);
    const secret = await secretServerSeed(test, player);
    let expectedCents = 1000_00n;
    for (const target of [1.01, 1.5, 2, 3.33, 10, 100, 1.28]) {
      for (let repeat = 0; repeat < 3; repeat++) {
        const answer = await bet(player, 'limbo', { amount: '1.37', target });
        expect(answer.http, JSON.stringify(answer)).toBe(200);
        const data = answer.data;
        await expectBetAnswer(player, data);
        const result = limboResult({ ...secret });
        secret.nonce += 1;
        expect(data.result).toBe(result);
        expect(data.multiplier).toBe(target);
        expect(data.win).toBe(result >= target);
        const payoutCents = result >= target ? (137n * BigInt(Math.round(target * 100))) / 100n : 0n;
        expect(data.payout).toBe(Number(payoutCents) / 100);
        expectedCents += payoutCents - 137n;
        expect(cents(data.balance)).toBe(expectedCents);
      }
    }
    await expectBooksBalanced(test);
  });

  it('row double: roll and color from the seeds; red/black pay 2×, white 14×', async () => {
    const player = await newPlayer(test, 1000_00n);
    const secret = await secretServerSeed(test, player);
    let expectedCents = 1000_00n;
    for (let n = 0; n < 10; n++) {
      for (const color of ['red', 'black', 'white'] as const) {
        const answer = await bet(player, 'rowDouble', { amount: 2.5, color });
        expect(answer.http, JSON.stringify(answer)).toBe(200);
        const data = answer.data;
        await expectBetAnswer(player, data);
        const roll = rowDoubleRoll({ ...secret });
        secret.nonce += 1;
        expect(data.roll).toBe(roll);
        expect(data.color).toBe(doubleColor(roll));
        const multiplier = color === 'white' ? 14 : 2;
        expect(data.multiplier).toBe(multiplier);
        expect(data.win).toBe(doubleColor(roll) === color);
        const payoutCents = data.win ? 250n * BigInt(multiplier) : 0n;
        expect(data.payout).toBe(Number(payoutCents) / 100);
        expectedCents += payoutCents - 250n;
        expect(cents(data.balance)).toBe(expectedCents);
      }
    }
    await expectBooksBalanced(test);
  });

  it('refuses bad targets and picks with 400 and moves nothing', async () => {
    const player = await newPlayer(test, 10_00n);
    const refused = [
      bet(player, 'dice', { amount: 1, target: 0, direction: 'under' }),
      bet(player, 'dice', { amount: 1, target: 100, direction: 'over' }),
      bet(player, 'dice', { amount: 1, target: 98.01, direction: 'under' }),
      bet(player, 'dice', { amount: 1, target: 50.555, direction: 'under' }),
      bet(player, 'dice', { amount: 1, target: 101, direction: 'under' }),
      bet(player, 'dice', { amount: 1, target: 50, direction: 'sideways' }),
      bet(player, 'dice', { amount: 1, target: 50 }),
      bet(player, 'limbo', { amount: 1, target: 1 }),
      bet(player, 'limbo', { amount: 1, target: 2.005 }),
      bet(player, 'limbo', { amount: 1, target: 1_000_001 }),
      bet(player, 'rowDouble', { amount: 1, color: 'green' }),
      bet(player, 'rowDouble', { amount: 1 }),
    ];
    for (const answer of await Promise.all(refused)) {
      expect(answer.http, JSON.stringify(answer)).toBe(400);
      expect(answer.status).toBe(400);
      expect(answer.message.length).toBeGreaterThan(0);
    }
    expect(await balances(test, player)).toEqual({ balance: 10, freeBalance: 0 });
    expect((await seeds(test, player)).nonce).toBe(0);
  });

  it("opens a new player's seed pair with the first bets, even several at once, each with its own nonce", async () => {
    const player = await newPlayer(test, 10_00n);
    const first = await Promise.all(
      [1, 2, 3, 4, 5].map(() => bet(player, 'dice', { amount: 1, target: 50, direction: 'over' })),
    );
    expect(first.map((answer) => answer.data.nonce).sort()).toEqual([0, 1, 2, 3, 4]);
    const pair = await seeds(test, player);
    expect(pair.nonce).toBe(5);
    expect(new Set(first.map((answer) => answer.data.serverSeedHash))).toEqual(
      new Set([pair.serverSeedHash]),
    );
    await expectBooksBalanced(test);
  });

  describe('bets history', () => {
    const history = (player: Player, query = '') =>
      call(test, 'GET', `/api/app/game/bets${query ? `?${query}` : ''}`, player.token);

    it("lists only the caller's bets, newest first, with a game filter and pages", async () => {
      expect((await call(test, 'GET', '/api/app/game/bets')).http).toBe(401);
      const alice = await newPlayer(test, 100_00n);
      const bob = await newPlayer(test, 100_00n);
      const placed: { betId: number; game: string; amount: number; payout: number }[] = [];
      const games = ['dice', 'limbo', 'rowDouble', 'dice', 'limbo', 'dice', 'rowDouble'] as const;
      const bodies = {
        dice: { target: 50, direction: 'over' },
        limbo: { target: 1.5 },
        rowDouble: { color: 'black' },
      };
      for (const [n, game] of games.entries()) {
        const amount = 1 + n / 10;
        const answer = await bet(alice, game, { amount, ...bodies[game] });
        placed.push({ betId: answer.data.betId, game, amount, payout: answer.data.payout });
        await bet(bob, 'dice', { amount: 1, target: 50, direction: 'under' });
      }
      const all = await history(alice);
      expect(all.http).toBe(200);
      expect(all.data.total).toBe(games.length);
      expect(all.data.records.map((record: { betId: number }) => record.betId)).toEqual(
        placed.map((entry) => entry.betId).reverse(),
      );
      const times = all.data.records.map((record: { time: number }) => record.time);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const record of all.data.records) {
        const entry = placed.find((one) => one.betId === record.betId)!;
        expect(record).toMatchObject({
          betId: entry.betId,
          game: entry.game,
          amount: entry.amount,
          payout: entry.payout,
          multiplier: expect.any(Number),
          result: expect.any(Object),
          time: expect.any(Number),
        });
        expect(Math.abs(record.time - Date.now())).toBeLessThan(120_000);
      }
      // bob sees his own only.
      const bobs = await history(bob, 'size=100');
      expect(bobs.data.total).toBe(games.length);
      for (const record of bobs.data.records) {
        expect(placed.some((entry) => entry.betId === record.betId)).toBe(false);
      }

      const dice = await history(alice, 'game=dice');
      expect(dice.data.total).toBe(3);
      expect(dice.data.records.every((record: { game: string }) => record.game === 'dice')).toBe(true);
      expect((await history(alice, 'game=mines')).data).toEqual({ records: [], total: 0 });

      // Pages of 3: disjoint, in order, together the whole list.
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        const answer = await history(alice, `page=${page}&size=3`);
        expect(answer.data.total).toBe(games.length);
        pages.push(...answer.data.records.map((record: { betId: number }) => record.betId));
      }
      expect(pages).toEqual(all.data.records.map((record: { betId: number }) => record.betId));
      expect((await history(alice, 'page=3&size=3')).data.records).toHaveLength(1);
      expect((await history(alice, 'page=2&size=2&game=dice')).data.records).toHaveLength(1);

      for (const query of ['game=poker', 'page=0', 'size=0', 'size=101', 'page=abc']) {
        expect((await history(alice, query)).http, query).toBe(400);
      }
    });

    it("names each bet's seed pair, and its server seed only once the pair is rotated", async () => {
      const player = await newPlayer(test, 10_00n);
      const before = await seeds(test, player);
      await bet(player, 'dice', { amount: 1, target: 50, direction: 'over' });
      await bet(player, 'rowDouble', { amount: 1, color: 'red' });
      const active = (await history(player)).data.records;
      expect(active.map((record: { game: string; nonce: number }) => [record.game, record.nonce])).toEqual([
        ['rowDouble', 1],
        ['dice', 0],
      ]);
      for (const record of active) {
        expect(record.fair).toEqual({
          serverSeedHash: before.serverSeedHash,
          clientSeed: before.clientSeed,
          serverSeed: null,
        });
      }
      const rotated = await call(test, 'POST', '/api/app/fair/rotate', player.token, {});
      expect(rotated.http).toBe(200);
      const revealed = (await history(player)).data.records;
      for (const record of revealed) {
        expect(record.fair).toEqual({
          serverSeedHash: before.serverSeedHash,
          clientSeed: before.clientSeed,
          serverSeed: rotated.data.revealed.serverSeed,
        });
      }
      // A bet on the new pair shows the new pair, still hidden.
      await bet(player, 'dice', { amount: 1, target: 50, direction: 'over' });
      const [latest] = (await history(player, 'game=dice')).data.records;
      expect(latest.nonce).toBe(0);
      expect(latest.fair.serverSeedHash).toBe(before.nextServerSeedHash);
      expect(latest.fair.serverSeed).toBeNull();
    });

    it('an open mines game does not leak its mines; a finished one shows them', async () => {
      const player = await newPlayer(test, 10_00n);
      const start = await call(test, 'POST', '/api/app/game/mines/start', player.token, {
        amount: 1,
        mines: 5,
      });
      expect(start.http).toBe(200);
      const stored = await test.ctx.db
        .selectFrom('mines_games')
        .select('mine_tiles')
        .where('bet_id', '=', BigInt(start.data.gameId))
        .executeTakeFirstOrThrow();
      const safe = [...Array(25).keys()].find((tile) => !stored.mine_tiles.includes(tile))!;
      await call(test, 'POST', '/api/app/game/mines/reveal', player.token, {
        gameId: start.data.gameId,
        tile: safe,
      });
      const open = await history(player, 'game=mines');
      expect(open.data.total).toBe(1);
      const record = open.data.records[0];
      expect(record).toMatchObject({
        betId: start.data.gameId,
        game: 'mines',
        amount: 1,
        payout: 0,
        status: 'open',
      });
      const text = JSON.stringify(open.data);
      expect(text).not.toMatch(/mine_?[tT]iles/);
      expect(text).not.toContain(JSON.stringify(stored.mine_tiles));
      for (const key of Object.keys(record.result)) expect(['mines', 'revealed']).toContain(key);

      const cashout = await call(test, 'POST', '/api/app/game/mines/cashout', player.token, {
        gameId: start.data.gameId,
      });
      const done = (await history(player, 'game=mines')).data.records[0];
      expect(done).toMatchObject({
        status: 'settled',
        payout: cashout.data.payout,
        multiplier: cashout.data.multiplier,
      });
      expect(done.result.mineTiles).toEqual(stored.mine_tiles);
      expect(done.result.revealed).toEqual([safe]);
    });
  });
});
