import i18next from 'i18next';
import gamesPt from '../../locales/pt_BR/games.json';

// The games' texts ride in the games chunk, not the first page's: pt_BR (default and fallback) is
// added here when a game page loads; other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'games')) {
  i18next.addResourceBundle('pt_BR', 'games', gamesPt, true, false);
}

export const gamesNamespace = 'games';
