import i18next from 'i18next';
import builderPt from '../../../locales/pt_BR/builder.json';

// The bet builder's texts ride in the sports chunk: pt_BR (default and fallback) is added here when the match page
// loads; other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'builder')) {
  i18next.addResourceBundle('pt_BR', 'builder', builderPt, true, false);
}

export const builderNamespace = 'builder';
