import i18next from 'i18next';
import slipsPt from '../../../locales/pt_BR/slips.json';

// Shared slips and the live tracker ride in their own chunk: pt_BR (default and fallback) is added when they
// load; other languages come through lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'slips')) {
  i18next.addResourceBundle('pt_BR', 'slips', slipsPt, true, false);
}

export const slipsNamespace = 'slips';
