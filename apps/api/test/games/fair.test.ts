import { diceRoll, doubleColor, hashServerSeed, limboResult, minesLayout, rowDoubleRoll } from '@aposta/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, expectBooksBalanced, newPlayer, type Player, seeds } from './helpers.ts';

/** Seeds, rotation and the public verifier (api-contract section 10). */
describe(`provably fair seeds (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const dice = (player: Player, extra: Record<string, unknown> = {}) =>
    call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 1,
      target: 50,
      direction: 'under',
      ...extra,
    });
  const rotate = (player: Player, body?: unknown) =>
    call(test, 'POST', '/api/app/fair/rotate', player.token, body);

  it('seeds need a login', async () => {
    expect((await call(test, 'GET', '/api/app/fair/seeds')).status).toBe(40101);
    expect((await call(test, 'POST', '/api/app/fair/rotate', undefined, {})).status).toBe(40101);
  });

  it('a new player has a committed pair at nonce 0; each bet adds one; a mines game is one nonce', async () => {
    const player = await newPlayer(test, 100_00n);
    const first = await seeds(test, player);
    expect(first.nonce).toBe(0);
    expect(first.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nextServerSeedHash).not.toBe(first.serverSeedHash);
    expect(first.clientSeed.length).toBeGreaterThan(0);
    // Asking again changes nothing.
    expect(await seeds(test, player)).toEqual(first);

    const bet = await dice(player);
    expect(bet.status).toBe(200);
    expect(bet.data.nonce).toBe(0);
    expect(bet.data.serverSeedHash).toBe(first.serverSeedHash);
    expect(bet.data.clientSeed).toBe(first.clientSeed);
    expect((await seeds(test, player)).nonce).toBe(1);
    const limbo = await call(test, 'POST', '/api/app/game/limbo/bet', player.token, { amount: 1, target: 2 });
    expect(limbo.data.nonce).toBe(1);
    const row = await call(test, 'POST', '/api/app/game/rowDouble/bet', player.token, {
      amount: 1,
      color: 'red',
    });
    expect(row.data.nonce).toBe(2);
    expect((await seeds(test, player)).nonce).toBe(3);

    const mines = await call(test, 'POST', '/api/app/game/mines/start', player.token, {
      amount: 1,
      mines: 24,
    });
    expect(mines.data.nonce).toBe(3);
    expect((await seeds(test, player)).nonce).toBe(4);
    // Revealing tiles does not use nonces: the whole game is the one nonce it started with.
    const reveal = await call(test, 'POST', '/api/app/game/mines/reveal', player.token, {
      gameId: mines.data.gameId,
      tile: 0,
    });
    expect(reveal.status).toBe(200);
    expect((await seeds(test, player)).nonce).toBe(4);
    if (!reveal.data.finished) {
      await call(test, 'POST', '/api/app/game/mines/cashout', player.token, { gameId: mines.data.gameId });
    }
    expect((await seeds(test, player)).nonce).toBe(4);
    await expectBooksBalanced(test);
  });

  it('rotation reveals the committed seed, promotes the next one and restarts the nonce', async () => {
    const player = await newPlayer(test, 100_00n);
    const before = await seeds(test, player);
    const bets = [];
    for (let n = 0; n < 3; n++) bets.push((await dice(player)).data);

    const rotated = await rotate(player, {});
    expect(rotated.status).toBe(200);
    const { revealed, current } = rotated.data;
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(revealed.clientSeed).toBe(before.clientSeed);
    expect(revealed.nonce).toBe(3);
    // The next seed committed to earlier is the one now in use.
    expect(current.serverSeedHash).toBe(before.nextServerSeedHash);
    expect(current.nonce).toBe(0);
    expect(current.clientSeed).toBe(before.clientSeed);
    expect(current.nextServerSeedHash).not.toBe(before.nextServerSeedHash);
    expect(await seeds(test, player)).toEqual(current);

    // Every earlier bet recomputes from the revealed seed.
    for (const bet of bets) {
      expect(
        diceRoll({ serverSeedHex: revealed.serverSeed, clientSeed: bet.clientSeed, nonce: bet.nonce }),
      ).toBe(bet.roll);
    }
    const next = await dice(player);
    expect(next.data.nonce).toBe(0);
    expect(next.data.serverSeedHash).toBe(before.nextServerSeedHash);

    // A second rotation reveals the promoted seed, which hashes to the earlier nextServerSeedHash.
    const again = (await rotate(player)).data;
    expect(hashServerSeed(again.revealed.serverSeed)).toBe(before.nextServerSeedHash);
    expect(again.revealed.nonce).toBe(1);
  });

  it('rotation takes a new client seed of 1..64 printable characters', async () => {
    const player = await newPlayer(test);
    const chosen = 'Meu-seed_da~sorte!#64';
    const rotated = await rotate(player, { clientSeed: chosen });
    expect(rotated.status).toBe(200);
    expect(rotated.data.current.clientSeed).toBe(chosen);
    expect((await seeds(test, player)).clientSeed).toBe(chosen);
    const longest = 'x'.repeat(64);
    expect((await rotate(player, { clientSeed: longest })).data.current.clientSeed).toBe(longest);
    expect((await rotate(player, { clientSeed: 'a' })).data.current.clientSeed).toBe('a');
    // Printable is not only ASCII: spaces and letters of any language are printable too.
    for (const clientSeed of ['minha sorte', 'ação', '幸運', 'ñ'.repeat(64)]) {
      expect((await rotate(player, { clientSeed })).data.current.clientSeed).toBe(clientSeed);
    }

    const current = await seeds(test, player);
    for (const clientSeed of [
      '',
      'x'.repeat(65),
      'ñ'.repeat(65),
      'tab\there',
      'line\nbreak',
      'nul\u0000',
      'del\u007f',
      'zero\u200bwidth',
    ]) {
      const refused = await rotate(player, { clientSeed });
      expect(refused.http, JSON.stringify(clientSeed)).toBe(400);
      expect(refused.status).toBe(400);
    }
    // Refusals changed nothing.
    expect(await seeds(test, player)).toEqual(current);
  });

  it('rotation is refused (409) while a mines game is open, and allowed once it ends', async () => {
    const player = await newPlayer(test, 10_00n);
    const start = await call(test, 'POST', '/api/app/game/mines/start', player.token, {
      amount: 1,
      mines: 3,
    });
    expect(start.status).toBe(200);
    const before = await seeds(test, player);
    const refused = await rotate(player, { clientSeed: 'novo' });
    expect(refused.http).toBe(409);
    expect(refused.status).toBe(409);
    expect(await seeds(test, player)).toEqual(before);

    const game = await test.ctx.db
      .selectFrom('mines_games')
      .select('mine_tiles')
      .where('bet_id', '=', BigInt(start.data.gameId))
      .executeTakeFirstOrThrow();
    const mine = game.mine_tiles[0]!;
    const bust = await call(test, 'POST', '/api/app/game/mines/reveal', player.token, {
      gameId: start.data.gameId,
      tile: mine,
    });
    expect(bust.data.finished).toBe(true);
    const rotated = await rotate(player, { clientSeed: 'novo' });
    expect(rotated.status).toBe(200);
    // The finished game's mines recompute from the revealed seed.
    expect(
      minesLayout(
        {
          serverSeedHex: rotated.data.revealed.serverSeed,
          clientSeed: start.data.clientSeed,
          nonce: start.data.nonce,
        },
        3,
      ).mineTiles,
    ).toEqual(game.mine_tiles);
  });

  describe('verify (public, no login)', () => {
    const verify = (query: Record<string, string | number>) =>
      call(
        test,
        'GET',
        `/api/app/fair/verify?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      );
    const knownSeeds = {
      serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
      clientSeed: 'bb62964774',
      nonce: 1,
    };

    it('reproduces the published dice and limbo answers', async () => {
      const dice = await verify({ game: 'dice', ...knownSeeds });
      expect(dice.http).toBe(200);
      expect(dice.data).toEqual({ roll: 77.18 });
      const limbo = await verify({ game: 'limbo', ...knownSeeds });
      expect(limbo.data).toEqual({ multiplier: 1.28 });
    });

    it('reproduces the published mines answers (sorted, 0-based)', async () => {
      const mineSeeds = {
        serverSeed: '5ff5c610e633b2a91c46d1be1f74286b',
        clientSeed: '854581b6f52eaa86503f1dc6433655f9',
      };
      for (const [nonce, mines, tiles] of [
        [0, 1, [6]],
        [1, 2, [1, 21]],
        [2, 3, [13, 16, 22]],
      ] as const) {
        const answer = await verify({ game: 'mines', ...mineSeeds, nonce, mines });
        expect(answer.http).toBe(200);
        expect(answer.data).toEqual({ mines: tiles });
      }
    });

    it('answers row double with roll and color', async () => {
      const answer = await verify({ game: 'rowDouble', ...knownSeeds });
      expect(answer.http).toBe(200);
      // The same first float as dice 77.18: floor(0.7718… · 15) = 11, black.
      expect(answer.data).toEqual({ roll: 11, color: 'black' });
      const seedsOf = { serverSeedHex: knownSeeds.serverSeed, clientSeed: knownSeeds.clientSeed, nonce: 1 };
      expect(answer.data.roll).toBe(rowDoubleRoll(seedsOf));
      expect(answer.data.color).toBe(doubleColor(rowDoubleRoll(seedsOf)));
    });

    it('agrees with real bets once their seed is revealed', async () => {
      const player = await newPlayer(test, 10_00n);
      const bet = await dice(player, { target: 60.5, direction: 'over' });
      const limbo = await call(test, 'POST', '/api/app/game/limbo/bet', player.token, {
        amount: 1,
        target: 3,
      });
      const row = await call(test, 'POST', '/api/app/game/rowDouble/bet', player.token, {
        amount: 1,
        color: 'white',
      });
      const { revealed } = (await rotate(player)).data;
      const base = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed };
      expect((await verify({ game: 'dice', ...base, nonce: bet.data.nonce })).data.roll).toBe(bet.data.roll);
      expect((await verify({ game: 'limbo', ...base, nonce: limbo.data.nonce })).data.multiplier).toBe(
        limbo.data.result,
      );
      expect((await verify({ game: 'rowDouble', ...base, nonce: row.data.nonce })).data).toEqual({
        roll: row.data.roll,
        color: row.data.color,
      });
      expect(
        limboResult({ serverSeedHex: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: 1 }),
      ).toBe(limbo.data.result);
    });

    it('refuses bad input with 400, never 500', async () => {
      const cases: Record<string, string | number>[] = [
        { ...knownSeeds, game: 'poker' },
        { ...knownSeeds, game: 'dice', serverSeed: knownSeeds.serverSeed.toUpperCase() },
        { ...knownSeeds, game: 'dice', serverSeed: 'xyz' },
        { ...knownSeeds, game: 'dice', serverSeed: `${knownSeeds.serverSeed}0` },
        { ...knownSeeds, game: 'dice', nonce: -1 },
        { ...knownSeeds, game: 'dice', nonce: 'abc' },
        { ...knownSeeds, game: 'dice', clientSeed: '' },
        { ...knownSeeds, game: 'mines' },
        { ...knownSeeds, game: 'mines', mines: 0 },
        { ...knownSeeds, game: 'mines', mines: 25 },
        { game: 'dice', serverSeed: knownSeeds.serverSeed, nonce: 1 },
      ];
      for (const query of cases) {
        const answer = await verify(query);
        expect(answer.http, JSON.stringify(query)).toBe(400);
        expect(answer.status).toBe(400);
      }
    });
  });
});
