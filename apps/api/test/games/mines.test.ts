import { minesLayout } from '@aposta/fair';
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
  sharedPostgresDatabase,
} from './helpers.ts';

/** C(n, k), computed here independently of @aposta/fair. */
function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** 0.99 · C(25, k) / C(25 − m, k) floored to hundredths. */
const cashoutHundredths = (mines: number, safe: number) =>
  (99n * choose(25, safe)) / choose(25 - mines, safe);

describe(`mines (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const post = (player: Player, path: string, body: Record<string, unknown>) =>
    call(test, 'POST', `/api/app/game/mines/${path}`, player.token, body);

  /** Starts a game and answers where its mines are (from the committed seeds, before the game starts). */
  async function start(player: Player, mines: number, amount: number | string = 1) {
    const secret = await secretServerSeed(test, player);
    const answer = await post(player, 'start', { amount, mines });
    expect(answer.http, answer.message).toBe(200);
    const layout = minesLayout(secret, mines).mineTiles;
    const safeTiles = [...Array(25).keys()].filter((tile) => !layout.includes(tile));
    return { ...answer.data, layout, safeTiles };
  }

  it('start takes the stake and answers the game, its nonce and the balances', async () => {
    const player = await newPlayer(test, 10_00n);
    const before = await seeds(test, player);
    const game = await start(player, 5, '2.50');
    expect(game).toMatchObject({
      gameId: expect.any(Number),
      mines: 5,
      nonce: before.nonce,
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      balance: 7.5,
      freeBalance: 0,
    });
    expect(await balances(test, player)).toEqual({ balance: 7.5, freeBalance: 0 });
    // The mines the server fixed are the ones the committed seeds give.
    const stored = await test.ctx.db
      .selectFrom('mines_games')
      .select('mine_tiles')
      .where('bet_id', '=', BigInt(game.gameId))
      .executeTakeFirstOrThrow();
    expect(stored.mine_tiles).toEqual(game.layout);
    // One open game at a time.
    const second = await post(player, 'start', { amount: 1, mines: 3 });
    expect(second.http).toBe(409);
    expect(await balances(test, player)).toEqual({ balance: 7.5, freeBalance: 0 });
    await post(player, 'reveal', { gameId: game.gameId, tile: game.layout[0] });
    await expectBooksBalanced(test);
  });

  it('a mine ends the game and loses the stake; the game then refuses reveals and cash-outs', async () => {
    const player = await newPlayer(test, 10_00n);
    const game = await start(player, 3);
    const safe = await post(player, 'reveal', { gameId: game.gameId, tile: game.safeTiles[0] });
    expect(safe.data).toMatchObject({ tile: game.safeTiles[0], safe: true, finished: false, payout: 0 });
    expect(safe.data.mineTiles).toBeUndefined();
    const bust = await post(player, 'reveal', { gameId: game.gameId, tile: game.layout[1] });
    expect(bust.http).toBe(200);
    expect(bust.data).toMatchObject({
      tile: game.layout[1],
      safe: false,
      revealed: [game.safeTiles[0], game.layout[1]],
      multiplier: 0,
      finished: true,
      payout: 0,
      mineTiles: game.layout,
    });
    expect(await balances(test, player)).toEqual({ balance: 9, freeBalance: 0 });
    expect((await post(player, 'reveal', { gameId: game.gameId, tile: game.safeTiles[1] })).http).toBe(409);
    expect((await post(player, 'cashout', { gameId: game.gameId })).http).toBe(409);
    expect((await call(test, 'GET', '/api/app/game/mines/active', player.token)).data).toBeNull();
    await expectBooksBalanced(test);
  });

  it('cash-out after k safe tiles pays floor(0.99·C(25,k)/C(25−m,k), 2 decimals) × stake', async () => {
    const player = await newPlayer(test, 1000_00n);
    let expected = 1000_00n;
    const cases = [
      [1, 1, 1],
      [1, 10, 3.33],
      [3, 1, 1],
      [3, 2, 10],
      [3, 5, 0.77],
      [5, 4, 2],
      [10, 3, 7.5],
      [20, 2, 1.11],
      [24, 1, 0.1],
      [2, 22, 1],
    ] as const;
    for (const [mines, safeCount, amount] of cases) {
      const game = await start(player, mines, amount);
      const stake = cents(amount);
      expected -= stake;
      for (let k = 1; k <= safeCount; k++) {
        const tile = game.safeTiles[k - 1];
        const reveal = await post(player, 'reveal', { gameId: game.gameId, tile });
        expect(reveal.http).toBe(200);
        const full = k === 25 - mines;
        expect(reveal.data).toMatchObject({ tile, safe: true, finished: full });
        expect(reveal.data.revealed).toEqual(game.safeTiles.slice(0, k));
        expect(reveal.data.multiplier).toBe(Number(cashoutHundredths(mines, k)) / 100);
      }
      const payout = (stake * cashoutHundredths(mines, safeCount)) / 100n;
      expected += payout;
      if (safeCount === 25 - mines) continue; // the board is clear: paid without a cash-out
      const cashout = await post(player, 'cashout', { gameId: game.gameId });
      expect(cashout.http).toBe(200);
      expect(cashout.data).toMatchObject({
        payout: Number(payout) / 100,
        multiplier: Number(cashoutHundredths(mines, safeCount)) / 100,
        mineTiles: game.layout,
      });
      expect(cents(cashout.data.balance), `${mines} mines, ${safeCount} safe, ${amount}`).toBe(expected);
      expect(await balances(test, player)).toEqual({
        balance: cashout.data.balance,
        freeBalance: cashout.data.freeBalance,
      });
      // Cashed out once: again is a 409 and pays nothing more.
      expect((await post(player, 'cashout', { gameId: game.gameId })).http).toBe(409);
    }
    expect(cents((await balances(test, player)).balance)).toBe(expected);
    await expectBooksBalanced(test);
  });

  it('a cash-out needs one safe tile first (409)', async () => {
    const player = await newPlayer(test, 10_00n);
    const game = await start(player, 3);
    const early = await post(player, 'cashout', { gameId: game.gameId });
    expect(early.http).toBe(409);
    expect((await call(test, 'GET', '/api/app/game/mines/active', player.token)).data.gameId).toBe(
      game.gameId,
    );
    await post(player, 'reveal', { gameId: game.gameId, tile: game.layout[0] });
  });

  it('clearing every safe tile finishes the game and pays at once', async () => {
    const player = await newPlayer(test, 100_00n);
    for (const [mines, amount] of [
      [24, 2],
      [20, 0.1],
    ] as const) {
      const stake = cents(amount);
      const before = cents((await balances(test, player)).balance);
      const game = await start(player, mines, amount);
      let last: Record<string, unknown> = {};
      for (const tile of game.safeTiles) {
        last = (await post(player, 'reveal', { gameId: game.gameId, tile })).data;
      }
      const payout = (stake * cashoutHundredths(mines, 25 - mines)) / 100n;
      expect(last).toMatchObject({
        finished: true,
        safe: true,
        payout: Number(payout) / 100,
        multiplier: Number(cashoutHundredths(mines, 25 - mines)) / 100,
        mineTiles: game.layout,
      });
      // A finished reveal moves money, so it carries the new balances.
      expect(cents(last.balance as number)).toBe(before - stake + payout);
      expect(await balances(test, player)).toEqual({ balance: last.balance, freeBalance: last.freeBalance });
      expect((await call(test, 'GET', '/api/app/game/mines/active', player.token)).data).toBeNull();
      expect((await post(player, 'cashout', { gameId: game.gameId })).http).toBe(409);
    }
    await expectBooksBalanced(test);
  });

  it('a win above the payout cap pays the cap', async () => {
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ payout_max_cents: 30_00n })
      .where('code', '=', 'mines')
      .execute();
    try {
      const player = await newPlayer(test, 100_00n);
      const game = await start(player, 24, 2);
      const done = await post(player, 'reveal', { gameId: game.gameId, tile: game.safeTiles[0] });
      expect(done.data.finished).toBe(true);
      expect(done.data.payout).toBe(30); // 2 × 24.75 = 49.50, capped
      expect((await balances(test, player)).balance).toBe(128);
    } finally {
      await test.ctx.db
        .updateTable('game_catalog')
        .set({ payout_max_cents: 10000000n })
        .where('code', '=', 'mines')
        .execute();
    }
    await expectBooksBalanced(test);
  });

  it('revealing a revealed tile is 409; bad input is 400', async () => {
    const player = await newPlayer(test, 10_00n);
    for (const mines of [0, 25, 2.5, -1, 'x']) {
      expect((await post(player, 'start', { amount: 1, mines })).http, String(mines)).toBe(400);
    }
    expect((await post(player, 'start', { amount: 1 })).http).toBe(400);
    expect(await balances(test, player)).toEqual({ balance: 10, freeBalance: 0 });
    const game = await start(player, 2);
    const tile = game.safeTiles[0];
    expect((await post(player, 'reveal', { gameId: game.gameId, tile })).http).toBe(200);
    const again = await post(player, 'reveal', { gameId: game.gameId, tile });
    expect(again.http).toBe(409);
    expect(again.status).toBe(409);
    for (const bad of [-1, 25, 1.5, 'a']) {
      expect((await post(player, 'reveal', { gameId: game.gameId, tile: bad })).http, String(bad)).toBe(400);
    }
    expect((await post(player, 'reveal', { gameId: 'abc', tile: 1 })).http).toBe(400);
    expect((await post(player, 'reveal', { tile: 1 })).http).toBe(400);
    // The game goes on after the refusals.
    const active = (await call(test, 'GET', '/api/app/game/mines/active', player.token)).data;
    expect(active.revealed).toEqual([tile]);
    expect((await post(player, 'cashout', { gameId: game.gameId })).http).toBe(200);
  });

  it("another player's game, or an unknown one, is 404 to reveal and cash-out", async () => {
    const owner = await newPlayer(test, 10_00n);
    const other = await newPlayer(test, 10_00n);
    const game = await start(owner, 3);
    for (const answer of [
      await post(other, 'reveal', { gameId: game.gameId, tile: game.safeTiles[0] }),
      await post(other, 'cashout', { gameId: game.gameId }),
      await post(owner, 'reveal', { gameId: 999_999_999, tile: 0 }),
      await post(owner, 'cashout', { gameId: 999_999_999 }),
    ]) {
      expect(answer.http).toBe(404);
      expect(answer.status).toBe(404);
    }
    expect((await call(test, 'GET', '/api/app/game/mines/active', other.token)).data).toBeNull();
    // Untouched by the stranger.
    const active = (await call(test, 'GET', '/api/app/game/mines/active', owner.token)).data;
    expect(active.revealed).toEqual([]);
    await post(owner, 'reveal', { gameId: game.gameId, tile: game.layout[0] });
  });

  it('active answers the open game without its mines, or null', async () => {
    const player = await newPlayer(test, 10_00n);
    const active = () => call(test, 'GET', '/api/app/game/mines/active', player.token);
    expect((await active()).data).toBeNull();
    expect((await call(test, 'GET', '/api/app/game/mines/active')).http).toBe(401);
    const game = await start(player, 4, 1.5);
    await post(player, 'reveal', { gameId: game.gameId, tile: game.safeTiles[0] });
    await post(player, 'reveal', { gameId: game.gameId, tile: game.safeTiles[1] });
    const answer = await active();
    expect(answer.data).toEqual({
      gameId: game.gameId,
      mines: 4,
      amount: 1.5,
      revealed: game.safeTiles.slice(0, 2),
      nonce: game.nonce,
      multiplier: Number(cashoutHundredths(4, 2)) / 100,
    });
    expect(JSON.stringify(answer)).not.toMatch(/mineTiles|mine_tiles/);
    await post(player, 'cashout', { gameId: game.gameId });
    expect((await active()).data).toBeNull();
  });

  it('two reveals at once of the last safe tiles pay once', async () => {
    const player = await newPlayer(test, 10_00n);
    const game = await start(player, 23);
    const answers = await Promise.all(
      game.safeTiles.map((tile: number) => post(player, 'reveal', { gameId: game.gameId, tile })),
    );
    expect(answers.map((answer) => answer.http).sort()).toEqual([200, 200]);
    const finished = answers.filter((answer) => answer.data.finished);
    expect(finished).toHaveLength(1);
    const cashouts = await Promise.all([1, 2, 3].map(() => post(player, 'cashout', { gameId: game.gameId })));
    expect(cashouts.every((answer) => answer.http === 409)).toBe(true);
    const payout = (100n * cashoutHundredths(23, 2)) / 100n;
    expect(cents((await balances(test, player)).balance)).toBe(10_00n - 100n + payout);
    await expectBooksBalanced(test);
  });

  it.skipIf(TEST_DATABASE !== 'postgres')(
    'an open game survives a new app instance on the same database',
    async () => {
      const database = await sharedPostgresDatabase();
      try {
        const first = await database.app();
        const player = await newPlayer(first, 10_00n);
        const secret = await (async () => {
          const answer = await call(first, 'GET', '/api/app/fair/seeds', player.token);
          const row = await first.ctx.db
            .selectFrom('fair_seed_pairs')
            .select(['server_seed', 'client_seed'])
            .where('user_id', '=', player.userId)
            .where('active', '=', true)
            .executeTakeFirstOrThrow();
          return { serverSeedHex: row.server_seed, clientSeed: row.client_seed, nonce: answer.data.nonce };
        })();
        const layout = minesLayout(secret, 5).mineTiles;
        const safeTiles = [...Array(25).keys()].filter((tile) => !layout.includes(tile));
        const started = await call(first, 'POST', '/api/app/game/mines/start', player.token, {
          amount: 2,
          mines: 5,
        });
        expect(started.http).toBe(200);
        const gameId = started.data.gameId;
        await call(first, 'POST', '/api/app/game/mines/reveal', player.token, { gameId, tile: safeTiles[0] });
        await first.close();

        const second = await database.app();
        try {
          // The same session token still works: sessions live in the database too.
          const active = await call(second, 'GET', '/api/app/game/mines/active', player.token);
          expect(active.data).toMatchObject({ gameId, mines: 5, revealed: [safeTiles[0]], amount: 2 });
          const reveal = await call(second, 'POST', '/api/app/game/mines/reveal', player.token, {
            gameId,
            tile: safeTiles[1],
          });
          expect(reveal.data).toMatchObject({ safe: true, revealed: [safeTiles[0], safeTiles[1]] });
          const cashout = await call(second, 'POST', '/api/app/game/mines/cashout', player.token, { gameId });
          expect(cashout.http).toBe(200);
          expect(cashout.data.mineTiles).toEqual(layout);
          const payout = (200n * cashoutHundredths(5, 2)) / 100n;
          expect(cents(cashout.data.balance)).toBe(10_00n - 200n + payout);
          await expectBooksBalanced(second);
        } finally {
          await second.close();
        }
      } finally {
        await database.drop();
      }
    },
  );
});
