import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import { balances, expectLedgerClean, newPlayer, type Player } from '../wallet/helpers.ts';
import { asOwner, createEngageApp, type EngageApp, get, post } from './helpers.ts';

/**
 * Daily sign-in (api-contract section 13): one claim per day of the player's own zone, a 7-day calendar that a
 * missed day restarts at day 1. The clock is moved with a fake Date (only Date: timers and the database's own
 * now() keep running), so "midnight" is the player's midnight, not the server's.
 */
describe(`daily sign-in (${TEST_DATABASE})`, () => {
  let app: EngageApp;
  beforeAll(async () => {
    app = await createEngageApp();
    await asOwner(app, 'POST', '/api/admin/signin/rewards', { rewards: [1, 2, 3, 4, 5, 6, 10] });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * Moves the process clock to hours after the next UTC midnight. The embedded database takes its now() from the
   * same clock, so the tests stay within the 7 days a token lives.
   */
  const base = Math.ceil(Date.now() / 86_400_000) * 86_400_000;
  const at = (hoursAfterBase: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(base + hoursAfterBase * 3_600_000));
  };

  async function playerInZone(zoneMinutes: number): Promise<Player> {
    const player = await newPlayer(app.test);
    await app.test.ctx.db
      .updateTable('users')
      .set({ zone_minutes: zoneMinutes })
      .where('id', '=', player.userId)
      .execute();
    return player;
  }

  const claim = (player: Player) => post(app, player, '/api/app/signin');
  const calendar = async (player: Player) => (await get(app, player, '/api/app/signin')).data;

  it('counts days at midnight in each player zone: Brasília (UTC-3) and Tokyo (UTC+9)', async () => {
    const brasilia = await playerInZone(-180);
    const tokyo = await playerInZone(540);

    at(2); // 02:00 UTC: 23:00 of the day before in Brasília, 11:00 in Tokyo
    expect(await calendar(brasilia)).toMatchObject({ today: 1, claimedToday: false, streak: 0 });
    const first = await claim(brasilia);
    expect(first.http, first.message).toBe(200);
    expect(first.data).toMatchObject({ day: 1, reward: 1, freeBalance: 1 });
    expect((await claim(tokyo)).data).toMatchObject({ day: 1, reward: 1 });
    const again = await claim(brasilia);
    expect(again.http).toBe(409);
    expect(again.status).toBe(409);

    at(3.5); // 00:30 in Brasília: a new day there; still 12:30 of the same day in Tokyo
    expect(await calendar(brasilia)).toMatchObject({ today: 2, claimedToday: false, streak: 1 });
    expect((await claim(brasilia)).data).toMatchObject({ day: 2, reward: 2, freeBalance: 3 });
    expect((await claim(tokyo)).http).toBe(409);
    const days = (await calendar(brasilia)).days;
    expect(days.map((day: { claimed: boolean }) => day.claimed)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);

    at(15.5); // 00:30 of the next day in Tokyo
    expect((await claim(tokyo)).data).toMatchObject({ day: 2, reward: 2 });
    await expectLedgerClean(app.test);
  });

  it('after day 7 the calendar starts again at day 1', async () => {
    const player = await playerInZone(0);
    at(24 + 1);
    // Days 1..7 claimed up to yesterday (as the claims of the six days before would have left them).
    await app.test.ctx.db
      .insertInto('signin_claims')
      .values({
        user_id: player.userId,
        player_day: new Date(base).toISOString().slice(0, 10),
        calendar_day: 7,
        amount_cents: 0n,
      })
      .execute();
    expect(await calendar(player)).toMatchObject({ today: 1, streak: 0, claimedToday: false });
    expect((await claim(player)).data).toMatchObject({ day: 1, reward: 1 });
  });

  it('two devices claiming at once are credited once', async () => {
    const player = await playerInZone(-180);
    at(24 + 12);
    const answers = await Promise.all([claim(player), claim(player), claim(player)]);
    expect(answers.map((answer) => answer.http).sort()).toEqual([200, 409, 409]);
    expect((await balances(app.test, player)).freeBalance).toBe(1);
    const bonus = (await get(app, player, '/api/app/bonus')).data;
    expect(bonus).toMatchObject({ freeBalance: 1, wagering: { required: 1, done: 0 } });
    expect(bonus.history).toEqual([{ kind: 'signin', amount: 1, time: expect.any(Number) }]);
    await expectLedgerClean(app.test);
  });

  it('a missed day restarts the calendar at day 1', async () => {
    const player = await playerInZone(-180);
    at(24 * 2 + 12);
    expect((await claim(player)).data.day).toBe(1);
    at(24 * 3 + 12);
    expect((await claim(player)).data.day).toBe(2);
    at(24 * 5 + 12); // a day passed without a claim
    expect(await calendar(player)).toMatchObject({ today: 1, streak: 0, claimedToday: false });
    expect((await claim(player)).data).toMatchObject({ day: 1, reward: 1 });
  });

  it('a retry with the same Idempotency-Key replays the first answer and credits nothing more', async () => {
    const player = await playerInZone(-180);
    at(24 * 5 + 20);
    const keyed = () =>
      app.test.app.inject({
        method: 'POST',
        url: '/api/app/signin',
        headers: { authorization: player.token, 'idempotency-key': `signin-${player.uId}` },
      });
    const first = await keyed();
    const retry = await keyed();
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);
    expect((await claim(player)).http).toBe(409);
    expect((await balances(app.test, player)).freeBalance).toBe(1);
  });
});
