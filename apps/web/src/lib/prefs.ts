import { create } from 'zustand';
import { defaultLocale, isLocaleCode, type LocaleCode, localeInfo } from './locales';
import { readStorage, storageKeys, writeStorage } from './storage';

// Small client-side app state (spec.md "App state"): the selected language and app mode.
// Server data never lives here; it belongs to the query cache.
interface PrefsState {
  locale: LocaleCode;
  /** True when the page was opened by the native app shell (`?isapp=1`). */
  isApp: boolean;
  setLocale(locale: LocaleCode): void;
  setIsApp(isApp: boolean): void;
}

function initialLocale(): LocaleCode {
  const stored = readStorage(storageKeys.lang);
  return isLocaleCode(stored) ? stored : defaultLocale;
}

export const usePrefs = create<PrefsState>((set) => ({
  locale: initialLocale(),
  isApp: readStorage(storageKeys.isApp) === '1',
  setLocale(locale) {
    writeStorage(storageKeys.lang, locale);
    set({ locale });
  },
  setIsApp(isApp) {
    writeStorage(storageKeys.isApp, isApp ? '1' : '0');
    set({ isApp });
  },
}));

/** Reads `isapp=1` from the address once at start-up; a later visit without it keeps the stored mode. */
export function captureAppMode(search: string): void {
  if (new URLSearchParams(search).get('isapp') === '1') usePrefs.getState().setIsApp(true);
}

export function currentLocaleInfo() {
  return localeInfo(usePrefs.getState().locale);
}
