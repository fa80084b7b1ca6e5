import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleCommissionDay } from '../../src/modules/invite/commission.job.ts';
import { dayBefore, saoPauloDay } from '../../src/modules/invite/invite.rules.ts';
import { postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { CAPTCHA_BYPASS, registerPlayer, TEST_DATABASE } from '../harness.ts';
import {
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  pick,
  type SportsbookTestApp,
} from '../sportsbook/helpers.ts';

interface Member {
  token: string;
  userId: bigint;
  yqm: string;
  username: string;
}

/**
 * Issue 13: the daily commission. A tree A → B → C → D where B, C and D stake on every product; the job settles
 * the day once whatever runs it, pays through the ledger to the claimable account, and refuses what it must.
 */
describe(`commissions (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  const db = () => app.test.ctx.db;

  async function member(
    inviter?: Member,
    cashCents = 0n,
    headers: Record<string, string> = {},
  ): Promise<Member> {
    const registered = await registerPlayer(app.test, inviter ? { regcode: inviter.yqm } : {});
    const info = await call(app.test, 'GET', '/api/app/user/userInfo', registered.token, undefined, headers);
    const userId = BigInt(info.data.uId);
    if (cashCents > 0n) {
      await db()
        .transaction()
        .execute((trx) =>
          postTransaction(trx, {
            code: 'deposit',
            idempotencyKey: `test_fund:${userId}`,
            referenceType: 'test',
            referenceId: 'fund',
            postings: [
              { account: { kind: 'house_provider_clearing', name: 'test' }, amountCents: -cashCents },
              { account: { kind: 'player_cash', userId }, amountCents: cashCents },
            ],
          }),
        );
    }
    return { token: registered.token, userId, yqm: info.data.yqm, username: registered.username };
  }

  const commissionCents = async (player: Member) => {
    const row = await db()
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('owner_user_id', '=', player.userId)
      .where('kind', '=', 'player_commission')
      .executeTakeFirst();
    return row?.balance_cents ?? 0n;
  };
  const cashCents = async (player: Member) => {
    const row = await db()
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('owner_user_id', '=', player.userId)
      .where('kind', '=', 'player_cash')
      .executeTakeFirst();
    return row?.balance_cents ?? 0n;
  };

  /** R$ 100 on each product: dice, limbo, mines and a sports single. */
  async function stakeOnEveryProduct(player: Member, selection: { selectionId: number; odds: number }) {
    const post = (url: string, body: Record<string, unknown>) =>
      call(app.test, 'POST', url, player.token, body);
    expect(
      (await post('/api/app/game/dice/bet', { amount: 100, target: 50, direction: 'over' })).status,
    ).toBe(200);
    expect((await post('/api/app/game/limbo/bet', { amount: 100, target: 2 })).status).toBe(200);
    const mines = await post('/api/app/game/mines/start', { amount: 100, mines: 3 });
    expect(mines.status, mines.message).toBe(200);
    expect((await bet(app, player as never, 100, [selection])).status).toBe(200);
  }

  let a: Member;
  let b: Member;
  let c: Member;
  let d: Member;
  let day: string;

  beforeAll(async () => {
    app = await createSportsbookApp();
    a = await member();
    b = await member(a, 1000_00n);
    c = await member(b, 1000_00n);
    d = await member(c, 1000_00n);
    const match = await createMatch(app);
    const home = pick(match, 'winAlone', 'home');
    for (const player of [b, c, d]) await stakeOnEveryProduct(player, home);
    const rows = await sql<{ day: string }>`
      SELECT DISTINCT day::text AS day FROM stake_daily WHERE user_id = ${b.userId}`.execute(db());
    expect(rows.rows).toHaveLength(1);
    day = rows.rows[0]!.day;
  });
  afterAll(async () => app.close());

  it('the stake path keeps one total per player and day: R$ 400 each over four products', async () => {
    const rows = await db()
      .selectFrom('stake_daily')
      .select(['user_id', 'stake_cents'])
      .where('user_id', 'in', [b.userId, c.userId, d.userId])
      .execute();
    expect(rows.map((row) => row.stake_cents)).toEqual([400_00n, 400_00n, 400_00n]);
  });

  it('the job run twice at once settles the day once: 0.5 % / 0.2 % / 0.1 % up three levels', async () => {
    const runs = await Promise.all([settleCommissionDay(db(), day), settleCommissionDay(db(), day)]);
    expect(runs.map((run) => run.settled).sort()).toEqual([false, true]);
    const again = await settleCommissionDay(db(), day);
    expect(again.settled).toBe(false);
    // A: 0.5 % of B + 0.2 % of C + 0.1 % of D = 200 + 80 + 40 centavos.
    expect(await commissionCents(a)).toBe(320n);
    expect(await commissionCents(b)).toBe(280n);
    expect(await commissionCents(c)).toBe(200n);
    expect(await commissionCents(d)).toBe(0n);
    const journal = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE code = 'commission' AND reference_id = ${day}`.execute(
      db(),
    );
    // The day is one journal transaction: a leg per earner (A, B, C) and the house's leg.
    expect(journal.rows[0]!.n).toBe(1);
    const legs = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE t.code = 'commission' AND t.reference_id = ${day}`.execute(db());
    expect(legs.rows[0]!.n).toBe(4);
    await expectLedgerClean(app);
  });

  it('the player sees the code, the link, the friends per depth and the 30 days', async () => {
    const info = await call(app.test, 'GET', '/api/app/invite/info', a.token);
    expect(info.data).toMatchObject({
      yqm: a.yqm,
      link: `${app.test.ctx.config.publicUrl}/y${a.yqm}`,
      invitedCount: 1,
      depositedCount: 0,
      commissionTotal: 3.2,
      commissionClaimable: 3.2,
    });
    const depth1 = await call(app.test, 'GET', '/api/app/invite/friends?depth=1', a.token);
    expect(depth1.data.total).toBe(1);
    expect(depth1.data.records[0]).toMatchObject({ wagered: 400, commission: 2, deposited: false });
    expect(depth1.data.records[0].username).not.toBe(b.username);
    expect(depth1.data.records[0].username).toContain('***');
    const depth3 = await call(app.test, 'GET', '/api/app/invite/friends?depth=3', a.token);
    expect(depth3.data.records.map((row: { commission: number }) => row.commission)).toEqual([0.4]);
    expect((await call(app.test, 'GET', '/api/app/invite/friends?depth=4', a.token)).http).toBe(400);
    const summary = await call(app.test, 'GET', '/api/app/agent/summary', a.token);
    expect(summary.data.rates).toEqual([
      { depth: 1, rate: 0.005 },
      { depth: 2, rate: 0.002 },
      { depth: 3, rate: 0.001 },
    ]);
    expect(summary.data.days).toHaveLength(30);
    expect(summary.data.days.find((row: { day: string }) => row.day === day)).toEqual({
      day,
      wagered: 1200,
      commission: 3.2,
    });
    // D invited nobody: empty lists, nothing claimable.
    expect((await call(app.test, 'GET', '/api/app/invite/friends', d.token)).data).toEqual({
      records: [],
      total: 0,
    });
  });

  it('two claims at once credit the commission once; a retry with the same key replays the answer', async () => {
    const before = await cashCents(a);
    const claim = (key: string) =>
      call(app.test, 'POST', '/api/app/agent/claim', a.token, undefined, { 'idempotency-key': key });
    const [first, second] = await Promise.all([claim('claim-one-0001'), claim('claim-two-0002')]);
    expect([first.http, second.http].sort()).toEqual([200, 400]);
    expect(await cashCents(a)).toBe(before + 320n);
    expect(await commissionCents(a)).toBe(0n);
    const winner = first.http === 200 ? 'claim-one-0001' : 'claim-two-0002';
    const replay = await claim(winner);
    expect(replay.http).toBe(200);
    expect(await cashCents(a)).toBe(before + 320n);
    const empty = await claim('claim-three-003');
    expect(empty.http).toBe(400);
    expect(empty.message).toBe('Não há comissão para resgatar');
    await expectLedgerClean(app);
  });

  it("a day boundary: the stake day is Sao Paulo's whatever the session zone; a job settles only its day", async () => {
    for (const zone of ['UTC', 'Asia/Tokyo']) {
      const day = await db()
        .connection()
        .execute(async (conn) => {
          await sql`SET TIME ZONE ${sql.lit(zone)}`.execute(conn);
          const row = await sql<{ day: string }>`
            SELECT (${'2026-03-02T02:30:00Z'}::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date::text AS day`.execute(
            conn,
          );
          await sql`RESET TIME ZONE`.execute(conn);
          return row.rows[0]!.day;
        });
      expect(day).toBe('2026-03-01');
    }
    expect(saoPauloDay(new Date('2026-03-02T02:30:00Z'))).toBe('2026-03-01');
    // Stakes of two neighbouring days: settling the first pays only the first.
    const first = '2020-01-01';
    const e = await member();
    const f = await member(e);
    await db()
      .insertInto('stake_daily')
      .values([
        { day: first, user_id: f.userId, stake_cents: 1000_00n },
        { day: '2020-01-02', user_id: f.userId, stake_cents: 3000_00n },
      ])
      .execute();
    expect(dayBefore('2020-01-02')).toBe(first);
    await settleCommissionDay(db(), first);
    expect(await commissionCents(e)).toBe(500n);
    await settleCommissionDay(db(), '2020-01-02');
    expect(await commissionCents(e)).toBe(2000n);
  });

  describe('refusals', () => {
    async function pairOnDay(theDay: string, prepare: (inviter: Member, invitee: Member) => Promise<void>) {
      const inviter = await member();
      const invitee = await member(inviter);
      await prepare(inviter, invitee);
      await db()
        .insertInto('stake_daily')
        .values({ day: theDay, user_id: invitee.userId, stake_cents: 1000_00n })
        .execute();
      await settleCommissionDay(db(), theDay);
      const row = await db()
        .selectFrom('commissions')
        .select(['refused', 'amount_cents'])
        .where('day', '=', sql<Date>`${theDay}::date`)
        .where('invitee_id', '=', invitee.userId)
        .executeTakeFirst();
      return { inviter, invitee, row, paid: await commissionCents(inviter) };
    }

    it('a shared CPF cannot happen: one account per verified CPF, the database refuses the second', async () => {
      // The commission rule for a shared CPF stays as a second line of defence; issue 15's unique index is the first.
      await expect(
        pairOnDay('2020-02-01', async (inviter, invitee) => {
          await db()
            .updateTable('users')
            .set({ kyc_cpf: '52998224725' })
            .where('id', 'in', [inviter.userId, invitee.userId])
            .execute();
        }),
      ).rejects.toThrow();
    });

    it('a shared device (both signed in with the same device id) is recorded refused', async () => {
      const result = await pairOnDay('2020-02-02', async (inviter, invitee) => {
        for (const player of [inviter, invitee]) {
          const login = await app.test.app.inject({
            method: 'POST',
            url: '/api/auth/user/restLogin',
            headers: { deviceid: 'shared-phone-0001' },
            payload: { username: player.username, pwd: 'segredo123', codeId: 1, captCode: CAPTCHA_BYPASS },
          });
          expect(login.statusCode, login.body).toBe(200);
        }
      });
      expect(result.row?.refused).toBe('shared_device');
      expect(result.paid).toBe(0n);
    });

    async function registerFrom(headers: Record<string, string>, regcode?: string) {
      const username = `device-${Math.random().toString(36).slice(2, 10)}@aposta.dev`;
      const response = await app.test.app.inject({
        method: 'POST',
        url: '/api/auth/user/restRegister',
        headers,
        payload: {
          username,
          pwd: 'segredo123',
          pwd1: 'segredo123',
          codeId: 1,
          captCode: CAPTCHA_BYPASS,
          ...(regcode ? { regcode } : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const token: string = response.json().data.access_token;
      const info = await call(app.test, 'GET', '/api/app/user/userInfo', token);
      const cookie = String(response.headers['set-cookie'] ?? '').split(';')[0]!;
      return { userId: BigInt(info.data.uId), yqm: info.data.yqm as string, cookie };
    }

    async function paidForInviteeOn(theDay: string, inviterId: bigint, inviteeId: bigint) {
      await db()
        .insertInto('stake_daily')
        .values({ day: theDay, user_id: inviteeId, stake_cents: 1000_00n })
        .execute();
      await settleCommissionDay(db(), theDay);
      const row = await db()
        .selectFrom('commissions')
        .select('refused')
        .where('day', '=', sql<Date>`${theDay}::date`)
        .where('invitee_id', '=', inviteeId)
        .executeTakeFirst();
      const paid = await db()
        .selectFrom('ledger_accounts')
        .select('balance_cents')
        .where('kind', '=', 'player_commission')
        .where('owner_user_id', '=', inviterId)
        .executeTakeFirst();
      return { refused: row?.refused, paid: paid?.balance_cents ?? 0n };
    }

    it('an invitee who registers with the device id the inviter registered with is refused', async () => {
      const inviter = await registerFrom({ deviceid: 'family-tablet-0001' });
      const invitee = await registerFrom({ deviceid: 'family-tablet-0001' }, inviter.yqm);
      expect(await paidForInviteeOn('2020-02-05', inviter.userId, invitee.userId)).toEqual({
        refused: 'shared_device',
        paid: 0n,
      });
    });

    it("an invitee who registers in the inviter's browser (its device cookie) is refused", async () => {
      const inviter = await registerFrom({});
      expect(inviter.cookie).toMatch(/^aposta_device=/);
      const invitee = await registerFrom({ cookie: inviter.cookie }, inviter.yqm);
      expect(await paidForInviteeOn('2020-02-06', inviter.userId, invitee.userId)).toEqual({
        refused: 'shared_device',
        paid: 0n,
      });
      // Another device is no reason to refuse: the same pair of strangers is paid.
      const stranger = await registerFrom({ deviceid: 'own-phone-0002' }, inviter.yqm);
      expect(await paidForInviteeOn('2020-02-07', inviter.userId, stranger.userId)).toEqual({
        refused: undefined,
        paid: 500n,
      });
    });

    it('an invitee who is the inviter is recorded refused', async () => {
      const self = await member();
      await db()
        .updateTable('users')
        .set({ inviter_id: self.userId })
        .where('id', '=', self.userId)
        .execute();
      await db()
        .insertInto('stake_daily')
        .values({ day: '2020-02-03', user_id: self.userId, stake_cents: 1000_00n })
        .execute();
      await settleCommissionDay(db(), '2020-02-03');
      const row = await db()
        .selectFrom('commissions')
        .select('refused')
        .where('day', '=', sql<Date>`'2020-02-03'::date`)
        .executeTakeFirst();
      expect(row?.refused).toBe('self');
      expect(await commissionCents(self)).toBe(0n);
    });

    it('nothing from a test account or a blocked player, nothing to a blocked inviter', async () => {
      const testAccount = await pairOnDay('2020-02-04', async (_inviter, invitee) => {
        await db().updateTable('users').set({ test_flag: true }).where('id', '=', invitee.userId).execute();
      });
      expect(testAccount.row).toBeUndefined();
      expect(testAccount.paid).toBe(0n);
      const blocked = await pairOnDay('2020-02-05', async (_inviter, invitee) => {
        await db().updateTable('users').set({ status: 'blocked' }).where('id', '=', invitee.userId).execute();
      });
      expect(blocked.row).toBeUndefined();
      const blockedInviter = await pairOnDay('2020-02-06', async (inviter) => {
        await db().updateTable('users').set({ status: 'blocked' }).where('id', '=', inviter.userId).execute();
      });
      expect(blockedInviter.row).toBeUndefined();
      expect(blockedInviter.paid).toBe(0n);
      await expectLedgerClean(app);
    });
  });
});
