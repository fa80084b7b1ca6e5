import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  CAPTCHA_BYPASS,
  countUsers,
  createTestApp,
  form,
  registerPlayer,
  TEST_DATABASE,
  type TestApp,
  uniqueEmail,
} from './harness.ts';

describe(`registration (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const register = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers,
      payload: {
        username: uniqueEmail('reg'),
        pwd: 'segredo123',
        pwd1: 'segredo123',
        codeId: 7,
        captCode: CAPTCHA_BYPASS,
        ...fields,
      },
    });

  const login = (username: string, pwd: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId: 7, captCode: CAPTCHA_BYPASS },
    });

  const userRow = (username: string) =>
    test.ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'yqm', 'inviter_id', 'name', 'phone', 'country', 'card_no', 'is_app'])
      .where('username', '=', username)
      .executeTakeFirst();

  it('answers a new player with a token and its lifetime in seconds, and the token works', async () => {
    const response = await register({
      name: 'Ana Souza',
      cardNo: '12345678909',
      country: 'BR',
      phone: '+55 (11) 99999-0000',
      regcode: '',
      isapp: 0,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'expires_in']);
    expect(typeof body.data.access_token).toBe('string');
    expect(body.data.access_token.length).toBeGreaterThanOrEqual(20);
    expect(body.data.expires_in).toBe(7 * 24 * 3600);
    const info = await test.app.inject({
      url: '/api/app/user/userInfo',
      headers: auth(body.data.access_token),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.name).toBe('Ana Souza');
  });

  it('lower-cases the username: Foo@Example.com logs in as foo@example.com', async () => {
    const local = `Foo${Date.now()}`;
    const response = await register({ username: `${local}@Example.com` });
    expect(response.statusCode).toBe(200);
    const lower = `${local.toLowerCase()}@example.com`;
    expect((await userRow(lower))?.username).toBe(lower);
    const loggedIn = await login(lower, 'segredo123');
    expect(loggedIn.statusCode).toBe(200);
    expect(typeof loggedIn.json().data.access_token).toBe('string');
    // And the typed case logs in too: the client lower-cases, another client may not.
    expect((await login(`${local}@EXAMPLE.com`, 'segredo123')).statusCode).toBe(200);
  });

  it('refuses a duplicate username with a 409 in pt_BR by default and en_US on request, in any case', async () => {
    const username = uniqueEmail('dup');
    expect((await register({ username })).statusCode).toBe(200);
    const before = await countUsers(test);

    const pt = await register({ username });
    expect(pt.statusCode).toBe(409);
    expect(pt.json()).toEqual({ status: 409, message: 'Este e-mail já está cadastrado', data: null });

    const en = await register({ username: username.toUpperCase() }, { lang: 'en_US' });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ status: 409, message: 'This email is already registered', data: null });
    expect(await countUsers(test)).toBe(before);
  });

  it('refuses a short or common password and says why in the caller language', async () => {
    const before = await countUsers(test);
    const cases: { pwd: string; lang?: string; message: string }[] = [
      { pwd: 'abc1234', message: 'A senha precisa ter de 8 a 64 caracteres' },
      {
        pwd: 'senha123',
        message: 'Esta senha é muito comum (aparece em vazamentos de senhas): escolha outra',
      },
      {
        pwd: 'Password1',
        message: 'Esta senha é muito comum (aparece em vazamentos de senhas): escolha outra',
      },
      {
        pwd: 'qwertyuiop',
        lang: 'en_US',
        message: 'This password is too common (it appears in password leaks): choose another one',
      },
      { pwd: '1234567', lang: 'es_ES', message: 'La contraseña debe tener de 8 a 64 caracteres' },
    ];
    for (const { pwd, lang, message } of cases) {
      const response = await register({ pwd, pwd1: pwd }, lang ? { lang } : {});
      expect(response.statusCode, pwd).toBe(400);
      expect(response.json(), pwd).toEqual({ status: 400, message, data: null });
    }
    expect(await countUsers(test)).toBe(before);
    expect((await register({ pwd: 'pe-de-moleque-42', pwd1: 'pe-de-moleque-42' })).statusCode).toBe(200);
  });

  it('refuses invalid input with a 400 that names the field, and writes nothing', async () => {
    const cases: { fields: Record<string, unknown>; mentions: string }[] = [
      { fields: { username: 'not-an-email' }, mentions: 'e-mail' },
      { fields: { username: 'a@b' }, mentions: 'e-mail' },
      { fields: { pwd: '12345', pwd1: '12345' }, mentions: 'senha' },
      { fields: { pwd: 'x'.repeat(65), pwd1: 'x'.repeat(65) }, mentions: 'pwd' },
      { fields: { username: `${'a'.repeat(95)}@example.com` }, mentions: 'username' },
      { fields: { name: 'n'.repeat(101) }, mentions: 'name' },
      { fields: { cardNo: '1'.repeat(31) }, mentions: 'cardNo' },
      { fields: { country: 'BRASIL-BR' }, mentions: 'country' },
      { fields: { phone: '1'.repeat(31) }, mentions: 'phone' },
      { fields: { phone: 'call me' }, mentions: 'phone' },
      { fields: { regcode: 'R'.repeat(17) }, mentions: 'regcode' },
      { fields: { username: { email: 'x@example.com' } }, mentions: 'username' },
      { fields: { pwd: ['a', 'b'] }, mentions: 'pwd' },
      { fields: { codeId: 'abc' }, mentions: 'codeId' },
      { fields: { codeId: 0 }, mentions: 'codeId' },
      { fields: { isapp: 'yes' }, mentions: 'isapp' },
      { fields: { username: undefined }, mentions: 'username' },
      { fields: { captCode: undefined }, mentions: 'captCode' },
    ];
    const before = await countUsers(test);
    for (const { fields, mentions } of cases) {
      const response = await register(fields);
      const label = JSON.stringify(fields);
      expect(response.statusCode, label).toBe(400);
      const body = response.json();
      expect(body.status, label).toBe(400);
      expect(body.data, label).toBeNull();
      expect(body.message, label).toContain(mentions);
    }
    expect(await countUsers(test)).toBe(before);
  });

  it('names the field in en_US too', async () => {
    const response = await register({ name: 'n'.repeat(101) }, { lang: 'en_US' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid field "name": must have at most 100 characters');
  });

  it('refuses a repeated password that differs', async () => {
    const before = await countUsers(test);
    const response = await register({ pwd: 'segredo123', pwd1: 'outra123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('As senhas não coincidem');
    expect(await countUsers(test)).toBe(before);
  });

  it('gives every new player an invitation code (yqm), distinct from the others', async () => {
    const a = await registerPlayer(test);
    const b = await registerPlayer(test);
    const rowA = await userRow(a.username);
    const rowB = await userRow(b.username);
    expect(rowA?.yqm).toMatch(/^[A-Z0-9]{6,12}$/);
    expect(rowB?.yqm).toMatch(/^[A-Z0-9]{6,12}$/);
    expect(rowA?.yqm).not.toBe(rowB?.yqm);
    const info = await test.app.inject({ url: '/api/app/user/userInfo', headers: auth(a.token) });
    expect(info.json().data.yqm).toBe(rowA?.yqm);
  });

  it("links the inviter when regcode is an existing player's yqm, in any letter case", async () => {
    const inviter = await registerPlayer(test);
    const inviterRow = await userRow(inviter.username);
    const invited = await registerPlayer(test, { regcode: inviterRow!.yqm });
    expect((await userRow(invited.username))?.inviter_id).toBe(inviterRow!.id);
    const lower = await registerPlayer(test, { regcode: inviterRow!.yqm.toLowerCase() });
    expect((await userRow(lower.username))?.inviter_id).toBe(inviterRow!.id);
    const uninvited = await registerPlayer(test);
    expect((await userRow(uninvited.username))?.inviter_id).toBeNull();
  });

  it('refuses an unknown regcode with a 400 and creates nobody', async () => {
    const before = await countUsers(test);
    const pt = await register({ regcode: 'NOSUCH99' });
    expect(pt.statusCode).toBe(400);
    expect(pt.json()).toEqual({ status: 400, message: 'Código de convite inválido', data: null });
    const en = await register({ regcode: 'NOSUCH99' }, { lang: 'en_US' });
    expect(en.json().message).toBe('Invalid invitation code');
    expect(await countUsers(test)).toBe(before);
  });

  it('refuses a wrong captcha with a 400 and creates nobody', async () => {
    const username = uniqueEmail('badcap');
    const before = await countUsers(test);
    const response = await register({ username, codeId: 12345, captCode: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      message: 'Código de verificação incorreto ou expirado',
      data: null,
    });
    expect(await countUsers(test)).toBe(before);
    expect(await userRow(username)).toBeUndefined();
  });

  it('accepts the form encoding as well as JSON', async () => {
    const username = uniqueEmail('form');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      ...form({
        username,
        pwd: 'segredo123',
        pwd1: 'segredo123',
        codeId: 3,
        captCode: CAPTCHA_BYPASS,
        isapp: 1,
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(typeof response.json().data.access_token).toBe('string');
    expect((await userRow(username))?.is_app).toBe(true);
  });
});
