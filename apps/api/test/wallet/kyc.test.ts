import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer, userInfo } from './helpers.ts';

/**
 * KYC (api-contract section 3, updateKyc): a CPF is checked by its check digits, formatted or bare; an invalid one
 * is a 400 and the player stays unverified; a valid one makes `kyc` 1 in the user object.
 */
describe(`KYC (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  it('refuses an invalid CPF with 400 and leaves kyc at 0', async () => {
    const player = await newPlayer(test);
    for (const cardNo of ['529.982.247-24', '11111111111', '52998224726', 'abcdefghijk']) {
      const answer = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
        name: 'Maria Silva',
        cardNo,
      });
      expect(answer.http, cardNo).toBe(400);
      expect(answer.status).toBe(400);
    }
    const digits = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Maria Silva',
      cardNo: '529.982.247-24',
    });
    expect(digits.message).toBe('CPF inválido: confira os números');
    expect((await userInfo(test, player)).kyc).toBe(0);
  });

  it('accepts a valid CPF, formatted or bare: kyc becomes 1, the identity waits in review', async () => {
    // Two players, two CPFs: one account per CPF (a second account with the same CPF is refused, test/rg/kyc).
    for (const [cardNo, digits] of [
      ['529.982.247-25', '52998224725'],
      ['11144477735', '11144477735'],
    ] as const) {
      const player = await newPlayer(test);
      const answer = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
        name: 'Maria  Silva',
        cardNo,
      });
      expect(answer).toMatchObject({
        http: 200,
        status: 200,
        // The open profile keeps every submission for the operator: never "verified" before approval (0029).
        message: 'Dados recebidos: sua identidade está em análise',
        data: null,
      });
      const info = await userInfo(test, player);
      expect(info.kyc).toBe(1);
      expect(info.kycState).toBe('pending');
      const row = await test.ctx.db
        .selectFrom('users')
        .select(['kyc_cpf', 'kyc_name'])
        .where('id', '=', player.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ kyc_cpf: digits, kyc_name: 'Maria Silva' });
    }
  });

  it('needs a name', async () => {
    const player = await newPlayer(test);
    const answer = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: ' ',
      cardNo: '52998224725',
    });
    expect(answer.http).toBe(400);
    expect((await userInfo(test, player)).kyc).toBe(0);
  });
});
