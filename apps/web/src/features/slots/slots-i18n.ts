import i18next from 'i18next';
import gamesPt from '../../locales/pt_BR/games.json';

// The slots' texts live in the games namespace (its `slots` block), which rides in the game chunks: pt_BR
// (default and fallback) is added here when a slots page loads; other languages load like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'games')) {
  i18next.addResourceBundle('pt_BR', 'games', gamesPt, true, false);
}

export const slotsNamespace = 'games';
