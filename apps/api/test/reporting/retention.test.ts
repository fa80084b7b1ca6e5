import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingClock } from '../../src/modules/reporting/clock.ts';
import { runRetention } from '../../src/modules/reporting/retention.service.ts';
import { call, createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import type { TestApp } from '../harness.ts';
import { diceBet } from '../rg/helpers.ts';
import { deposit, expectLedgerClean, newPlayer, type Player } from '../wallet/helpers.ts';
import { insertExclusion, insertUser } from './fixtures.ts';

/**
 * The retention job (issue 30, decision 0054): each rule removes exactly what is past its time on a controlled
 * clock, closed accounts lose their personal data but keep their id, and money records never change, however
 * far ahead the clock goes.
 */
const DAY_MS = 86_400_000;
const T = new Date('2031-06-15T12:00:00Z');
const at = (days: number) => new Date(T.getTime() + days * DAY_MS);

let test: TestApp;
let rich: Player;
let finance: string;

/** A fingerprint of every money table: any change to any row of them changes it. */
async function moneyFingerprint(): Promise<Record<string, string>> {
  const tables = [
    'ledger_accounts',
    'ledger_transactions',
    'ledger_postings',
    'orders',
    'game_bets',
    'sports_bets',
    'slot_rounds',
    'slot_transactions',
    'payment_charges',
    'transfers',
    'audit_log',
  ];
  const prints: Record<string, string> = {};
  for (const table of tables) {
    const row = await sql<{ print: string | null; n: number }>`
      SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print, count(*)::int AS n
        FROM ${sql.table(table)} t`.execute(test.ctx.db);
    prints[table] = `${row.rows[0]?.n}:${row.rows[0]?.print}`;
  }
  return prints;
}

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(test.ctx.db)).rows[0]?.n ?? -1;
}

beforeAll(async () => {
  test = await createAdminApp();
  finance = (await newOperator(test, await ownerToken(test), ['finance'])).token;
  rich = await newPlayer(test);
  await deposit(test, rich, 10_000n);
  expect((await diceBet(test, rich, '5.00', 'lose')).http).toBe(200);
}, 120_000);

afterAll(async () => {
  reportingClock.now = () => new Date();
  await test?.close();
});

