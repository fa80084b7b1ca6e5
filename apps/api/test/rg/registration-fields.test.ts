import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, ownerToken } from '../admin/helpers.ts';
import { fundPlayer } from '../games/fund.ts';
import {
  CAPTCHA_BYPASS,
  countUsers,
  createTestApp,
  TEST_DATABASE,
  type TestApp,
  uniqueEmail,
} from '../harness.ts';
import { call, type Player } from '../wallet/helpers.ts';
import { advanceClock, diceBet, MINUTE, resetClock } from './helpers.ts';

/**
 * Registration under Portaria SPA/MF 1.231/2024 art. 31 as amended in 2025 (decision 0055): the gender, the address
 * and the sign-up IP stored as personal data (every operator read audited), and the loss and time limits set with
 * the deposit limit at sign-up, each crossed by one centavo or one minute.
 */
const COMPLETE = {
  pwd: 'segredo123',
  codeId: 1,
  captCode: CAPTCHA_BYPASS,
  depositMonth: '5000',
  lossDay: '10',
  sessionMinutes: 20,
  gender: 'female',
  addressLine: 'Rua das Flores, 100',
  city: 'Recife',
  state: 'pe',
  postalCode: '50010-000',
};

async function register(test: TestApp, body: Record<string, unknown>): Promise<Player> {
  const username = uniqueEmail();
  const answer = await call(test, 'POST', '/api/auth/user/restRegister', undefined, { username, ...body });
  expect(answer.http, answer.message).toBe(200);
  const token = answer.data.access_token as string;
  const info = await call(test, 'GET', '/api/app/user/userInfo', token);
  return { token, username, uId: info.data.uId, userId: BigInt(info.data.uId) };
}

describe(`registration fields and limits under br-licensed (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createAdminApp({ regulatoryProfile: 'br-licensed' });
  });
  afterEach(() => resetClock());
  afterAll(async () => test.close());

  it('each required field missing is a 400 naming it, and no account is made', async () => {
    const users = await countUsers(test);
    const cases: [string, string][] = [
      ['lossDay', 'Defina ao menos um limite de perdas (diário, semanal ou mensal)'],
      ['sessionMinutes', 'Defina um limite de tempo para as suas sessões de jogo'],
      ['gender', 'Informe o seu gênero'],
      ['city', 'Preencha o seu endereço: logradouro e número, cidade, UF e CEP'],
      ['postalCode', 'Preencha o seu endereço: logradouro e número, cidade, UF e CEP'],
    ];
    for (const [field, message] of cases) {
      const { [field]: _left, ...body } = COMPLETE as Record<string, unknown>;
      const refused = await call(test, 'POST', '/api/auth/user/restRegister', undefined, {
        username: uniqueEmail(),
        ...body,
      });
      expect(refused, field).toMatchObject({ http: 400, message });
    }
    expect(await countUsers(test)).toBe(users);
  });

  it('stores the data with its purpose, retention and sign-up IP; an operator read is audited', async () => {
    const player = await register(test, COMPLETE);
    const owner = await ownerToken(test);
    const answer = await call(test, 'GET', `/api/admin/players/${player.uId}/registration-data`, owner);
    expect(answer.http, answer.message).toBe(200);
    expect(answer.data).toMatchObject({
      gender: 'female',
      addressLine: 'Rua das Flores, 100',
      city: 'Recife',
      state: 'PE',
      postalCode: '50010000',
      purpose: 'bettor_registration_spa_1231_art31',
      legalBasis: 'lgpd_art7_ii_legal_obligation',
      retentionYears: 5,
    });
    expect(answer.data.signupIp).toMatch(/\d/);
    const audit = await test.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'operator_username'])
      .where('target', '=', `user:${player.uId}`)
      .execute();
    expect(audit).toEqual([{ action: 'player.personal_data.read', operator_username: 'owner@aposta.dev' }]);
  });

  it('the loss limit chosen at sign-up: one centavo over is refused', async () => {
    const player = await register(test, COMPLETE);
    const limits = await call(test, 'GET', '/api/app/rg/limits', player.token);
    expect(limits.data).toMatchObject({ loss: { day: 10 }, sessionMinutes: 20, deposit: { month: 5000 } });
    await fundPlayer(test, player.token, 100_00n);
    expect((await diceBet(test, player, '9.90', 'lose')).http).toBe(200);
    const over = await diceBet(test, player, '0.11', 'lose');
    expect(over).toMatchObject({ http: 409, message: 'Limite diário de perdas atingido (R$ 10,00)' });
    expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(200);
  });

  it('the time limit chosen at sign-up: the stake one minute past it is refused', async () => {
    const player = await register(test, { ...COMPLETE, lossDay: '1000' });
    await fundPlayer(test, player.token, 10_00n);
    expect((await diceBet(test, player, '0.10', 'win')).http).toBe(200);
    advanceClock(19 * MINUTE);
    expect((await diceBet(test, player, '0.10', 'win')).http).toBe(200);
    advanceClock(MINUTE);
    expect(await diceBet(test, player, '0.10', 'win')).toMatchObject({
      http: 409,
      message: 'Limite de sessão de 20 minutos atingido: faça uma pausa de 30 minutos antes de jogar de novo',
    });
  });

  it('a time limit outside the limits page range is refused', async () => {
    const refused = await call(test, 'POST', '/api/auth/user/restRegister', undefined, {
      ...COMPLETE,
      username: uniqueEmail(),
      sessionMinutes: 4,
    });
    expect(refused.http).toBe(400);
  });
});

describe(`registration in the open profile (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('asks none of the fields and stores no personal data nor IP', async () => {
    const player = await register(test, { pwd: 'segredo123', codeId: 1, captCode: CAPTCHA_BYPASS });
    const rows = await test.ctx.db
      .selectFrom('player_registration_data')
      .selectAll()
      .where('user_id', '=', player.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('the optional limits sent at sign-up are applied', async () => {
    const player = await register(test, {
      pwd: 'segredo123',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
      lossWeek: '25.50',
      sessionMinutes: 90,
    });
    const limits = await call(test, 'GET', '/api/app/rg/limits', player.token);
    expect(limits.data).toMatchObject({ loss: { week: 25.5 }, sessionMinutes: 90 });
  });
});
