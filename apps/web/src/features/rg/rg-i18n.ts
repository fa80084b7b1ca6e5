import i18next from 'i18next';
import rgPt from '../../locales/pt_BR/rg.json';

// The responsible-gambling pages' texts ride in their own chunk: pt_BR (default and fallback) is added when one
// of these pages loads; other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'rg')) {
  i18next.addResourceBundle('pt_BR', 'rg', rgPt, true, false);
}

export const rgNamespace = 'rg';
