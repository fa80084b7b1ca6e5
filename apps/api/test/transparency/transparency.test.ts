import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountId } from '../../src/modules/ledger/ledger.service.ts';
import type { AccountRef } from '../../src/modules/ledger/ledger.types.ts';
import { foldPlayerDays } from '../../src/modules/transparency/transparency.fold.ts';
import { transparencyClock } from '../../src/modules/transparency/transparency.service.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer, type Player } from '../wallet/helpers.ts';

/** A São Paulo wall-clock time (UTC-3, no summer time since 2019) as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);

/**
 * Writes one balanced journal row at a chosen instant, the way the ledger would have written it then: the page
 * must put it in the São Paulo day of that instant. (The journal is append-only; a test may only add to it.)
 */
async function journalAt(
  test: TestApp,
  at: Date,
  code: string,
  player: AccountRef,
  house: AccountRef,
  cents: bigint,
) {
  const db = test.ctx.db;
  const [playerAccount, houseAccount] = [await accountId(db, player), await accountId(db, house)];
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ledger_transactions')
      .values({
        code,
        idempotency_key: randomUUID(),
        reference_type: 'test',
        reference_id: randomUUID(),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_postings')
      .values([
        { transaction_id: row.id, account_id: playerAccount, amount_cents: cents, currency: 'BRL' },
        { transaction_id: row.id, account_id: houseAccount, amount_cents: -cents, currency: 'BRL' },
      ])
      .execute();
  });
}

type Bucket = {
  start: string;
  deposits: number;
  withdrawals: number;
  stakes: number;
  returns: number;
  net: number;
  playMinutes: number;
};

