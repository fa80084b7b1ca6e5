import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundPlayer } from '../games/fund.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { brPlayer } from '../wallet/br-player.ts';
import { balances, call, newPlayer, type Player, packageOf, runJobsNow } from '../wallet/helpers.ts';
import { diceBet, passKyc } from './helpers.ts';

/**
 * Players registered before the fields of art. 31 (decision 0055, "Existing players"; Portaria SPA/MF 2.579/2025
 * art. 3): under br-licensed they are told to complete them, and until they do no stake nor deposit is taken;
 * withdrawals stay open. The open profile is untouched.
 */
const FIELDS = {
  depositMonth: '5000',
  lossMonth: '500',
  sessionMinutes: 120,
  gender: 'male',
  addressLine: 'Av. Boa Viagem, 20',
  city: 'Recife',
  state: 'PE',
  postalCode: '51011-000',
};

const INCOMPLETE_PT =
  'Complete seu cadastro (gênero, endereço, limite de perda e limite de tempo) para apostar ou depositar. Saques continuam disponíveis.';

/** A br-licensed account as it was before migration 0105: no registration data, no loss nor time limit. */
async function olderPlayer(test: TestApp): Promise<Player> {
  const player = await brPlayer(test);
  await test.ctx.db.deleteFrom('player_registration_data').where('user_id', '=', player.userId).execute();
  await test.ctx.db
    .deleteFrom('rg_limits')
    .where('user_id', '=', player.userId)
    .where('kind', 'in', ['loss', 'session'])
    .execute();
  return player;
}

const prePayAnswer = async (test: TestApp, player: Player, pkgId: number) =>
  call(test, 'POST', `/api/app/order/prePay/${pkgId}`, player.token, { gift: '0', pkgId, isapp: '0' });

describe(`existing players complete the registration under br-licensed (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ regulatoryProfile: 'br-licensed' });
  });
  afterAll(async () => test.close());

  it('refuses stakes and deposits (1403, in the caller language), allows a withdrawal, then allows both once completed', async () => {
    const player = await olderPlayer(test);
    const cpf = await passKyc(test, player);
    await fundPlayer(test, player.token, 50_00n);
    const info = await call(test, 'GET', '/api/app/user/userInfo', player.token);
    expect(info.data.registrationIncomplete).toBe(true);

    const bet = await diceBet(test, player, '1.00', 'lose');
    expect(bet).toMatchObject({ http: 500, status: 1403, message: INCOMPLETE_PT });
    expect(bet.data).toEqual({ registrationIncomplete: true });
    const pkgId = await packageOf(test, 20_00n);
    expect(await prePayAnswer(test, player, pkgId)).toMatchObject({ status: 1403, message: INCOMPLETE_PT });
    const english = await call(
      test,
      'POST',
      `/api/app/order/prePay/${pkgId}`,
      player.token,
      { gift: '0', pkgId, isapp: '0' },
      { lang: 'en_US' },
    );
    expect(english.message).toBe(
      'Complete your registration (gender, address, loss limit and time limit) to bet or deposit. Withdrawals remain available.',
    );
    expect(await balances(test, player)).toEqual({ balance: 50, freeBalance: 0 });

    const withdrawal = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
      payCardBank: 'CPF',
      payCardNo: cpf,
      amount: 20,
    });
    expect(withdrawal.http, withdrawal.message).toBe(200);
    await runJobsNow(test);
    expect((await balances(test, player)).balance).toBe(30);

    const done = await call(test, 'POST', '/api/app/rg/registration', player.token, FIELDS);
    expect(done.http, done.message).toBe(200);
    expect(done.message).toBe('Cadastro completo. Obrigado!');
    expect(done.data).toMatchObject({ loss: { month: 500 }, sessionMinutes: 120 });
    expect(
      (await call(test, 'GET', '/api/app/user/userInfo', player.token)).data.registrationIncomplete,
    ).toBe(false);
    const row = await test.ctx.db
      .selectFrom('player_registration_data')
      .selectAll()
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gender: 'male', state: 'PE', postal_code: '51011000', signup_ip: null });
    expect((await diceBet(test, player, '1.00', 'lose')).http).toBe(200);
    expect((await prePayAnswer(test, player, pkgId)).http).toBe(200);
  });

  it('the data without the two limits is still incomplete (a loss limit alone is not enough)', async () => {
    const player = await olderPlayer(test);
    await test.ctx.db
      .insertInto('player_registration_data')
      .values({
        user_id: player.userId,
        gender: 'other',
        address_line: 'Rua B, 2',
        city: 'Olinda',
        state: 'PE',
        postal_code: '53000000',
      })
      .execute();
    await test.ctx.db
      .insertInto('rg_limits')
      .values({ user_id: player.userId, kind: 'loss', period: 'week', value: 100_00n })
      .execute();
    await fundPlayer(test, player.token, 10_00n);
    expect(
      (await call(test, 'GET', '/api/app/user/userInfo', player.token)).data.registrationIncomplete,
    ).toBe(true);
    expect((await diceBet(test, player, '1.00', 'lose')).status).toBe(1403);
  });

  it('completing validates like registration: each missing field or bad range is a 400, nothing is stored', async () => {
    const player = await olderPlayer(test);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...FIELDS, gender: undefined }, 'Informe o seu gênero'],
      [{ ...FIELDS, city: undefined }, 'Preencha o seu endereço: logradouro e número, cidade, UF e CEP'],
      [
        { ...FIELDS, lossMonth: undefined },
        'Defina ao menos um limite de perdas (diário, semanal ou mensal)',
      ],
      [{ ...FIELDS, sessionMinutes: undefined }, 'Defina um limite de tempo para as suas sessões de jogo'],
    ];
    for (const [body, message] of cases) {
      const refused = await call(test, 'POST', '/api/app/rg/registration', player.token, body);
      expect(refused, JSON.stringify(body)).toMatchObject({ http: 400, message });
    }
    const range = await call(test, 'POST', '/api/app/rg/registration', player.token, {
      ...FIELDS,
      sessionMinutes: 2,
    });
    expect(range.http).toBe(400);
    const stored = await test.ctx.db
      .selectFrom('player_registration_data')
      .select('user_id')
      .where('user_id', '=', player.userId)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
    expect(
      (await call(test, 'GET', '/api/app/user/userInfo', player.token)).data.registrationIncomplete,
    ).toBe(true);
  });

  it('a player registered with the fields is not asked again', async () => {
    const player = await brPlayer(test);
    expect(
      (await call(test, 'GET', '/api/app/user/userInfo', player.token)).data.registrationIncomplete,
    ).toBe(false);
  });
});

describe(`the open profile is unaffected (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('a player without registration data stakes and deposits; userInfo has no new field', async () => {
    const player = await newPlayer(test);
    await fundPlayer(test, player.token, 10_00n);
    const info = await call(test, 'GET', '/api/app/user/userInfo', player.token);
    expect(info.data).not.toHaveProperty('registrationIncomplete');
    expect((await diceBet(test, player, '1.00', 'lose')).http).toBe(200);
    expect((await prePayAnswer(test, player, await packageOf(test, 20_00n))).http).toBe(200);
  });
});
