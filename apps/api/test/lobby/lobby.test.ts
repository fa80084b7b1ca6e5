import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newPlayer, type Player } from '../games/helpers.ts';
import { launch, slotsApp } from '../slots/helpers.ts';

/**
 * The lobby (issue 34, docs/decisions/0060): GET /api/app/games/recent lists the games one player played last,
 * in-house bets and slot sessions together, newest first, and nobody else's; GET /api/app/games/badges marks the games
 * that joined the catalogue lately (not a provider's launch set) and the most played this week.
 */
describe('lobby: recently played and new games', () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  beforeAll(async () => {
    test = await slotsApp();
  });
  afterAll(async () => test.close());

  const diceBet = (player: Player) =>
    call(
      test,
      'POST',
      '/api/app/game/dice/bet',
      player.token,
      { amount: '1.00', target: 50, direction: 'under' },
      {
        'idempotency-key': randomUUID(),
      },
    );

  /** Moves the player's newest row of a game back in time, so the order does not hang on the clock's grain. */
  async function playedAgo(player: Player, code: string, minutes: number) {
    const at = new Date(Date.now() - minutes * 60_000);
    await test.ctx.db
      .updateTable('game_bets')
      .set({ created_at: at })
      .where('user_id', '=', player.userId)
      .where('game', '=', code as 'dice')
      .execute();
    await test.ctx.db
      .updateTable('slot_sessions')
      .set({ opened_at: at })
      .where('user_id', '=', player.userId)
      .where('game_code', '=', code)
      .execute();
  }

  // First: the new list is counted once a minute, and any later call of this file would count it before.
  it('marks as new a game that joined after its provider’s launch set, for 30 days, and not a stopped one', async () => {
    const day = 24 * 3600_000;
    const launchAt = new Date(Date.now() - 40 * day);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ added_at: launchAt })
      .where('group_code', '=', 'BG')
      .execute();
    await test.ctx.db
      .insertInto('game_catalog')
      .values(
        [
          ['bg-test-new', new Date(Date.now() - 2 * day), false],
          ['bg-test-old', new Date(Date.now() - 31 * day), false],
          ['bg-test-stopped', new Date(Date.now() - day), true],
        ].map(([code, added, stop]) => ({
          code: code as string,
          game_type: 'SLOT',
          product_code: 'BG',
          group_code: 'BG' as const,
          name: String(code),
          icon: `/slots/${code}.svg`,
          added_at: added as Date,
          stop: stop as boolean,
        })),
      )
      .execute();
    // Hot: this week's most bet in-house games and the operator's marks.
    const player = await newPlayer(test, 10_000n);
    expect((await diceBet(player)).http).toBe(200);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ hot: true })
      .where('code', '=', 'pg-test-b')
      .execute();
    const badges = await call(test, 'GET', '/api/app/games/badges');
    expect(badges.http).toBe(200);
    const codes = badges.data.newCodes as string[];
    expect(codes).toContain('bg-test-new');
    expect(codes).not.toContain('bg-test-old');
    expect(codes).not.toContain('bg-test-stopped');
    // The launch set (the provider's first listing) is not "new", nor are the in-house games that predate it.
    expect(codes).not.toContain('bg-test-a');
    expect(codes).not.toContain('dice');
    expect(badges.data.hotCodes).toEqual(expect.arrayContaining(['dice', 'pg-test-b']));
    expect(badges.data.hotCodes).not.toContain('luckyColor');
    expect(badges.data.hotCodes).not.toContain('pg-test-a');
  });

  it('lists the in-house games and the slots the player played, newest first, each once, and only theirs', async () => {
    const player = await newPlayer(test, 10_000n);
    const other = await newPlayer(test, 10_000n);
    expect((await call(test, 'GET', '/api/app/games/recent', player.token)).data.records).toEqual([]);

    for (let bet = 0; bet < 3; bet++) expect((await diceBet(player)).http).toBe(200);
    await playedAgo(player, 'dice', 30);
    await launch(test, player.token, 'PG', 'pg-test-a');
    await playedAgo(player, 'pg-test-a', 20);
    const limbo = await call(
      test,
      'POST',
      '/api/app/game/limbo/bet',
      player.token,
      { amount: '1.00', target: 2 },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(limbo.http).toBe(200);
    // Another player's games never show in this player's list.
    await launch(test, other.token, 'EVO', 'evo-test-b');
    expect((await diceBet(other)).http).toBe(200);

    const recent = await call(test, 'GET', '/api/app/games/recent?size=10', player.token);
    expect(recent.http).toBe(200);
    const records = recent.data.records as {
      value: string;
      gameType: string;
      icon: string;
      playedAt: number;
    }[];
    expect(records.map((game) => game.value)).toEqual(['limbo', 'pg-test-a', 'dice']);
    expect(records[0]).toMatchObject({ gameType: 'limbo', productCode: 'SELF', icon: '/games/limbo.svg' });
    expect(records[1]).toMatchObject({ gameType: 'SLOT', productCode: 'PG' });
    expect(records[0]!.playedAt).toBeGreaterThan(records[1]!.playedAt);

    // Playing dice again brings it to the front.
    expect((await diceBet(player)).http).toBe(200);
    const again = await call(test, 'GET', '/api/app/games/recent?size=2', player.token);
    expect(again.data.records.map((game: { value: string }) => game.value)).toEqual(['dice', 'limbo']);

    const otherList = await call(test, 'GET', '/api/app/games/recent', other.token);
    expect(otherList.data.records.map((game: { value: string }) => game.value).sort()).toEqual([
      'dice',
      'evo-test-b',
    ]);
  });

  it('asks for a login and refuses a size out of range', async () => {
    expect((await call(test, 'GET', '/api/app/games/recent')).http).toBe(401);
    const player = await newPlayer(test);
    expect((await call(test, 'GET', '/api/app/games/recent?size=99', player.token)).http).toBe(400);
  });
});