describe('the retention rules', () => {
  // The routes first: the later runs move the clock years ahead and expire the operators' sessions.
  it('are shown to finance with the last runs, and to no one else', async () => {
    reportingClock.now = () => new Date();
    await runRetention(test.ctx);
    const answer = await call(test, 'GET', '/api/admin/retention', finance);
    expect(answer.http, answer.message).toBe(200);
    expect(answer.data.rules.map((rule: { kind: string }) => rule.kind)).toContain(
      'closed_account_personal_data',
    );
    expect(answer.data.runs.length).toBeGreaterThanOrEqual(1);
    const support = await newOperator(test, await ownerToken(test), ['support']);
    expect((await call(test, 'GET', '/api/admin/retention', support.token)).http).toBe(403);
  });

  it('produces no SPA report under the open profile', async () => {
    const list = await call(test, 'GET', '/api/admin/reports/spa?from=2026-03-10&to=2026-03-10', finance);
    expect(list.data).toEqual({ enabled: false, reports: [] });
    expect((await call(test, 'POST', '/api/admin/reports/spa/2026-03-10/run', finance)).http).toBe(404);
  });
  it('delete exactly the rows past their time, and nothing younger', async () => {
    const db = test.ctx.db;
    await sql`INSERT INTO login_failures (username, failed_at) VALUES
      ('old@example.com', ${at(-200)}), ('young@example.com', ${at(-170)})`.execute(db);
    await sql`INSERT INTO dev_outbox (to_address, subject, body_text, created_at) VALUES
      ('old@example.com', 's', 'b', ${at(-91)}), ('young@example.com', 's', 'b', ${at(-89)})`.execute(db);
    await sql`INSERT INTO captchas (code_id, answer, expires_at) VALUES
      (900001, 'a', ${at(-2)}), (900002, 'b', ${at(0)})`.execute(db);
    await sql`INSERT INTO idempotent_requests (user_id, idempotency_key, route, created_at) VALUES
      (${rich.userId}, 'old-key', 'r', ${at(-91)}), (${rich.userId}, 'young-key', 'r', ${at(-89)})`.execute(
      db,
    );
    await sql`INSERT INTO sessions (token_hash, subject, subject_id, created_at, expires_at) VALUES
      (decode(md5('old'), 'hex'), 'player', ${rich.userId}, ${at(-200)}, ${at(-185)}),
      (decode(md5('young'), 'hex'), 'player', ${rich.userId}, ${at(-200)}, ${at(-175)})`.execute(db);
    await sql`INSERT INTO spa_reports (reference_day, layout, manifest, manifest_sha256) VALUES
      ('2026-06-13', 'aposta-spa-draft-v1', '{}', 'x'), ('2026-06-17', 'aposta-spa-draft-v1', '{}', 'y')`.execute(
      db,
    );
    const closedChat = await sql<{ id: bigint }>`
      INSERT INTO chat_conversations (user_id, status, last_message_at, created_at)
      VALUES (${rich.userId}, 'closed', ${at(-5 * 366)}, ${at(-5 * 366)}) RETURNING id`.execute(db);
    const other = await insertUser(test, '2026-01-01T00:00:00Z');
    const recentChat = await sql<{ id: bigint }>`
      INSERT INTO chat_conversations (user_id, status, last_message_at, created_at)
      VALUES (${other}, 'closed', ${at(-5 * 365 + 10)}, ${at(-5 * 365 + 10)}) RETURNING id`.execute(db);
    for (const chat of [closedChat, recentChat]) {
      await sql`INSERT INTO chat_messages (conversation_id, sender, body, created_at)
        VALUES (${chat.rows[0]?.id}, 'player', 'olá', ${at(-5 * 366)})`.execute(db);
    }

    reportingClock.now = () => T;
    const counts = await runRetention(test.ctx);
    expect(counts).toMatchObject({
      login_failures: 1,
      mail_outbox: 1,
      captchas: 1,
      idempotency_keys: 1,
      spa_reports: 1,
      chat_messages: 1,
    });
    const left = (table: string, column: string) =>
      sql<{ v: string }>`SELECT ${sql.ref(column)}::text AS v FROM ${sql.table(table)} ORDER BY 1`;
    expect((await left('login_failures', 'username').execute(db)).rows.map((r) => r.v)).toEqual([
      'young@example.com',
    ]);
    expect((await left('dev_outbox', 'to_address').execute(db)).rows.map((r) => r.v)).toContain(
      'young@example.com',
    );
    expect((await left('dev_outbox', 'to_address').execute(db)).rows.map((r) => r.v)).not.toContain(
      'old@example.com',
    );
    expect((await left('captchas', 'code_id').execute(db)).rows.map((r) => r.v)).toContain('900002');
    expect((await left('captchas', 'code_id').execute(db)).rows.map((r) => r.v)).not.toContain('900001');
    expect((await left('idempotent_requests', 'idempotency_key').execute(db)).rows.map((r) => r.v)).toContain(
      'young-key',
    );
    const sessions = await sql<{ v: string }>`SELECT encode(token_hash, 'hex') AS v FROM sessions`.execute(
      db,
    );
    expect(sessions.rows.map((r) => r.v)).toEqual([
      (await sql<{ v: string }>`SELECT md5('young') AS v`.execute(db)).rows[0]?.v,
    ]);
    expect((await left('spa_reports', 'reference_day').execute(db)).rows.map((r) => r.v)).toEqual([
      '2026-06-17',
    ]);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages
        WHERE conversation_id = ${recentChat.rows[0]?.id}`),
    ).toBe(1);
    // A second run at the same instant finds nothing more.
    const again = await runRetention(test.ctx);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('anonymise closed accounts past five years with no money, keep their id, and keep a permanent exclusion’s CPF', async () => {
    const old = '2020-01-01T00:00:00Z';
    const blocked = await insertUser(test, old, { status: 'blocked', cpf: '11144477735' });
    const excluded = await insertUser(test, old, { status: 'self_excluded', cpf: '52998224725' });
    await insertExclusion(test, excluded, { period: 'permanent', startsAt: old, endsAt: null });
    const active = await insertUser(test, old, { cpf: '39053344705' });
    const recent = await insertUser(test, '2030-01-01T00:00:00Z', { status: 'blocked' });
    await sql`UPDATE users SET name = 'Maria', phone = '5511999999999' WHERE id IN (${blocked}, ${excluded})`.execute(
      test.ctx.db,
    );
    await sql`INSERT INTO player_registration_data (user_id, gender, city, signup_ip)
      VALUES (${blocked}, 'female', 'Recife', '203.0.113.7'), (${active}, 'male', 'Natal', '203.0.113.8')`.execute(
      test.ctx.db,
    );
    reportingClock.now = () => T;
    const counts = await runRetention(test.ctx);
    expect(counts.closed_account_personal_data).toBe(2);
    const registration = await sql<{ user_id: string }>`
      SELECT user_id::text FROM player_registration_data WHERE user_id IN (${blocked}, ${active})`.execute(
      test.ctx.db,
    );
    expect(registration.rows.map((row) => row.user_id)).toEqual([String(active)]);
    const users = await test.ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'phone', 'kyc_cpf'])
      .where('id', 'in', [blocked, excluded, active, recent])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: blocked, username: `anonimizado-${blocked}@invalid`, name: '', phone: '', kyc_cpf: null },
      {
        id: excluded,
        username: `anonimizado-${excluded}@invalid`,
        name: '',
        phone: '',
        kyc_cpf: '52998224725',
      },
      expect.objectContaining({ id: active, kyc_cpf: '39053344705' }),
      expect.objectContaining({ id: recent }),
    ]);
    expect(users[3]?.username.startsWith('anonimizado')).toBe(false);
  });

  it('never touches money records, even with the clock fifty years ahead', async () => {
    await test.ctx.db.updateTable('users').set({ status: 'blocked' }).where('id', '=', rich.userId).execute();
    const before = await moneyFingerprint();
    expect(Number(before.orders?.split(':')[0])).toBeGreaterThan(0);
    expect(Number(before.game_bets?.split(':')[0])).toBeGreaterThan(0);
    reportingClock.now = () => new Date(Date.now() + 50 * 365 * DAY_MS);
    await runRetention(test.ctx);
    expect(await moneyFingerprint()).toEqual(before);
    await expectLedgerClean(test);
    // The player still holds money: closed or not, their personal data stays while the balance is owed.
    const player = await test.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', rich.userId)
      .executeTakeFirstOrThrow();
    expect(player.username).toBe(rich.username);
  });
});
