import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, DEFAULT_RATE_LIMITS, loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/connection.ts';
import { decideKyc } from '../src/modules/admin/kyc.service.ts';
import type { Mail, Mailer } from '../src/modules/auth/mailer.ts';
import { uploadSelfie } from './identity/selfie.ts';

/**
 * API tests run on the embedded PGlite, and on a real PostgreSQL when TEST_DATABASE=postgres (the vitest
 * project `api-postgres`, enabled when DATABASE_URL is set). Each test app gets its own fresh database, which
 * is dropped when the app closes.
 */
export const TEST_DATABASE = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
export const CAPTCHA_BYPASS = 'pass-captcha';

export interface TestApp extends BuiltApp {
  mails: Mail[];
  close(): Promise<void>;
}

/** A fresh PostgreSQL database on the DATABASE_URL server; `drop` removes it. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `aposta_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The app's pool reports itself closed before its connections have finished saying goodbye; forcing the
        // drop at once kills them mid-way (an unhandled FATAL 57P01 in the run). Give them a moment first.
        for (let attempt = 0; attempt < 20; attempt++) {
          const open = await client.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (open.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (TEST_DATABASE === 'pglite') return { database: await openPglite(undefined), drop: async () => {} };
  const created = await createPostgresDatabase();
  return { database: openPostgres(created.url, 40), drop: created.drop };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      CAPTCHA_BYPASS,
      SEED_DEMO: '0',
      PORT: '0',
      WEB_DIST_DIR: '/nonexistent',
    }),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      transferPerMinute: 10_000,
      webhookPerMinute: 10_000,
      loginPerMinute: 10_000,
      registerPerMinute: 10_000,
      captchaPerMinute: 10_000,
      resetPerMinute: 10_000,
    },
    // Short hash chains: a full-length chain takes seconds to build for each test app.
    roundChainLength: 2_000,
    // Withdrawals are paid without the back office's review unless a test turns it on (test/admin does).
    withdrawalReview: false,
    ...overrides,
  };
}

export interface TestAppOptions {
  /** Runs after the app is built and before `ready()`: the last moment to add a route (e.g. one that throws). */
  beforeReady?: (built: BuiltApp) => void | Promise<void>;
  /** Receives the server's log lines (JSON), at the config's log level. */
  logStream?: { write(line: string): void };
}

/** Builds and readies an app on a database; `release` runs after the app and the database have closed. */
async function appOn(
  database: DatabaseHandle,
  overrides: Partial<Config>,
  options: TestAppOptions,
  release: () => Promise<void>,
): Promise<TestApp> {
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const built = await buildApp({
    config: testConfig(overrides),
    database,
    mailer,
    logStream: options.logStream,
  });
  await options.beforeReady?.(built);
  await built.app.ready();
  return {
    ...built,
    mails,
    async close() {
      await built.app.close();
      await database.close();
      await release();
    },
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  return appOn(database, overrides, options, drop);
}

/**
 * A PostgreSQL database that outlives one app: build app A on it, close A (a crash or a deploy), build app B on
 * the same database. Only for TEST_DATABASE=postgres.
 */
export async function sharedPostgresDatabase() {
  const created = await createPostgresDatabase();
  return {
    url: created.url,
    /** Builds a complete test app on this database; closing it leaves the database. */
    app: (overrides: Partial<Config> = {}) =>
      appOn(openPostgres(created.url, 20), overrides, {}, async () => {}),
    drop: created.drop,
  };
}

let userCounter = 0;
export function uniqueEmail(prefix = 'player'): string {
  userCounter += 1;
  return `${prefix}${userCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** Registers a player through the API and returns the token. */
export async function registerPlayer(
  test: TestApp,
  fields: { username?: string; pwd?: string; regcode?: string } = {},
): Promise<{ token: string; username: string; pwd: string }> {
  const username = fields.username ?? uniqueEmail();
  const pwd = fields.pwd ?? 'segredo123';
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/auth/user/restRegister',
    payload: {
      username,
      pwd,
      pwd1: pwd,
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
      ...(fields.regcode ? { regcode: fields.regcode } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  return { token: response.json().data.access_token, username: username.toLowerCase(), pwd };
}

export const auth = (token: string) => ({ authorization: token });

/** A body sent as `application/x-www-form-urlencoded`, the client's *form* encoding (api-contract section 1). */
export function form(fields: Record<string, string | number>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.entries(fields).map(([key, value]) => [key, String(value)]),
    ).toString(),
  };
}

/** Counts the players in the database: proves that a refused request wrote nothing. */
export async function countUsers(test: TestApp): Promise<number> {
  const row = await test.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let kycCpfCounter = 200_000_000 + Math.floor(Math.random() * 400_000_000);
/** A fresh valid CPF (check digits computed): one account per CPF, so every verified player needs their own. */
export function newCpf(): string {
  kycCpfCounter += 11;
  const base = String(kycCpfCounter).slice(0, 9).split('').map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

/**
 * Verifies a player the real way: the player submits KYC (`updateKyc`) and an operator approves it in the back
 * office's queue (`decideKyc`, audited). Withdrawals need approved KYC and pay only to a key of that CPF, so a
 * test that withdraws calls this first and withdraws to the CPF it answers.
 */
const KYC_REVIEWER = 'kyc-reviewer@aposta.dev';

export async function approveKyc(
  test: TestApp,
  token: string,
  cpf: string = newCpf(),
  name = 'Maria Silva',
): Promise<string> {
  const submitted = await test.app.inject({
    method: 'POST',
    url: '/api/app/user/updateKyc',
    headers: auth(token),
    // The selfie the identity check compares (required under br-licensed, decision 0065).
    payload: { name, cardNo: cpf, birthDate: '1990-05-17', selfieId: await uploadSelfie(test, token) },
  });
  if (submitted.statusCode !== 200) throw new Error(`updateKyc failed: ${submitted.body}`);
  const user = await test.ctx.db
    .selectFrom('users')
    .select(['id', 'kyc_status'])
    .where('kyc_cpf', '=', cpf)
    .executeTakeFirstOrThrow();
  // br-licensed approves a clean identity check at once; the open profile's queue waits for the operator.
  if (user.kyc_status === 'approved') return cpf;
  // The reviewing operator: the audit log names a real operator row (no password; nobody signs in as it).
  const reviewer =
    (await test.ctx.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', KYC_REVIEWER)
      .executeTakeFirst()) ??
    (await test.ctx.db
      .insertInto('operators')
      .values({
        username: KYC_REVIEWER,
        password_hash: '!',
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        locked_until: null,
        last_login_at: null,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst()) ??
    (await test.ctx.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', KYC_REVIEWER)
      .executeTakeFirstOrThrow());
  await decideKyc(
    test.ctx,
    { operatorId: reviewer.id, username: KYC_REVIEWER, ip: '127.0.0.1' },
    user.id,
    'approve',
    undefined,
  );
  return cpf;
}
