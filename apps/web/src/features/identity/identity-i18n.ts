import i18next from 'i18next';
import identityPt from '../../locales/pt_BR/identity.json';

// The identity form's texts ride in its own chunk: pt_BR (default and fallback) is added when the form loads; other
// languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'identity')) {
  i18next.addResourceBundle('pt_BR', 'identity', identityPt, true, false);
}

export const identityNamespace = 'identity';
