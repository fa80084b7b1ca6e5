import i18next from 'i18next';
import crashPt from '../../locales/pt_BR/crash.json';

// Crash's texts ride in its own chunk: pt_BR (default and fallback) is added when the page loads; other languages
// are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'crash')) {
  i18next.addResourceBundle('pt_BR', 'crash', crashPt, true, false);
}

export const crashNamespace = 'crash';