describe(`transparency page API (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test?.close());
  afterEach(() => {
    transparencyClock.now = () => new Date();
  });

  async function page(player: Player, period: string) {
    const answer = await call(test, 'GET', `/api/app/transparency?period=${period}`, player.token);
    expect(answer.http, answer.message).toBe(200);
    return answer.data as {
      buckets: Bucket[];
      games: { code: string; rtp: number | null; verifiable: boolean; rounds: number }[];
      taxWithheld: number;
      taxApplicable: boolean;
      exclusion: { active: boolean };
      selfExclusionUrl: string;
    };
  }
  const bucket = (buckets: Bucket[], start: string) => buckets.find((b) => b.start === start)!;

  it('puts each centavo in its São Paulo day, week, month and year, the same before and after the fold', async () => {
    const alice = await newPlayer(test);
    const bob = await newPlayer(test);
    const cash = { kind: 'player_cash', userId: alice.userId } as const;
    const clearing = { kind: 'house_provider_clearing' } as const;
    const game = { kind: 'house_game' } as const;
    await journalAt(test, sp('2025-12-31T23:59:59.999'), 'deposit', cash, clearing, 10_001n);
    await journalAt(test, sp('2026-01-01T00:00:00.000'), 'deposit', cash, clearing, 1n);
    await journalAt(test, sp('2026-01-01T00:00:30'), 'bet_stake', cash, game, -333n);
    await journalAt(test, sp('2026-01-01T00:00:31'), 'bet_payout', cash, game, 100n);
    await journalAt(test, sp('2026-01-01T00:01:10'), 'bet_stake', cash, game, -1n);
    // Sunday 4 January closes the week of Monday 29 December; Monday 5 January opens the next one.
    await journalAt(test, sp('2026-01-04T23:59:59'), 'withdrawal_paid', cash, clearing, -2_500n);
    await journalAt(test, sp('2026-01-05T00:00:00'), 'deposit', cash, clearing, 700n);
    await journalAt(test, sp('2026-01-31T23:59:59'), 'deposit', cash, clearing, 50n);
    await journalAt(test, sp('2026-02-01T00:00:00'), 'deposit', cash, clearing, 60n);
    // Another player's money never shows on Alice's page.
    await journalAt(
      test,
      sp('2026-01-01T12:00:00'),
      'deposit',
      { kind: 'player_cash', userId: bob.userId },
      clearing,
      1_000_000n,
    );
    transparencyClock.now = () => sp('2026-02-10T12:00:00');

    const read = async () => ({
      day: (await page(alice, 'day')).buckets,
      week: (await page(alice, 'week')).buckets,
      month: (await page(alice, 'month')).buckets,
      year: (await page(alice, 'year')).buckets,
    });
    const live = await read();
    expect(live.day).toHaveLength(31);
    expect(live.day[0]!.start).toBe('2026-02-10');
    expect(bucket(live.day, '2026-02-01').deposits).toBe(0.6);
    expect(bucket(live.day, '2026-01-31').deposits).toBe(0.5);
    expect(bucket(live.week, '2026-01-05')).toEqual({
      start: '2026-01-05',
      deposits: 7,
      withdrawals: 0,
      stakes: 0,
      returns: 0,
      net: 0,
      playMinutes: 0,
    });
    expect(bucket(live.week, '2025-12-29')).toEqual({
      start: '2025-12-29',
      deposits: 100.02,
      withdrawals: 25,
      stakes: 3.34,
      returns: 1,
      net: -2.34,
      playMinutes: 2,
    });
    expect(bucket(live.month, '2026-02-01').deposits).toBe(0.6);
    expect(bucket(live.month, '2026-01-01')).toEqual({
      start: '2026-01-01',
      deposits: 7.51,
      withdrawals: 25,
      stakes: 3.34,
      returns: 1,
      net: -2.34,
      playMinutes: 2,
    });
    expect(bucket(live.month, '2025-12-01').deposits).toBe(100.01);
    expect(live.year.map((b) => [b.start, b.deposits])).toEqual([
      ['2026-01-01', 8.11],
      ['2025-01-01', 100.01],
      ['2024-01-01', 0],
    ]);

    expect(await foldPlayerDays(test.ctx.db, 0)).toBeGreaterThan(0);
    expect(await read()).toEqual(live);
  });

  it('shows today live from the journal, the games played with their RTP, no tax, and the platform link', async () => {
    const carol = await newPlayer(test);
    await test.ctx.db.transaction().execute(async (trx) => {
      const { postTransaction } = await import('../../src/modules/ledger/ledger.service.ts');
      await postTransaction(trx, {
        code: 'deposit',
        idempotencyKey: `t-${randomUUID()}`,
        referenceType: 'test',
        referenceId: '1',
        postings: [
          { account: { kind: 'player_cash', userId: carol.userId }, amountCents: 1_000n },
          { account: { kind: 'house_provider_clearing' }, amountCents: -1_000n },
        ],
      });
    });
    for (let bet = 0; bet < 3; bet++) {
      const answer = await call(test, 'POST', '/api/app/game/dice/bet', carol.token, {
        amount: 1,
        target: 50,
        direction: 'over',
      });
      expect(answer.http, answer.message).toBe(200);
    }
    const bets = await test.ctx.db
      .selectFrom('game_bets')
      .select(['amount_cents', 'payout_cents'])
      .where('user_id', '=', carol.userId)
      .execute();
    const paid = bets.reduce((sum, row) => sum + Number(row.payout_cents), 0);
    const today = await page(carol, 'day');
    expect(today.buckets[0]).toMatchObject({
      deposits: 10,
      stakes: 3,
      returns: paid / 100,
      net: (paid - 300) / 100,
    });
    expect(today.buckets[0]!.playMinutes).toBeGreaterThanOrEqual(1);
    expect(today.games).toEqual([expect.objectContaining({ code: 'dice', rounds: 3, verifiable: true })]);
    expect(today.games[0]!.rtp).toBeGreaterThan(0.9);
    expect(today.games[0]!.rtp).toBeLessThan(1);
    expect(today).toMatchObject({
      taxWithheld: 0,
      taxApplicable: false,
      exclusion: { active: false },
      selfExclusionUrl: 'https://www.gov.br/autoexclusaoapostas',
    });
    // The fold (settle 0) moves today into the aggregate: the page's figures do not change.
    await foldPlayerDays(test.ctx.db, 0);
    expect((await page(carol, 'day')).buckets[0]).toEqual(today.buckets[0]);
  });

  it('asks for a player', async () => {
    const answer = await call(test, 'GET', '/api/app/transparency?period=day', '');
    expect(answer.http).toBe(401);
  });
});

describe(`legal identity (${TEST_DATABASE})`, () => {
  it('is shown under br-licensed with the settings, not in the open profile', async () => {
    const legal = {
      companyName: 'Aposta Ltda',
      cnpj: '12345678000190',
      spaAuthorisation: 'Portaria SPA/MF nº 999/2025',
      customerServiceEmail: 'sac@aposta.test',
      customerServicePhone: '0800 000 0000',
      ombudsmanEmail: 'ouvidoria@aposta.test',
      ombudsmanPhone: '0800 000 0001',
      selfExclusionUrl: 'https://www.gov.br/autoexclusaoapostas',
    };
    const licensed = await createTestApp({ regulatoryProfile: 'br-licensed', legal });
    try {
      const answer = await call(licensed, 'GET', '/api/app/legal', '');
      expect(answer.data).toEqual({ shown: true, ...legal });
    } finally {
      await licensed.close();
    }
    const open = await createTestApp();
    try {
      expect((await call(open, 'GET', '/api/app/legal', '')).data.shown).toBe(false);
    } finally {
      await open.close();
    }
  });
});
