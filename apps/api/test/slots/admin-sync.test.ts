import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import type { TestApp } from '../harness.ts';

/** The back office's sync: operators with the games permission fill the catalogue from the providers' lists. */
describe('POST /api/admin/slots/sync', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createAdminApp();
  });
  afterAll(async () => test.close());

  it('adds every provider game once, keeps the operator stop and hot, and is audited; a player gets 401', async () => {
    const owner = await ownerToken(test);
    const first = await call(test, 'POST', '/api/admin/slots/sync', owner);
    expect(first.http).toBe(200);
    expect(first.data.PG).toBeGreaterThanOrEqual(4);
    const code = (
      await test.ctx.db
        .selectFrom('game_catalog')
        .select('code')
        .where('group_code', '=', 'EVO')
        .executeTakeFirstOrThrow()
    ).code;
    await call(test, 'POST', `/api/admin/games/EVO/${code}`, owner, { stop: true, hot: true });
    const again = await call(test, 'POST', '/api/admin/slots/sync', owner);
    expect(again.data).toEqual(first.data);
    const row = await test.ctx.db
      .selectFrom('game_catalog')
      .select(['stop', 'hot', 'rtp'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stop: true, hot: true });
    expect(Number(row.rtp)).toBeGreaterThan(0.9);
    const audit = await test.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'slots.sync')
      .execute();
    expect(audit).toHaveLength(2);

    const support = await newOperator(test, owner, ['support']);
    expect((await call(test, 'POST', '/api/admin/slots/sync', support.token)).http).toBe(403);
  });
});
