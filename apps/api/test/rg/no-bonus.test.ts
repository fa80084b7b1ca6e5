import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { fundPlayer } from '../games/fund.ts';
import { CAPTCHA_BYPASS, TEST_DATABASE, uniqueEmail } from '../harness.ts';
import { createSportsbookApp, type SportsbookTestApp } from '../sportsbook/helpers.ts';
import { call, type Player } from '../wallet/helpers.ts';

/**
 * Issue 30: under REGULATORY_PROFILE=br-licensed no reward of any kind is paid (Lei 14.790/2023 art. 29; decision
 * 0036): the daily sign-in, an operator's award, an activity's award, the increase reward, a VIP level's reward and
 * invitation commissions are refused (409) and nothing is credited, for a player with no deposit and no KYC as
 * for any other. The open profile still pays.
 */
describe(`no reward of any kind under br-licensed (${TEST_DATABASE})`, () => {
  let licensed: SportsbookTestApp;
  let open: SportsbookTestApp;
  beforeAll(async () => {
    licensed = await createSportsbookApp({ regulatoryProfile: 'br-licensed' });
    open = await createSportsbookApp();
    for (const app of [licensed, open])
      await owner(app, 'POST', '/api/admin/signin/rewards', { rewards: [1, 2, 3, 4, 5, 6, 10] });
    // Two apps, each on its own migrated database: more than the default hook time on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await licensed?.close();
    await open?.close();
  });

  async function owner(app: SportsbookTestApp, method: 'GET' | 'POST', url: string, payload?: unknown) {
    const answer = await call(app.test, method, url, app.operatorToken, payload as Record<string, unknown>);
    expect(answer.http, answer.message).toBe(200);
    return answer.data;
  }

  /** A fresh player: no deposit, no KYC (registered with the deposit limit br-licensed asks for). */
  async function player(app: SportsbookTestApp): Promise<Player> {
    const username = uniqueEmail();
    const answer = await call(app.test, 'POST', '/api/auth/user/restRegister', undefined, {
      username,
      pwd: 'segredo123',
      pwd1: 'segredo123',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
      depositMonth: '5000',
      // The rest of what art. 31 asks at sign-up (decision 0055).
      lossMonth: '5000',
      sessionMinutes: 240,
      gender: 'undisclosed',
      addressLine: 'Rua A, 1',
      city: 'Recife',
      state: 'PE',
      postalCode: '50010000',
    });
    expect(answer.http, answer.message).toBe(200);
    const token = answer.data.access_token as string;
    const info = await call(app.test, 'GET', '/api/app/user/userInfo', token);
    return { token, username, uId: info.data.uId, userId: BigInt(info.data.uId) };
  }

  /** Everything the player holds in the ledger: cash, bonus and claimable commission, in centavos. */
  async function held(app: SportsbookTestApp, who: Player) {
    const rows = await sql<{ kind: string; cents: string }>`
      SELECT kind, balance_cents::text AS cents FROM ledger_accounts WHERE owner_user_id = ${who.userId}`.execute(
      app.test.ctx.db,
    );
    return Object.fromEntries(rows.rows.map((row) => [row.kind, BigInt(row.cents)]));
  }

  /** The reward postings ever made to the player. */
  async function rewardPostings(app: SportsbookTestApp, who: Player): Promise<number> {
    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions t
       WHERE (t.code LIKE '%\_reward' OR t.code = 'commission_claim')
         AND EXISTS (SELECT 1 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                      WHERE p.transaction_id = t.id AND a.owner_user_id = ${who.userId})`.execute(
      app.test.ctx.db,
    );
    return rows.rows[0]?.n ?? 0;
  }

  const refusedWith409 = (answer: { http: number; message?: string }) => {
    expect(answer.http, answer.message).toBe(409);
    expect(answer.message).toMatch(/licen/i);
  };

  it('the daily sign-in: refused, no claim written, nothing credited', async () => {
    const who = await player(licensed);
    const before = await held(licensed, who);
    refusedWith409(await call(licensed.test, 'POST', '/api/app/signin', who.token));
    const claims = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM signin_claims WHERE user_id = ${who.userId}`.execute(
      licensed.test.ctx.db,
    );
    expect(claims.rows[0]?.n).toBe(0);
    expect(await held(licensed, who)).toEqual(before);
  });

  it("an operator's award: not shown, and receiving it is refused with nothing credited", async () => {
    const who = await player(licensed);
    // The back office cannot grant one here.
    refusedWith409(
      await call(licensed.test, 'POST', '/api/admin/awards', licensed.operatorToken, {
        uIds: [who.uId],
        title: 'Presente',
        amount: 10,
      }),
    );
    // One granted before (say, under the open profile) is neither shown nor paid.
    await sql`INSERT INTO awards (user_id, title, amount_cents, activity_id, granted_by, received_at)
              VALUES (${who.userId}, 'Presente', 1000, NULL, NULL, NULL)`.execute(licensed.test.ctx.db);
    expect((await call(licensed.test, 'GET', '/api/app/main/gifts', who.token)).data).toEqual([]);
    expect((await call(licensed.test, 'GET', '/api/app/main/userGift', who.token)).data).toBe(0);
    const award = await sql<{
      id: string;
    }>`SELECT id::text FROM awards WHERE user_id = ${who.userId}`.execute(licensed.test.ctx.db);
    refusedWith409(
      await call(licensed.test, 'POST', `/api/app/main/gifts/${award.rows[0]!.id}/receive`, who.token),
    );
    expect(await held(licensed, who)).toEqual({});
  });

  it("an activity's award: never earned, whatever the player stakes", async () => {
    const activity = await owner(licensed, 'POST', '/api/admin/activities', {
      title: 'Aposte R$ 1',
      image: '/activities/a.png',
      summary: 'Ganhe R$ 3',
      content: 'Regras: aposte R$ 1 no período.',
      startsAt: Date.now() - 3_600_000,
      endsAt: Date.now() + 86_400_000,
      targetStake: 1,
      reward: 3,
      enabled: true,
      sort: 1,
    });
    // Not advertised: the running activities leave out those that pay a reward.
    const running = (await call(licensed.test, 'GET', '/api/app/activities')).data as { id: number }[];
    expect(running.map((item) => item.id)).not.toContain(activity.id);
    const who = await player(licensed);
    await fundPlayer(licensed.test, who.token, 5_00n);
    const bet = await call(licensed.test, 'POST', '/api/app/game/dice/bet', who.token, {
      amount: 2,
      target: 50,
      direction: 'under',
    });
    expect(bet.http, bet.message).toBe(200);
    expect((await call(licensed.test, 'GET', '/api/app/main/gifts', who.token)).data).toEqual([]);
    const awards = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM awards WHERE user_id = ${who.userId} AND activity_id = ${activity.id}`.execute(
      licensed.test.ctx.db,
    );
    expect(awards.rows[0]?.n).toBe(0);
    expect(await rewardPostings(licensed, who)).toBe(0);
  });

  it('the increase reward: no offer is made, and a waiting one is refused with nothing credited', async () => {
    await owner(licensed, 'POST', '/api/admin/increase', { threshold: 1, bouns: 1.5, enabled: true });
    const who = await player(licensed);
    await fundPlayer(licensed.test, who.token, 10_00n);
    const bet = await call(licensed.test, 'POST', '/api/app/game/dice/bet', who.token, {
      amount: 2,
      target: 50,
      direction: 'under',
    });
    expect(bet.http, bet.message).toBe(200);
    // An offer would be written by the stake's effects after commit, which run before its answer
    // (platform/after-commit.ts): nothing to wait for.
    const offers = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM increase_offers WHERE user_id = ${who.userId}`.execute(
      licensed.test.ctx.db,
    );
    expect(offers.rows[0]?.n).toBe(0);
    // An offer written before (say, under the open profile) is not paid either.
    await sql`INSERT INTO increase_offers (user_id, from_game_sum_cents, game_sum_cents, amount_cents, bouns, reward_cents)
              VALUES (${who.userId}, 0, 200, 200, 1.5, 100)`.execute(licensed.test.ctx.db);
    const before = await held(licensed, who);
    refusedWith409(await call(licensed.test, 'POST', '/api/app/main/increase/receive', who.token));
    expect(await held(licensed, who)).toEqual(before);
    expect(await rewardPostings(licensed, who)).toBe(0);
  });

  it("a VIP level's reward: refused with nothing credited", async () => {
    const who = await player(licensed);
    await sql`UPDATE vip_levels SET reward_cents = 200 WHERE level = 2`.execute(licensed.test.ctx.db);
    // The level follows the sums (a trigger of migration 0050): sums of level 2 without a deposit.
    await sql`UPDATE users SET pay_sum_cents = 10000, game_sum_cents = 10000 WHERE id = ${who.userId}`.execute(
      licensed.test.ctx.db,
    );
    refusedWith409(await call(licensed.test, 'POST', '/api/app/vip/claim/2', who.token));
    const claims = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM vip_reward_claims WHERE user_id = ${who.userId}`.execute(
      licensed.test.ctx.db,
    );
    expect(claims.rows[0]?.n).toBe(0);
    expect(await held(licensed, who)).toEqual({});
  });

  it('an invitation commission: claiming it is refused, nothing reaches cash', async () => {
    const who = await player(licensed);
    await licensed.test.ctx.db.transaction().execute((trx) =>
      postTransaction(trx, {
        code: 'commission',
        idempotencyKey: `test_commission:${who.userId}`,
        referenceType: 'test',
        referenceId: 'commission',
        postings: [
          { account: { kind: 'house_commission' }, amountCents: -1_00n },
          { account: { kind: 'player_commission', userId: who.userId }, amountCents: 1_00n },
        ],
      }),
    );
    refusedWith409(await call(licensed.test, 'POST', '/api/app/agent/claim', who.token));
    expect(await held(licensed, who)).toEqual({ player_commission: 1_00n });
    // And no day's commissions are settled into anyone's account.
    const run = await call(licensed.test, 'POST', '/dev/commission/run', undefined, {});
    expect(run.data).toMatchObject({ settled: false });
  });

  it('the open profile still pays the same sign-in reward', async () => {
    const who = await player(open);
    const claimed = await call(open.test, 'POST', '/api/app/signin', who.token);
    expect(claimed.http, claimed.message).toBe(200);
    expect(claimed.data).toMatchObject({ day: 1, reward: 1 });
    const holding = await held(open, who);
    expect((holding.player_bonus ?? 0n) + (holding.player_cash ?? 0n)).toBe(1_00n);
  });
});
