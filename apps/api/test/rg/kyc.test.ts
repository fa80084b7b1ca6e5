import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer, userInfo } from '../wallet/helpers.ts';
import { freshCpf } from './helpers.ts';

/** Today minus whole years, as YYYY-MM-DD in Brasília, plus `days`. */
function yearsAgo(years: number, days = 0): string {
  const today = new Date(Date.now() - 3 * 3600 * 1000);
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days),
  );
  return date.toISOString().slice(0, 10);
}

/**
 * KYC that holds (issue 15), in both profiles: one account per CPF (the database refuses a second), a birth date
 * of an adult, and the identity bureau's answer kept for the operator.
 */
describe(`KYC that holds (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    call(test, 'POST', '/api/app/user/updateKyc', token, body);

  it('one account per CPF: a second account with the same CPF is a 409, and the database refuses it too', async () => {
    const first = await newPlayer(test);
    const second = await newPlayer(test);
    const cpf = freshCpf();
    expect((await submit(first.token, { name: 'Ana Lima', cardNo: cpf })).http).toBe(200);
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const again = await submit(second.token, { name: 'Ana Lima', cardNo: formatted });
    expect(again).toMatchObject({
      http: 409,
      status: 409,
      message: 'Este CPF já está cadastrado em outra conta',
    });
    expect((await userInfo(test, second)).kyc).toBe(0);
    // Whatever the code did, the unique index would refuse the row.
    await expect(
      test.ctx.db.updateTable('users').set({ kyc_cpf: cpf }).where('id', '=', second.userId).execute(),
    ).rejects.toThrow();
  });

  it('under 18 is refused with 1403 and nothing is stored; 18 today is accepted', async () => {
    const young = await newPlayer(test);
    const refused = await submit(young.token, {
      name: 'Joao Souza',
      cardNo: freshCpf(),
      birthDate: yearsAgo(18, 1),
    });
    expect(refused).toMatchObject({
      http: 500,
      status: 1403,
      message: 'Apostas são proibidas para menores de 18 anos',
    });
    const row = await test.ctx.db
      .selectFrom('users')
      .select(['kyc_cpf', 'kyc_status'])
      .where('id', '=', young.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kyc_cpf: null, kyc_status: 'none' });
    const adult = await newPlayer(test);
    expect(
      (await submit(adult.token, { name: 'Joao Souza', cardNo: freshCpf(), birthDate: yearsAgo(18) })).http,
    ).toBe(200);
  });

  it('an impossible birth date is a 400', async () => {
    const player = await newPlayer(test);
    for (const birthDate of ['2000-02-30', '17/05/1990', '1890-01-01', yearsAgo(-1)]) {
      const answer = await submit(player.token, { name: 'Ana Lima', cardNo: freshCpf(), birthDate });
      expect(answer.http, birthDate).toBe(400);
      expect(answer.message).toBe('Data de nascimento inválida');
    }
  });

  it('keeps the identity provider answer (CPF status, name and birth match) for the operator; open profile: pending', async () => {
    const player = await newPlayer(test);
    const cpf = freshCpf('9');
    expect(
      (await submit(player.token, { name: 'Ana Lima', cardNo: cpf, birthDate: '1980-01-31' })).http,
    ).toBe(200);
    const row = await test.ctx.db
      .selectFrom('users')
      .select(['kyc_status', 'kyc_check', 'birth_date'])
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(row.kyc_status).toBe('pending');
    // No selfie under the open profile: Datavalid's pf-basica, no face compared (decision 0065).
    expect(row.kyc_check).toEqual({
      provider: 'datavalid',
      cpfStatus: 'regular',
      nameMatch: true,
      nameSimilarity: 1,
      birthMatch: false,
      face: null,
    });
  });
});
