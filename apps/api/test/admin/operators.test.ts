import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/secrets.ts';
import { currentCode } from '../../src/modules/admin/totp.ts';
import { TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, createAdminApp, login, newOperator, OWNER, ownerToken } from './helpers.ts';

/** Operators: owner-only management, disabling, the audit log, sign-in with TOTP and the sign-in throttle. */
describe(`back office operators and sign-in (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let owner: string;

  beforeAll(async () => {
    test = await createAdminApp();
    owner = await ownerToken(test);
  });
  afterAll(async () => test.close());

  it('the first operator is the ADMIN_USERNAME owner; tokens expire after ADMIN_TOKEN_TTL_SECONDS', async () => {
    const me = await call(test, 'GET', '/api/admin/me', owner);
    expect(me.data).toEqual({
      username: OWNER.username,
      roles: ['owner'],
      totpEnabled: false,
      totpRequired: false,
    });
    const answer = await login(test, OWNER.username, OWNER.password);
    expect(answer.data.expires_in).toBe(8 * 3600);
    await test.ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256(answer.data.access_token))
      .execute();
    const expired = await call(test, 'GET', '/api/admin/me', answer.data.access_token);
    expect(expired.http).toBe(401);
  });

  it('a disabled operator is refused at once, on the token it already holds and at sign-in', async () => {
    const support = await newOperator(test, owner, ['support']);
    expect((await call(test, 'GET', '/api/admin/players', support.token)).http).toBe(200);
    const disabled = await call(test, 'POST', `/api/admin/operators/${support.id}`, owner, {
      status: 'disabled',
    });
    expect(disabled.data).toMatchObject({ status: 'disabled', roles: ['support'] });
    const refused = await call(test, 'GET', '/api/admin/players', support.token);
    expect(refused).toMatchObject({ http: 401, status: 40101 });
    expect((await login(test, support.username, support.password)).http).toBe(400);
    // Enabled again, the old token stays revoked; a new sign-in works.
    await call(test, 'POST', `/api/admin/operators/${support.id}`, owner, { status: 'active' });
    expect((await call(test, 'GET', '/api/admin/players', support.token)).http).toBe(401);
    expect((await login(test, support.username, support.password)).http).toBe(200);
  });

  it('roles change at once; the last active owner cannot be demoted; a duplicate username is a 409', async () => {
    const trader = await newOperator(test, owner, ['trader']);
    expect((await call(test, 'GET', '/api/admin/notices', trader.token)).http).toBe(403);
    await call(test, 'POST', `/api/admin/operators/${trader.id}`, owner, { roles: ['marketing'] });
    expect((await call(test, 'GET', '/api/admin/notices', trader.token)).http).toBe(200);
    expect((await call(test, 'GET', '/api/admin/games', trader.token)).http).toBe(403);
    const me = await call(test, 'GET', '/api/admin/me', owner);
    const list = await call(test, 'GET', '/api/admin/operators', owner);
    const ownerId = list.data.find((entry: { username: string }) => entry.username === me.data.username).id;
    const demote = await call(test, 'POST', `/api/admin/operators/${ownerId}`, owner, { roles: ['finance'] });
    expect(demote).toMatchObject({ http: 409, status: 409 });
    const duplicate = await call(test, 'POST', '/api/admin/operators', owner, {
      username: trader.username,
      password: 'another-long-password',
      roles: ['risk'],
    });
    expect(duplicate.http).toBe(409);
    const weak = await call(test, 'POST', '/api/admin/operators', owner, {
      username: 'new.op',
      password: 'short',
      roles: ['risk'],
    });
    expect(weak.http).toBe(400);
    expect(weak.message).toContain('password');
  });

  it('each change writes its audit entry {operator, action, target, before, after, ip, time}', async () => {
    const marketing = await newOperator(test, owner, ['marketing']);
    await call(test, 'POST', `/api/admin/operators/${marketing.id}`, owner, {
      roles: ['marketing', 'trader'],
    });
    const audit = await call(test, 'GET', '/api/admin/audit?action=operator.update&size=5', owner);
    expect(audit.data.records[0]).toMatchObject({
      operator: OWNER.username,
      action: 'operator.update',
      target: `operator:${marketing.id}`,
      before: { roles: ['marketing'], status: 'active' },
      after: { roles: ['marketing', 'trader'], status: 'active' },
      ip: '127.0.0.1',
    });
    expect(Date.now() - audit.data.records[0].time).toBeLessThan(60_000);
    const byOperator = await call(
      test,
      'GET',
      `/api/admin/audit?operator=${encodeURIComponent(OWNER.username)}`,
      owner,
    );
    expect(byOperator.data.total).toBeGreaterThan(0);
    expect(
      byOperator.data.records.every((entry: { operator: string }) => entry.operator === OWNER.username),
    ).toBe(true);
  });

  it('audit entries cannot be updated, deleted or truncated (a trigger refuses)', async () => {
    const before = await test.ctx.db
      .selectFrom('audit_log')
      .select(['id', 'action'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expect(
      test.ctx.db.updateTable('audit_log').set({ action: 'tampered' }).where('id', '=', before.id).execute(),
    ).rejects.toThrow(/cannot be changed/);
    await expect(test.ctx.db.deleteFrom('audit_log').where('id', '=', before.id).execute()).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(sql`TRUNCATE audit_log`.execute(test.ctx.db)).rejects.toThrow(/cannot be changed/);
    const after = await test.ctx.db
      .selectFrom('audit_log')
      .select(['id', 'action'])
      .where('id', '=', before.id)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('a refused change writes no audit entry (same transaction)', async () => {
    const count = async () =>
      Number(
        (
          await test.ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const start = await count();
    expect(
      (await call(test, 'POST', '/api/admin/operators/999999', owner, { status: 'disabled' })).http,
    ).toBe(404);
    expect(
      (await call(test, 'POST', '/api/admin/notices', owner, { title: 'x', content: '', enabled: true }))
        .http,
    ).toBe(400);
    expect(await count()).toBe(start);
  });

  it('TOTP: enrol, confirm with a code, then sign-in needs a fresh code (a used one is refused)', async () => {
    const finance = await newOperator(test, owner, ['finance']);
    const enrol = await call(test, 'POST', '/api/admin/auth/totp/enrol', finance.token);
    expect(enrol.http).toBe(200);
    expect(enrol.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(enrol.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await call(test, 'POST', '/api/admin/auth/totp/confirm', finance.token, { code: '000000' });
    expect(wrong.http).toBe(400);
    const secret = enrol.data.secret as string;
    const confirmed = await call(test, 'POST', '/api/admin/auth/totp/confirm', finance.token, {
      code: currentCode(secret),
    });
    expect(confirmed.data).toEqual({ totpEnabled: true });
    expect((await call(test, 'POST', '/api/admin/auth/totp/enrol', finance.token)).http).toBe(409);

    expect((await login(test, finance.username, finance.password)).http).toBe(400);
    // The confirming code's step is used up; the next step's code signs in once.
    const next = currentCode(secret, Date.now() + 30_000);
    const signedIn = await login(test, finance.username, finance.password, next);
    expect(signedIn.http).toBe(200);
    const replay = await login(test, finance.username, finance.password, next);
    expect(replay.http).toBe(400);
    expect(replay.message).toBe('Código de verificação em duas etapas incorreto ou já usado');
  });

  it('in production owners and finance must enrol TOTP before anything else', async () => {
    const production = await createAdminApp({ isProduction: true });
    try {
      const token = await ownerToken(production);
      const me = await call(production, 'GET', '/api/admin/me', token);
      expect(me.data).toMatchObject({ totpRequired: true, totpEnabled: false });
      const blocked = await call(production, 'GET', '/api/admin/players', token);
      expect(blocked).toMatchObject({
        http: 403,
        message: 'Ative a verificação em duas etapas (TOTP) antes de continuar',
      });
      const enrol = await call(production, 'POST', '/api/admin/auth/totp/enrol', token);
      await call(production, 'POST', '/api/admin/auth/totp/confirm', token, {
        code: currentCode(enrol.data.secret),
      });
      expect((await call(production, 'GET', '/api/admin/players', token)).http).toBe(200);
      const support = await newOperator(production, token, ['support']);
      expect((await call(production, 'GET', '/api/admin/players', support.token)).http).toBe(200);
    } finally {
      await production.close();
    }
  });

  /** A sign-in from a given address, with the device's headers (deviceid, cookie). */
  const signIn = (username: string, password: string, remoteAddress: string, headers = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      remoteAddress,
      headers,
      payload: { username, password },
    });

  it('3 wrong passwords from one address slow that address only (doubling); a success starts it afresh', async () => {
    const risk = await newOperator(test, owner, ['risk']);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn(risk.username, 'wrong-password', '203.0.113.7')).statusCode).toBe(400);
    }
    // The 4th attempt from that address must wait, even with the right password...
    const slowed = await signIn(risk.username, risk.password, '203.0.113.7');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(
      'Muitas senhas erradas a partir deste endereço. Tente novamente em 1 s.',
    );
    // ...while the operator at another address signs in at once.
    expect((await signIn(risk.username, risk.password, '203.0.113.8')).statusCode).toBe(200);
    // Once the wait is over, the right password from the slowed address gets in and clears its count.
    await test.ctx.db
      .updateTable('login_failures')
      .set({ failed_at: sql<Date>`failed_at - interval '2 seconds'` })
      .where('subject', '=', 'operator')
      .where('username', '=', risk.username)
      .execute();
    expect((await signIn(risk.username, risk.password, '203.0.113.7')).statusCode).toBe(200);
    expect((await signIn(risk.username, 'wrong-password', '203.0.113.7')).statusCode).toBe(400);
  });

  it("a stranger hitting the account's ceiling locks untrusted devices, never the operator's trusted desk", async () => {
    const finance = await newOperator(test, owner, ['finance']);
    const desk = { deviceid: 'finance-desk-0001' };
    const first = await signIn(finance.username, finance.password, '192.0.2.10', desk);
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^aposta_device=[A-Za-z0-9_-]{43}$/);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');
    // Ten wrong guesses spread over ten addresses reach the ceiling...
    for (let attempt = 1; attempt <= 10; attempt++) {
      const guess = await signIn(finance.username, `guess-${attempt}`, `198.51.100.${attempt}`);
      expect(guess.statusCode).toBe(400);
    }
    // ...so even the right password from an unknown device is refused, before it is checked.
    const stranger = await signIn(finance.username, finance.password, '198.51.100.99');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(
      'Muitas tentativas de login para esta conta. Tente novamente em 15 minutos.',
    );
    // The operator's desk gets in from anywhere, by its device cookie or its deviceId.
    expect((await signIn(finance.username, finance.password, '192.0.2.11', { cookie })).statusCode).toBe(200);
    expect((await signIn(finance.username, finance.password, '192.0.2.12', desk)).statusCode).toBe(200);
    // A wrong password from the desk is still refused; another operator's desk is not trusted here.
    expect((await signIn(finance.username, 'wrong', '192.0.2.11', { cookie })).statusCode).toBe(400);
    const other = await newOperator(test, owner, ['support']);
    expect((await signIn(other.username, other.password, '192.0.2.13', { cookie })).statusCode).toBe(200);
    expect(
      (await signIn(finance.username, finance.password, '192.0.2.13', { cookie: 'aposta_device=x' }))
        .statusCode,
    ).toBe(429);
  });

  it('a wrong or replayed TOTP code is a failure; it never makes the device trusted', async () => {
    const trader = await newOperator(test, owner, ['trader']);
    const enrol = await call(test, 'POST', '/api/admin/auth/totp/enrol', trader.token);
    await call(test, 'POST', '/api/admin/auth/totp/confirm', trader.token, {
      code: currentCode(enrol.data.secret),
    });
    const device = { deviceid: 'stolen-password-01' };
    const noCode = await signIn(trader.username, trader.password, '203.0.113.50', device);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.headers['set-cookie']).toBeUndefined();
    const trusted = await test.ctx.db
      .selectFrom('trusted_devices')
      .select('subject_id')
      .where('subject', '=', 'operator')
      .where('device_hash', '=', sha256(`device:${device.deviceid}`))
      .execute();
    expect(trusted).toEqual([]);
    const failures = await test.ctx.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('subject', '=', 'operator')
      .where('username', '=', trader.username)
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(1);
  });

  it('SEED_DEMO seeds the documented demo owner admin / admin-demo-2026 (never in production)', async () => {
    const demo = await createAdminApp({ seedDemo: true });
    try {
      const signedIn = await login(demo, 'admin', 'admin-demo-2026');
      expect(signedIn.http).toBe(200);
      const me = await call(demo, 'GET', '/api/admin/me', signedIn.data.access_token);
      expect(me.data).toMatchObject({ username: 'admin', roles: ['owner'] });
    } finally {
      await demo.close();
    }
  });

  it('logout revokes the operator token', async () => {
    const token = (await login(test, OWNER.username, OWNER.password)).data.access_token;
    expect((await call(test, 'POST', '/api/admin/auth/logout', token)).http).toBe(200);
    expect((await call(test, 'GET', '/api/admin/me', token)).http).toBe(401);
  });
});
