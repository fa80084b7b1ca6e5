import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, DatabaseUnavailableError, openPostgres } from '../src/db/connection.ts';
import {
  CAPTCHA_BYPASS,
  countUsers,
  createTestApp,
  form,
  sharedPostgresDatabase,
  TEST_DATABASE,
  type TestApp,
  testConfig,
} from './harness.ts';

const registerBody = (padding: number) => ({
  username: 'big.body@example.com',
  pwd: 'segredo123',
  pwd1: 'segredo123',
  codeId: 1,
  captCode: CAPTCHA_BYPASS,
  regcode: 'x'.repeat(padding),
});

describe(`request size limit (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ server: { ...testConfig().server, bodyLimitBytes: 4096 } });
  });
  afterAll(async () => test.close());

  it('answers a JSON body over the limit 413 in the envelope, in the caller language, and changes nothing', async () => {
    const before = await countUsers(test);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers: { lang: 'en_US' },
      payload: registerBody(5000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, message: 'The request body is too large', data: null });
    expect(await countUsers(test)).toBe(before);
  });

  it('limits a form-encoded body the same way', async () => {
    const { headers, payload } = form({ ...registerBody(5000) });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers,
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, message: 'O corpo da requisição é grande demais' });
  });

  it('bounds how long the HTTP server waits on a client', () => {
    const limits = testConfig().server;
    expect(test.app.server.requestTimeout).toBe(limits.requestTimeoutMs);
    expect(test.app.server.headersTimeout).toBe(limits.headersTimeoutMs);
    expect(test.app.server.keepAliveTimeout).toBe(limits.keepAliveTimeoutMs);
    expect(test.app.server.timeout).toBe(limits.connectionTimeoutMs);
  });

  it('still takes a body under the limit', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: { ...registerBody(0), regcode: undefined },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe.skipIf(TEST_DATABASE !== 'postgres')('PostgreSQL connection bounds', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let database: DatabaseHandle;
  const limits = { statementTimeoutMs: 300, idleInTransactionTimeoutMs: 400, connectTimeoutMs: 300 };
  beforeAll(async () => {
    shared = await sharedPostgresDatabase();
    database = openPostgres(shared.url, 1, limits);
  });
  afterAll(async () => {
    await database.close();
    await shared.drop();
  });

  it('cancels a statement that runs longer than statement_timeout, and the connection serves on', async () => {
    const setting = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(database.db);
    expect(setting.rows[0]?.statement_timeout).toBe('300ms');
    const started = Date.now();
    await expect(sql`SELECT pg_sleep(3)`.execute(database.db)).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(2500);
    const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(after.rows[0]?.one).toBe(1);
  });

  it('ends a session left idle inside a transaction', async () => {
    // Watched from a second connection: the session is gone once the server has ended it.
    const watcher = openPostgres(shared.url, 1, limits);
    const sessions = async (pid: number) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${pid}`.execute(
          watcher.db,
        )
      ).rows[0]!.n;
    try {
      await expect(
        database.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          await expect.poll(() => sessions(rows[0]!.pid), { timeout: 10_000 }).toBe(0);
          await sql`SELECT 1`.execute(trx);
        }),
      ).rejects.toThrow();
    } finally {
      await watcher.close();
    }
  });

  it('gives up waiting for a free connection: DatabaseUnavailableError, not an endless wait', async () => {
    let release: () => void = () => {};
    let began: () => void = () => {};
    const holds = new Promise<void>((resolve) => {
      began = resolve;
    });
    const holding = database.db.transaction().execute(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          began();
        }),
    );
    await holds; // the pool's one connection is taken
    await expect(sql`SELECT 1`.execute(database.db)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    release();
    await holding;
  });
});

describe.skipIf(TEST_DATABASE !== 'postgres')('a busy pool seen from HTTP', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let built: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    shared = await sharedPostgresDatabase();
    const config = testConfig();
    const database = openPostgres(shared.url, 2, { ...config.database, connectTimeoutMs: 300 });
    built = await buildApp({ config, database, mailer: { send: async () => {} } });
    built.app.addHook('onClose', async () => database.close());
    await built.app.ready();
  });
  afterAll(async () => {
    await built.app.close();
    await shared.drop();
  });

  it('answers 503 in the envelope when no connection comes free in time', async () => {
    const releases: (() => void)[] = [];
    const began: Promise<void>[] = [];
    const hold = () => {
      let begun: () => void = () => {};
      began.push(
        new Promise<void>((resolve) => {
          begun = resolve;
        }),
      );
      return built.ctx.db.transaction().execute(
        () =>
          new Promise<void>((resolve) => {
            releases.push(resolve);
            begun();
          }),
      );
    };
    const holding = [hold(), hold()];
    await Promise.all(began); // both of the pool's connections are taken
    const response = await built.app.inject({
      url: '/api/app/user/userInfo',
      headers: { lang: 'en_US', authorization: 'a-token-that-must-be-looked-up-in-the-database' },
    });
    for (const release of releases) release();
    await Promise.all(holding);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 503,
      message: 'The service is overloaded. Please try again in a moment.',
      data: null,
    });
  });
});
