import { centsToDecimalString, currencySymbol, LEDGER_CURRENCY } from '@aposta/money';
import i18next from 'i18next';
import deDE from '../locales/de_DE.json' with { type: 'json' };
import enUS from '../locales/en_US.json' with { type: 'json' };
import esES from '../locales/es_ES.json' with { type: 'json' };
import frFR from '../locales/fr_FR.json' with { type: 'json' };
import hiIN from '../locales/hi_IN.json' with { type: 'json' };
import idID from '../locales/id_ID.json' with { type: 'json' };
import itIT from '../locales/it_IT.json' with { type: 'json' };
import jaJP from '../locales/ja_JP.json' with { type: 'json' };
import koKR from '../locales/ko_KR.json' with { type: 'json' };
import nrNR from '../locales/nr_NR.json' with { type: 'json' };
import ptBR from '../locales/pt_BR.json' with { type: 'json' };
import ruRU from '../locales/ru_RU.json' with { type: 'json' };
import thTH from '../locales/th_TH.json' with { type: 'json' };
import viVN from '../locales/vi_VN.json' with { type: 'json' };
import zhCN from '../locales/zh_CN.json' with { type: 'json' };
import type { MessageParams } from './domain-error.ts';

/**
 * Server messages in the caller's language (header `lang`), from the JSON catalogues in src/locales (one per
 * language, flat keys, `{name}` placeholders; docs/decisions/0014-server-languages.md). pt_BR is the default
 * and the fallback; `npm run check` keeps every catalogue complete.
 */
export type MessageKey = keyof typeof ptBR;
type Catalogue = Record<MessageKey, string>;

export const CATALOGUES = {
  pt_BR: ptBR,
  en_US: enUS,
  id_ID: idID,
  vi_VN: viVN,
  nr_NR: nrNR,
  ja_JP: jaJP,
  ko_KR: koKR,
  zh_CN: zhCN,
  ru_RU: ruRU,
  de_DE: deDE,
  es_ES: esES,
  fr_FR: frFR,
  it_IT: itIT,
  hi_IN: hiIN,
  th_TH: thTH,
} satisfies Record<string, Catalogue>;

export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];
export const DEFAULT_LANGUAGE: Language = 'pt_BR';

/** The BCP 47 tag Intl needs for each language (nr_NR is the spec's code for Nigeria: Nigerian English). */
const INTL_TAGS: Record<Language, string> = {
  pt_BR: 'pt-BR',
  en_US: 'en-US',
  id_ID: 'id-ID',
  vi_VN: 'vi-VN',
  nr_NR: 'en-NG',
  ja_JP: 'ja-JP',
  ko_KR: 'ko-KR',
  zh_CN: 'zh-CN',
  ru_RU: 'ru-RU',
  de_DE: 'de-DE',
  es_ES: 'es-ES',
  fr_FR: 'fr-FR',
  it_IT: 'it-IT',
  hi_IN: 'hi-IN',
  th_TH: 'th-TH',
};

const messages = i18next.createInstance();
void messages.init({
  resources: Object.fromEntries(
    Object.entries(CATALOGUES).map(([language, catalogue]) => [language, { translation: catalogue }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  // Codes such as pt_BR are used as they are, never cut down to a bare 'pt' that has no catalogue.
  load: 'currentOnly',
  cleanCode: false,
  lowerCaseLng: false,
  // Keys are flat ('withdraw.minimum'), placeholders single-braced ('{limit}') as the spec writes them.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  initAsync: false,
});

/** Both spellings name a language: `pt_BR` (the spec's) and `pt-BR` (BCP 47's, as browsers send it). */
const byCode = new Map<string, Language>(
  LANGUAGES.flatMap((language) => [
    [language, language],
    [language.replace('_', '-'), language],
  ]),
);

/** The language of a request's messages: its `lang` header when we speak it, else pt_BR. */
export function resolveLanguage(header: unknown): Language {
  return (typeof header === 'string' && byCode.get(header.trim())) || DEFAULT_LANGUAGE;
}

/** A money amount for a message: formatted in the caller's language, its symbol from its own currency. */
export interface MoneyParam {
  readonly cents: bigint;
  readonly currency: string;
}

/** A number shown with a fixed count of decimals (a limbo target of 1,01). */
export interface DecimalParam {
  readonly value: number;
  readonly fractionDigits: number;
}

/** The ledger's accounts are in reais: a message's amount is in reais unless it says otherwise. */
export const money = (cents: bigint, currency = LEDGER_CURRENCY): MoneyParam => ({ cents, currency });
export const decimal = (value: number, fractionDigits: number): DecimalParam => ({ value, fractionDigits });

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, fractionDigits: number | undefined): Intl.NumberFormat {
  const cacheKey = `${language}:${fractionDigits ?? ''}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(
      INTL_TAGS[language],
      fractionDigits === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    numberFormats.set(cacheKey, format);
  }
  return format;
}

function isMoney(value: unknown): value is MoneyParam {
  return typeof value === 'object' && value !== null && 'cents' in value;
}

/**
 * Params as the caller reads them: numbers in the language's digits and separators, money with 2 decimals,
 * text as it is. A message with an amount gets `{symbol}` from the amount's currency, never from the
 * language: an en_US caller with a balance in reais reads R$.
 */
function formatParams(language: Language, params: MessageParams): Record<string, string> {
  const formatted: Record<string, string> = {};
  let symbol: string | undefined;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') formatted[name] = value;
    else if (typeof value === 'number') formatted[name] = numberFormat(language, undefined).format(value);
    else if (isMoney(value)) {
      formatted[name] = numberFormat(language, 2).format(centsToDecimalString(value.cents) as `${number}`);
      symbol ??= currencySymbol(value.currency);
    } else formatted[name] = numberFormat(language, value.fractionDigits).format(value.value);
  }
  formatted.symbol ??= symbol ?? currencySymbol(LEDGER_CURRENCY);
  return formatted;
}

export function translate(language: string, key: string, params: MessageParams = {}): string {
  const lng = resolveLanguage(language);
  return messages.t(key, { lng, ...formatParams(lng, params), defaultValue: key });
}
