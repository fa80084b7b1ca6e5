// The 15 languages the app ships. Each carries the currency it prices in (sent as the `curreny`
// header), the phone dial code used at registration and the BCP 47 tag Intl needs. Money's symbol
// comes from the money's currency (lib/format), never from the language.
export type LocaleCode =
  | 'pt_BR'
  | 'en_US'
  | 'id_ID'
  | 'vi_VN'
  | 'nr_NR'
  | 'ja_JP'
  | 'ko_KR'
  | 'zh_CN'
  | 'ru_RU'
  | 'de_DE'
  | 'es_ES'
  | 'fr_FR'
  | 'it_IT'
  | 'hi_IN'
  | 'th_TH';

export interface LocaleInfo {
  code: LocaleCode;
  /** The language's own name, shown in the picker. */
  nativeName: string;
  intlTag: string;
  currency: string;
  dialCode: string;
}

export const defaultLocale: LocaleCode = 'pt_BR';

export const locales: readonly LocaleInfo[] = [
  {
    code: 'pt_BR',
    nativeName: 'Português',
    intlTag: 'pt-BR',
    currency: 'BRL',
    dialCode: '+55',
  },
  { code: 'en_US', nativeName: 'English', intlTag: 'en-US', currency: 'USD', dialCode: '+1' },
  {
    code: 'id_ID',
    nativeName: 'Bahasa Indonesia',
    intlTag: 'id-ID',
    currency: 'IDR',
    dialCode: '+62',
  },
  {
    code: 'vi_VN',
    nativeName: 'Tiếng Việt',
    intlTag: 'vi-VN',
    currency: 'VND',
    dialCode: '+84',
  },
  // nr_NR is the specification's code for Nigeria (naira); its texts are Nigerian English.
  {
    code: 'nr_NR',
    nativeName: 'English (Nigeria)',
    intlTag: 'en-NG',
    currency: 'NGN',
    dialCode: '+234',
  },
  { code: 'ja_JP', nativeName: '日本語', intlTag: 'ja-JP', currency: 'JPY', dialCode: '+81' },
  { code: 'ko_KR', nativeName: '한국어', intlTag: 'ko-KR', currency: 'KRW', dialCode: '+82' },
  { code: 'zh_CN', nativeName: '简体中文', intlTag: 'zh-CN', currency: 'CNY', dialCode: '+86' },
  { code: 'ru_RU', nativeName: 'Русский', intlTag: 'ru-RU', currency: 'RUB', dialCode: '+7' },
  { code: 'de_DE', nativeName: 'Deutsch', intlTag: 'de-DE', currency: 'EUR', dialCode: '+49' },
  { code: 'es_ES', nativeName: 'Español', intlTag: 'es-ES', currency: 'EUR', dialCode: '+34' },
  { code: 'fr_FR', nativeName: 'Français', intlTag: 'fr-FR', currency: 'EUR', dialCode: '+33' },
  { code: 'it_IT', nativeName: 'Italiano', intlTag: 'it-IT', currency: 'EUR', dialCode: '+39' },
  { code: 'hi_IN', nativeName: 'हिन्दी', intlTag: 'hi-IN', currency: 'INR', dialCode: '+91' },
  { code: 'th_TH', nativeName: 'ไทย', intlTag: 'th-TH', currency: 'THB', dialCode: '+66' },
];

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && locales.some((locale) => locale.code === value);
}

export function localeInfo(code: LocaleCode): LocaleInfo {
  // The table is exhaustive over LocaleCode, so the fallback only guards against a future typo.
  return locales.find((locale) => locale.code === code) ?? locales[0]!;
}
