import i18next from 'i18next';
import transparencyPt from '../../locales/pt_BR/transparency.json';

// The transparency page's texts ride in its own chunk: pt_BR (default and fallback) is added when the page loads;
// other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'transparency')) {
  i18next.addResourceBundle('pt_BR', 'transparency', transparencyPt, true, false);
}

export const transparencyNamespace = 'transparency';
