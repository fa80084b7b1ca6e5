import i18next from 'i18next';
import legalPt from '../../locales/pt_BR/legal.json';

// The Terms and the Privacy Policy ride in their own chunk: pt_BR (default and fallback) is added when one of
// these pages loads; other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'legal')) {
  i18next.addResourceBundle('pt_BR', 'legal', legalPt, true, false);
}

export const legalNamespace = 'legal';
