import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS, createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';
import { call, deposit, newPlayer, type Player } from './wallet/helpers.ts';

/**
 * The server answers in the caller's language (`lang` header, pt_BR when absent or unknown) for the three kinds
 * of refusal a player meets: a schema violation, a domain error (insufficient funds) and a withdrawal check.
 * Amounts keep the symbol of their currency (reais: R$) whatever the language and whatever `curreny` the client
 * sends for its language, with the language's own digits and separators.
 */
const CPF = '529.982.247-25';

interface Expected {
  validation: string;
  insufficient: string;
  minimum: string;
  maximum: string;
  transferMinimum: string;
}

const EXPECTED: Record<string, Expected> = {
  ja_JP: {
    validation: '項目「name」が正しくありません：100文字以内で入力してください',
    insufficient: '残高が不足しています',
    minimum: '最低出金額：R$ 20.00',
    maximum: '最高出金額：R$ 1,500.00',
    transferMinimum: '最低送金額はR$ 1.00です',
  },
  zh_CN: {
    validation: '字段“name”无效：最多只能有100个字符',
    insufficient: '余额不足',
    minimum: '最低提现金额：R$ 20.00',
    maximum: '最高提现金额：R$ 1,500.00',
    transferMinimum: '最低转账金额为R$ 1.00',
  },
  en_US: {
    validation: 'Invalid field "name": must have at most 100 characters',
    insufficient: 'Insufficient balance',
    minimum: 'Minimum withdrawal amount: R$ 20.00',
    maximum: 'Maximum withdrawal amount: R$ 1,500.00',
    transferMinimum: 'The minimum transfer is R$ 1.00',
  },
  de_DE: {
    validation: 'Ungültiges Feld "name": darf höchstens 100 Zeichen haben',
    insufficient: 'Guthaben nicht ausreichend',
    minimum: 'Mindestbetrag für Auszahlungen: R$ 20,00',
    maximum: 'Höchstbetrag für Auszahlungen: R$ 1.500,00',
    transferMinimum: 'Die Mindestüberweisung beträgt R$ 1,00',
  },
  // The exact Portuguese of spec.md section 5, typos included (no space after the colon).
  pt_BR: {
    validation: 'Campo "name" inválido: pode ter no máximo 100 caracteres',
    insufficient: 'Saldo insuficiente',
    minimum: 'Montante mínimo de retirada:R$ 20,00',
    maximum: 'Montante máximo de levantamento:R$ 1.500,00',
    transferMinimum: 'O valor mínimo de transferência é R$ 1,00',
  },
};

/** The currency the web client sends for each language (its pay unit), which must not change the symbol. */
const CLIENT_CURRENCY: Record<string, string> = {
  ja_JP: 'JPY',
  zh_CN: 'CNY',
  en_US: 'USD',
  de_DE: 'EUR',
  pt_BR: 'BRL',
};

describe(`server languages (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let rich: Player;
  let broke: Player;
  beforeAll(async () => {
    test = await createTestApp();
    rich = await newPlayer(test);
    await deposit(test, rich, 150_000n);
    // R$ 500 staked: VIP level 3, whose R$ 4.000 a day leaves the R$ 1.500 of cash as the maximum (decision 0029).
    await test.ctx.db
      .updateTable('users')
      .set({ game_sum_cents: 50_000n })
      .where('id', '=', rich.userId)
      .execute();
    broke = await newPlayer(test);
  });
  afterAll(async () => test.close());

  const tooLongName = (headers: Record<string, string>) =>
    call(
      test,
      'POST',
      '/api/auth/user/restRegister',
      undefined,
      {
        username: 'idioma@example.com',
        pwd: 'segredo123',
        codeId: 1,
        captCode: CAPTCHA_BYPASS,
        name: 'n'.repeat(101),
      },
      headers,
    );

  for (const [lang, expected] of Object.entries(EXPECTED)) {
    const headers = { lang, curreny: CLIENT_CURRENCY[lang] ?? 'BRL' };

    it(`${lang}: a schema violation names the field in ${lang}`, async () => {
      expect(await tooLongName(headers)).toMatchObject({
        http: 400,
        status: 400,
        message: expected.validation,
      });
    });

    it(`${lang}: insufficient funds and the transfer minimum, amounts in R$`, async () => {
      expect(
        await call(
          test,
          'POST',
          '/api/app/order/transfer',
          broke.token,
          { toUser: rich.username, amount: 5 },
          headers,
        ),
      ).toMatchObject({ http: 500, status: 9999, message: expected.insufficient });
      expect(
        await call(
          test,
          'POST',
          '/api/app/order/transfer',
          rich.token,
          { toUser: broke.username, amount: 0.5 },
          headers,
        ),
      ).toMatchObject({ http: 400, status: 400, message: expected.transferMinimum });
    });

    it(`${lang}: the withdrawal checks' minimum and maximum, in R$ with ${lang}'s separators`, async () => {
      const withdraw = (amount: string) =>
        call(
          test,
          'POST',
          '/api/app/order/withdraw',
          rich.token,
          {
            payCardBank: 'CPF',
            payCardNo: CPF,
            amount,
          },
          headers,
        );
      expect(await withdraw('5')).toMatchObject({ http: 500, status: 9999, message: expected.minimum });
      expect(await withdraw('1500.01')).toMatchObject({ http: 500, status: 9999, message: expected.maximum });
    });
  }

  it('accepts the BCP 47 spelling pt-BR / ja-JP, and answers pt_BR for an unknown, empty or missing lang', async () => {
    expect((await tooLongName({ lang: 'ja-JP' })).message).toBe(EXPECTED.ja_JP!.validation);
    expect((await tooLongName({ lang: 'en-US' })).message).toBe(EXPECTED.en_US!.validation);
    for (const lang of ['pt-BR', 'xx_YY', 'ja', '', 'jp_JA']) {
      expect((await tooLongName({ lang })).message, lang).toBe(EXPECTED.pt_BR!.validation);
    }
    expect((await tooLongName({})).message).toBe(EXPECTED.pt_BR!.validation);
    expect(
      (await call(test, 'POST', '/api/app/order/withdraw', rich.token, { amount: '5' }, { lang: 'xx_YY' }))
        .message,
    ).toBe(EXPECTED.pt_BR!.minimum);
  });
});
