import i18next from 'i18next';
import sportsPt from '../../locales/pt_BR/sports.json';

// The sportsbook's texts ride in its own chunk, not the first page's: pt_BR (default and fallback) is
// added here when a sports page loads (or a bet settles); other languages are loaded by lib/i18n.ts
// like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'sports')) {
  i18next.addResourceBundle('pt_BR', 'sports', sportsPt, true, false);
}

export const sportsNamespace = 'sports';
