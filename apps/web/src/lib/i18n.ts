import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import authPt from '../locales/pt_BR/auth.json';
import commonPt from '../locales/pt_BR/common.json';
import engagePt from '../locales/pt_BR/engage.json';
import homePt from '../locales/pt_BR/home.json';
import walletPt from '../locales/pt_BR/wallet.json';
import { defaultLocale, type LocaleCode, localeInfo } from './locales';
import { usePrefs } from './prefs';

// pt_BR is bundled (default and fallback); every other language is its own chunk, loaded when chosen.
export const namespaces = [
  'common',
  'auth',
  'home',
  'wallet',
  'sports',
  'games',
  'invite',
  'engage',
  'rg',
  'legal',
  'transparency',
  'crash',
  'builder',
  'slips',
  'identity',
  'tournaments',
] as const;
export type Namespace = (typeof namespaces)[number];

type LocaleModule = { default: Record<string, unknown> };
const lazyLocales = import.meta.glob<LocaleModule>(['../locales/*/*.json', '!../locales/pt_BR/*.json']);

async function loadLocale(locale: LocaleCode): Promise<void> {
  if (locale === defaultLocale) return;
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18next.hasResourceBundle(locale, namespace)) return;
      const load = lazyLocales[`../locales/${locale}/${namespace}.json`];
      if (!load) return;
      const module = await load();
      i18next.addResourceBundle(locale, namespace, module.default, true, true);
    }),
  );
}

function reflectInDocument(locale: LocaleCode): void {
  if (typeof document !== 'undefined') document.documentElement.lang = localeInfo(locale).intlTag;
}

export async function initI18n(): Promise<void> {
  const { locale } = usePrefs.getState();
  await i18next.use(initReactI18next).init({
    resources: {
      [defaultLocale]: { common: commonPt, auth: authPt, home: homePt, wallet: walletPt, engage: engagePt },
    },
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    // Codes are the API's (pt_BR), not BCP 47: use them as they are, without language-only fallbacks.
    load: 'currentOnly',
    ns: [...namespaces],
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (locale !== defaultLocale) await changeLocale(locale);
  else reflectInDocument(locale);
}

export async function changeLocale(locale: LocaleCode): Promise<void> {
  await loadLocale(locale);
  await i18next.changeLanguage(locale);
  usePrefs.getState().setLocale(locale);
  reflectInDocument(locale);
}
