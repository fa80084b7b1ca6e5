import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, registerPlayer } from '../harness.ts';
import { launch, slotsApp } from './helpers.ts';

/**
 * Home's slot rows (decision 0034): GET /api/app/game/hot ranks the open slots by the rounds everyone played
 * in the last 7 days; GET /api/app/game/recent lists the slots one player opened, newest first, and nobody
 * else's.
 */
describe('home slot rows: hot and recently played', () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  beforeAll(async () => {
    test = await slotsApp();
  });
  afterAll(async () => test.close());

  /** `count` rounds of `game` by the player of the session, `daysAgo` days back. */
  async function rounds(session: string, game: string, count: number, daysAgo = 0, status = 'closed') {
    const row = await test.ctx.db
      .selectFrom('slot_sessions')
      .select(['id', 'user_id', 'provider'])
      .where('token', '=', session)
      .executeTakeFirstOrThrow();
    const created = new Date(Date.now() - daysAgo * 24 * 3600_000);
    await test.ctx.db
      .insertInto('slot_rounds')
      .values(
        Array.from({ length: count }, (_, index) => ({
          provider: row.provider,
          round_ref: `lobby-${session.slice(0, 8)}-${game}-${daysAgo}-${status}-${index}`,
          user_id: row.user_id,
          session_id: row.id,
          game_code: game,
          status: status as 'closed',
          created_at: created,
        })),
      )
      .execute();
  }

  const get = (url: string, token?: string) =>
    test.app.inject({ url, ...(token ? { headers: auth(token) } : {}) }).then((response) => ({
      status: response.statusCode,
      body: response.json(),
    }));

  it('ranks the slots by this week’s rounds, ignores older and rolled-back ones, and fills up with the rest', async () => {
    const { token } = await registerPlayer(test);
    const evo = await launch(test, token, 'EVO', 'evo-test-b');
    await rounds(evo, 'evo-test-b', 5);
    const bg = await launch(test, token, 'BG', 'bg-test-a');
    await rounds(bg, 'bg-test-a', 3);
    // Last month's favourite and rounds whose stakes went back are not "hot".
    await rounds(bg, 'bg-test-a', 2, 0, 'rolled_back');
    const pg = await launch(test, token, 'PG', 'pg-test-b');
    await rounds(pg, 'pg-test-b', 50, 8);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ stop: true })
      .where('code', '=', 'pg-test-a')
      .execute();

    // A guest sees the row too: it is the casino's, not the player's.
    const hot = await get('/api/app/game/hot?size=5');
    expect(hot.status).toBe(200);
    const records = hot.body.data.records as {
      value: string;
      plays: number;
      gameType: string;
      icon: string;
    }[];
    expect(records.slice(0, 2).map((game) => [game.value, game.plays])).toEqual([
      ['evo-test-b', 5],
      ['bg-test-a', 3],
    ]);
    expect(records).toHaveLength(5);
    expect(records.every((game) => game.gameType === 'SLOT' && game.icon.startsWith('/slots/'))).toBe(true);
    expect(records.find((game) => game.value === 'pg-test-b')?.plays).toBe(0);
    // A stopped game is not advertised as hot.
    expect(records.map((game) => game.value)).not.toContain('pg-test-a');
    // No in-house game among the slots.
    expect(records.map((game) => game.value)).not.toContain('dice');
  });

  it('lists the slots a player opened, newest first and each once; a guest is asked to log in', async () => {
    const { token } = await registerPlayer(test);
    const other = await registerPlayer(test);
    expect((await get('/api/app/game/recent', token)).body.data.records).toEqual([]);

    await launch(test, token, 'PG', 'pg-test-b');
    await launch(test, token, 'BG', 'bg-test-b');
    await launch(test, token, 'PG', 'pg-test-b');
    await launch(test, other.token, 'EVO', 'evo-test-a');

    const recent = await get('/api/app/game/recent', token);
    expect(recent.status).toBe(200);
    expect(recent.body.data.records.map((game: { value: string }) => game.value)).toEqual([
      'pg-test-b',
      'bg-test-b',
    ]);
    expect(recent.body.data.records[0]).toMatchObject({ productCode: 'PG', icon: '/slots/pg-test-b.svg' });
    expect(recent.body.data.records[0].playedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await get('/api/app/game/recent?size=1', token)).body.data.records).toHaveLength(1);

    expect((await get('/api/app/game/recent')).status).toBe(401);
    expect((await get('/api/app/game/recent?size=500', token)).status).toBe(400);
  });
});
