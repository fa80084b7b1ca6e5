import 'dayjs/locale/pt-br';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client.ts';
import enUS from '../locales/en_US.json';
import ptBR from '../locales/pt_BR.json';

export type AdminLanguage = 'pt_BR' | 'en_US';
export const LANGUAGES: AdminLanguage[] = ['pt_BR', 'en_US'];
const KEY = 'aposta.admin.lang';

function storedLanguage(): AdminLanguage {
  const stored = localStorage.getItem(KEY);
  return stored === 'en_US' ? 'en_US' : 'pt_BR';
}

/** pt-BR is the default; the choice is remembered per browser. */
export function applyLanguage(lang: AdminLanguage): void {
  localStorage.setItem(KEY, lang);
  setApiLanguage(lang);
  dayjs.locale(lang === 'pt_BR' ? 'pt-br' : 'en');
  document.documentElement.lang = lang === 'pt_BR' ? 'pt-BR' : 'en-US';
  void i18next.changeLanguage(lang);
}

const initial = storedLanguage();
void i18next.use(initReactI18next).init({
  resources: { pt_BR: { translation: ptBR }, en_US: { translation: enUS } },
  lng: initial,
  fallbackLng: 'pt_BR',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyLanguage(initial);

export default i18next;
