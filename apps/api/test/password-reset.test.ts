import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  CAPTCHA_BYPASS,
  createTestApp,
  form,
  registerPlayer,
  TEST_DATABASE,
  type TestApp,
  uniqueEmail,
} from './harness.ts';

type Encoding = 'form' | 'json';

describe(`password reset (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const post = (url: string, fields: Record<string, string>, encoding: Encoding = 'form', lang?: string) => {
    const body = encoding === 'form' ? form(fields) : { headers: {}, payload: fields };
    return test.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(lang ? { lang } : {}) },
    });
  };
  const sendEmail = (email: string, encoding?: Encoding, lang?: string) =>
    post('/api/app/main/RESETPWD/sendEmail', { email }, encoding, lang);
  const checkEmail = (email: string, code: string, encoding?: Encoding) =>
    post('/api/app/main/RESETPWD/checkEmail', { email, code }, encoding);
  const setPwd = (chkId: string, nPwd: string, encoding?: Encoding, lang?: string) =>
    post('/api/app/main/setPwd', { nPwd, chkId }, encoding, lang);
  const login = (username: string, pwd: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId: 9, captCode: CAPTCHA_BYPASS },
    });

  /** The code of the last mail sent to `email`. */
  function mailedCode(email: string): string {
    const mail = test.mails.filter((m) => m.to === email).at(-1);
    expect(mail, `a mail to ${email}`).toBeDefined();
    const code = mail!.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code to a known address, in the caller language', async () => {
    const player = await registerPlayer(test);
    const response = await sendEmail(player.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'Enviado com sucesso', data: null });
    const mails = test.mails.filter((m) => m.to === player.username);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\b\d{6}\b/);
    expect(mails[0]!.text).toContain('código');

    const english = await registerPlayer(test);
    const en = await sendEmail(english.username, 'json', 'en_US');
    expect(en.json()).toEqual({ status: 200, message: 'Sent successfully', data: null });
    expect(test.mails.filter((m) => m.to === english.username).at(-1)!.subject).toBe(
      'Your password reset code',
    );
  });

  it('refuses a short or common new password with its reason, and keeps the check id usable', async () => {
    const player = await registerPlayer(test);
    expect((await sendEmail(player.username)).statusCode).toBe(200);
    const checked = await checkEmail(player.username, mailedCode(player.username));
    const chkId = checked.json().data as string;
    const common = await setPwd(chkId, '12345678');
    expect(common.json()).toEqual({
      status: 400,
      message: 'Esta senha é muito comum (aparece em vazamentos de senhas): escolha outra',
      data: null,
    });
    const short = await setPwd(chkId, 'curta12', 'json', 'en_US');
    expect(short.json()).toEqual({
      status: 400,
      message: 'The password must have 8 to 64 characters',
      data: null,
    });
    expect((await login(player.username, player.pwd)).statusCode).toBe(200);
    expect((await setPwd(chkId, 'uma-senha-boa-77')).statusCode).toBe(200);
    expect((await login(player.username, 'uma-senha-boa-77')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends no mail', async () => {
    const stranger = uniqueEmail('stranger');
    const before = test.mails.length;
    const response = await sendEmail(stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'Enviado com sucesso', data: null });
    expect(test.mails.length).toBe(before);
  });

  it('answers a known address like an unknown one even when the mail cannot be sent', async () => {
    const player = await registerPlayer(test);
    const mailer = test.ctx.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP relay refused the connection');
    };
    try {
      const known = await sendEmail(player.username);
      const unknown = await sendEmail(uniqueEmail('stranger'));
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      mailer.send = send;
    }
  });

  it('refuses a second request within 180 s with a 429, for a known and an unknown address alike', async () => {
    const player = await registerPlayer(test);
    const stranger = uniqueEmail('stranger');
    for (const email of [player.username, stranger]) {
      expect((await sendEmail(email)).statusCode).toBe(200);
      const again = await sendEmail(email);
      expect(again.statusCode, email).toBe(429);
      const body = again.json();
      expect(body.status).toBe(429);
      expect(body.data).toBeNull();
      expect(body.message).toMatch(/^Um código já foi enviado\. Aguarde \d+ segundos para pedir outro\.$/);
      const seconds = Number(body.message.match(/(\d+) segundos/)[1]);
      expect(seconds).toBeGreaterThan(170);
      expect(seconds).toBeLessThanOrEqual(180);
    }
    expect(test.mails.filter((m) => m.to === player.username)).toHaveLength(1);
    // The same address typed in another case is the same address.
    expect((await sendEmail(player.username.toUpperCase())).statusCode).toBe(429);
  });

  it('sends one code when several requests for an address arrive at once', async () => {
    const player = await registerPlayer(test);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendEmail(player.username)));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(test.mails.filter((m) => m.to === player.username)).toHaveLength(1);
  });

  it('lets a player ask again once 180 s have passed', async () => {
    const player = await registerPlayer(test);
    expect((await sendEmail(player.username)).statusCode).toBe(200);
    await test.ctx.db
      .updateTable('password_reset_codes')
      .set({ created_at: sql<Date>`now() - interval '181 seconds'` })
      .where('email', '=', player.username)
      .execute();
    expect((await sendEmail(player.username)).statusCode).toBe(200);
    expect(test.mails.filter((m) => m.to === player.username)).toHaveLength(2);
  });

  it('walks the three steps with the form encoding: code, check id, new password', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username, 'form');
    const check = await checkEmail(player.username, mailedCode(player.username), 'form');
    expect(check.statusCode).toBe(200);
    const chkId = check.json().data;
    expect(check.json().status).toBe(200);
    expect(typeof chkId).toBe('string');
    expect(chkId.length).toBeGreaterThanOrEqual(20);

    const done = await setPwd(chkId, 'nova-senha-789', 'form');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      status: 200,
      message: 'Senha alterada com sucesso. Faça login com a nova senha.',
      data: null,
    });
    expect((await login(player.username, player.pwd)).statusCode).toBe(400);
    const fresh = await login(player.username, 'nova-senha-789');
    expect(fresh.statusCode).toBe(200);
    expect(
      (
        await test.app.inject({
          url: '/api/app/user/userInfo',
          headers: auth(fresh.json().data.access_token),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('walks the three steps with JSON too, with the done message in en_US', async () => {
    const player = await registerPlayer(test);
    expect((await sendEmail(player.username, 'json')).statusCode).toBe(200);
    const check = await checkEmail(player.username, mailedCode(player.username), 'json');
    expect(check.statusCode).toBe(200);
    const done = await setPwd(check.json().data, 'json-senha-321', 'json', 'en_US');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Password changed. Log in with the new password.');
    expect((await login(player.username, 'json-senha-321')).statusCode).toBe(200);
  });

  it('refuses a wrong code with a 400, and after 5 wrong codes refuses even the right one', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const code = mailedCode(player.username);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await checkEmail(player.username, otherCode(code));
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json()).toEqual({ status: 400, message: 'Código incorreto ou expirado', data: null });
    }
    const right = await checkEmail(player.username, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Código incorreto ou expirado');
  });

  it('accepts the right code after fewer than 5 wrong ones', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const code = mailedCode(player.username);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await checkEmail(player.username, otherCode(code))).statusCode).toBe(400);
    }
    expect((await checkEmail(player.username, code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const code = mailedCode(player.username);
    await test.ctx.db
      .updateTable('password_reset_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('email', '=', player.username)
      .execute();
    const response = await checkEmail(player.username, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Código incorreto ou expirado');
  });

  it('accepts a code only once', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const code = mailedCode(player.username);
    expect((await checkEmail(player.username, code)).statusCode).toBe(200);
    const again = await checkEmail(player.username, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Código incorreto ou expirado');
  });

  it("refuses a code for another player's address, and a code for an address that asked for none", async () => {
    const owner = await registerPlayer(test);
    const other = await registerPlayer(test);
    await sendEmail(owner.username);
    const code = mailedCode(owner.username);
    expect((await checkEmail(other.username, code)).statusCode).toBe(400);
    expect((await checkEmail(uniqueEmail('nobody'), code)).statusCode).toBe(400);
    // The owner's code is still good: the other address's guesses did not touch it.
    expect((await checkEmail(owner.username, code)).statusCode).toBe(200);
  });

  it('refuses a check id used twice, and one that never existed', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const chkId = (await checkEmail(player.username, mailedCode(player.username))).json().data;
    expect((await setPwd(chkId, 'primeira-123')).statusCode).toBe(200);
    const twice = await setPwd(chkId, 'segunda-456');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      status: 400,
      message: 'A verificação expirou. Peça um novo código.',
      data: null,
    });
    expect((await login(player.username, 'primeira-123')).statusCode).toBe(200);
    expect((await login(player.username, 'segunda-456')).statusCode).toBe(400);

    const invented = await setPwd('a'.repeat(43), 'terceira-789');
    expect(invented.statusCode).toBe(400);
    expect(invented.json().message).toBe('A verificação expirou. Peça um novo código.');
  });

  it('refuses an expired check id', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const chkId = (await checkEmail(player.username, mailedCode(player.username))).json().data;
    await test.ctx.db
      .updateTable('password_reset_checks')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where(
        'user_id',
        '=',
        test.ctx.db.selectFrom('users').select('id').where('username', '=', player.username),
      )
      .execute();
    expect((await setPwd(chkId, 'tarde-demais-1')).statusCode).toBe(400);
    expect((await login(player.username, player.pwd)).statusCode).toBe(200);
  });

  it('refuses a weak new password without spending the check id', async () => {
    const player = await registerPlayer(test);
    await sendEmail(player.username);
    const chkId = (await checkEmail(player.username, mailedCode(player.username))).json().data;
    const weak = await setPwd(chkId, '123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('A senha precisa ter de 8 a 64 caracteres');
    expect((await setPwd(chkId, 'forte-o-bastante')).statusCode).toBe(200);
  });

  it('refuses missing fields with a 400 naming them', async () => {
    const missingEmail = await post('/api/app/main/RESETPWD/sendEmail', {});
    expect(missingEmail.statusCode).toBe(400);
    expect(missingEmail.json().message).toContain('email');
    const missingCode = await post('/api/app/main/RESETPWD/checkEmail', { email: 'x@example.com' });
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json().message).toContain('code');
    const missingChk = await post('/api/app/main/setPwd', { nPwd: 'abcdef123' }, 'json');
    expect(missingChk.statusCode).toBe(400);
    expect(missingChk.json().message).toContain('chkId');
  });
});
