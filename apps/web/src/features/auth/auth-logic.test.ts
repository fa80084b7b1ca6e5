import { describe, expect, it } from 'vitest';
import { captchaUrl, codeIdMax, newCodeId } from './captcha';
import { emailSuggestions, mailDomains } from './email-domains';

describe('emailSuggestions', () => {
  it('offers 14 distinct domains', () => {
    expect(new Set(mailDomains).size).toBe(14);
  });

  it('completes a bare name with the first domains', () => {
    expect(emailSuggestions('joao')).toEqual([
      'joao@gmail.com',
      'joao@hotmail.com',
      'joao@outlook.com',
      'joao@yahoo.com',
      'joao@yahoo.com.br',
    ]);
  });

  it('filters by the typed domain part and lower-cases', () => {
    expect(emailSuggestions('Joao@Ya')).toEqual(['joao@yahoo.com', 'joao@yahoo.com.br']);
    expect(emailSuggestions('joao@yahoo.com')).toEqual(['joao@yahoo.com.br']);
    expect(emailSuggestions('joao@gmail.com')).toEqual([]);
  });

  it('suggests nothing without a name', () => {
    expect(emailSuggestions('')).toEqual([]);
    expect(emailSuggestions('@gm')).toEqual([]);
  });
});

describe('captcha', () => {
  it('draws ids in 1..100 000 000', () => {
    expect(newCodeId(() => 0)).toBe(1);
    expect(newCodeId(() => 0.999999999999)).toBe(codeIdMax);
    expect(captchaUrl(42)).toBe('/api/auth/user/captcha/42');
  });
});
