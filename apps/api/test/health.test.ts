import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { listMigrations, MigrationsBehindError, migrate } from '../src/db/migrate.ts';
import { createTestApp, openTestDatabase, TEST_DATABASE, type TestApp, testConfig } from './harness.ts';
import { freePort } from './scaling/nodes.ts';

describe(`health and unknown paths (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('reports the database it runs on', async () => {
    const response = await test.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: '',
      data: { ok: true, database: TEST_DATABASE },
    });
  });

  it('says it is live without asking the database, and ready once every check passes', async () => {
    const live = await test.app.inject('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 200, message: '', data: { live: true } });
    const ready = await test.app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 200,
      message: '',
      data: { ready: true, checks: { database: 'ok', migrations: 'ok', draining: 'ok' } },
    });
  });

  it('is not rate limited: a balancer probes from one address all day', async () => {
    for (let probe = 0; probe < 150; probe++) {
      const answer = await test.app.inject({ url: '/health/ready', remoteAddress: '10.9.8.7' });
      expect(answer.statusCode).toBe(200);
    }
  });

  it('answers 503 naming the check that failed: migrations behind this code', async () => {
    const last = listMigrations().at(-1)?.name ?? '';
    await sql`DELETE FROM schema_migrations WHERE name = ${last}`.execute(test.ctx.db);
    try {
      const ready = await test.app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 503,
        message: 'not ready: migrations',
        data: { ready: false, checks: { database: 'ok', migrations: 'failed', draining: 'ok' } },
      });
      // Live still: restarting the process would not bring the migration.
      expect((await test.app.inject('/health/live')).statusCode).toBe(200);
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${last})`.execute(test.ctx.db);
    }
  });

  it('answers 503 once draining, while the other routes still answer', async () => {
    const draining = await createTestApp();
    try {
      draining.drain.begin();
      const ready = await draining.app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data.checks).toEqual({ database: 'ok', migrations: 'ok', draining: 'failed' });
      const health = await draining.app.inject('/api/health');
      expect(health.statusCode).toBe(200);
      // Every answer now closes its connection, so none outlives the drain.
      expect(health.headers.connection).toBe('close');
      expect((await draining.app.inject('/health/live')).statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('checks Redis when it is configured: 503 naming it when it does not answer', async () => {
    const closedPort = await freePort();
    const withoutRedis = await createTestApp({ redisUrl: `redis://127.0.0.1:${closedPort}` });
    try {
      const ready = await withoutRedis.app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 503,
        message: 'not ready: redis',
        data: { ready: false, checks: { database: 'ok', migrations: 'ok', redis: 'failed', draining: 'ok' } },
      });
      // No address or error text leaves the process.
      expect(ready.body).not.toContain(String(closedPort));
    } finally {
      await withoutRedis.close();
    }
  });

  it('refuses a database behind this code unless told to migrate it', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const last = listMigrations().at(-1)?.name ?? '';
      // A database one migration behind: migrated whole, then the last one is taken back out of the books.
      await migrate(database);
      await sql`DELETE FROM schema_migrations WHERE name = ${last}`.execute(database.db);
      const refused = buildApp({ config: testConfig(), database, migrateOnStart: false });
      await expect(refused).rejects.toBeInstanceOf(MigrationsBehindError);
      await expect(refused).rejects.toThrow(`lacks 1 migration(s) of this code (${last})`);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('answers an unknown /api path with a 404 in the envelope, in the caller language', async () => {
    const pt = await test.app.inject('/api/does/not/exist');
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toEqual({ status: 404, message: 'Não encontrado', data: null });
    const en = await test.app.inject({ url: '/api/does/not/exist', headers: { lang: 'en_US' } });
    expect(en.json().message).toBe('Not found');
  });

  it('sends security headers', async () => {
    const response = await test.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
    // The same on an error answer and on the web app's pages.
    for (const url of ['/api/does/not/exist', '/']) {
      expect((await test.app.inject(url)).headers['content-security-policy']).toBe(
        response.headers['content-security-policy'],
      );
    }
    // Served over plain http from a LAN address, the page must still load its own scripts.
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
