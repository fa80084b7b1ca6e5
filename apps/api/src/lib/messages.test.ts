import { describe, expect, it } from 'vitest';
import { decimal, LANGUAGES, money, resolveLanguage, translate } from './messages.ts';

describe('resolveLanguage', () => {
  it('takes the spec spelling and the BCP 47 one, and pt_BR for anything else', () => {
    expect(resolveLanguage('ja_JP')).toBe('ja_JP');
    expect(resolveLanguage('zh-CN')).toBe('zh_CN');
    expect(resolveLanguage(' en_US ')).toBe('en_US');
    for (const odd of [undefined, '', 'en', 'xx_YY', 'constructor', '__proto__', ['en_US'], 42]) {
      expect(resolveLanguage(odd), String(odd)).toBe('pt_BR');
    }
  });

  it('knows the 15 languages of the web app', () => {
    expect(LANGUAGES).toHaveLength(15);
  });
});

describe('translate', () => {
  it('writes amounts in the language with the symbol of their currency, not of the language', () => {
    const params = { min: money(100n), max: money(123_456_789n) };
    expect(translate('pt_BR', 'game.stake_range', params)).toBe(
      'A aposta deve ficar entre R$ 1,00 e R$ 1.234.567,89',
    );
    expect(translate('en_US', 'game.stake_range', params)).toBe(
      'The stake must be between R$ 1.00 and R$ 1,234,567.89',
    );
    expect(translate('de_DE', 'game.payout_max', { max: money(5_000_000n) })).toBe(
      'Der Höchstgewinn pro Wette beträgt R$ 50.000,00',
    );
    expect(translate('en_US', 'withdraw.minimum', { limit: money(2_000n, 'USD') })).toBe(
      'Minimum withdrawal amount: $ 20.00',
    );
  });

  it('writes plain and fixed-decimal numbers in the language', () => {
    expect(translate('pt_BR', 'game.dice_chance', { min: 0.01, max: 98 })).toBe(
      'A chance de ganhar deve ficar entre 0,01% e 98%',
    );
    expect(
      translate('fr_FR', 'game.limbo_target', { min: decimal(1.01, 2), max: decimal(1_000_000, 2) }),
    ).toBe('La cible doit être comprise entre 1,01 et 1\u202f000\u202f000,00');
    expect(translate('ja_JP', 'reset.mail_body', { code: '012345', minutes: 15 })).toBe(
      '認証コードは012345です。有効期間は15分です。お心当たりがない場合は、このメールを無視してください。',
    );
  });

  it('falls back to pt_BR for an unknown language and to the key for an unknown key', () => {
    expect(translate('xx_YY', 'wallet.insufficient_funds')).toBe('Saldo insuficiente');
    expect(translate('ko_KR', 'no.such.key')).toBe('no.such.key');
  });

  it('keeps the texts the spec pins, typos included', () => {
    expect(translate('pt_BR', 'game.closed')).toBe('Em Breve...');
    expect(translate('pt_BR', 'withdraw.no_more_today')).toBe(
      'Número de retiradas restantes hoje 0, tente novamente amanhã。',
    );
    expect(translate('pt_BR', 'withdraw.maximum', { max: money(1_000_000n) })).toBe(
      'Montante máximo de levantamento:R$ 10.000,00',
    );
  });
});
