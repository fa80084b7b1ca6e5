import i18next from 'i18next';
import tournamentsPt from '../../locales/pt_BR/tournaments.json';

// The tournaments page's texts ride in its own chunk: pt_BR (default and fallback) is added when the page loads;
// other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'tournaments')) {
  i18next.addResourceBundle('pt_BR', 'tournaments', tournamentsPt, true, false);
}

export const tournamentsNamespace = 'tournaments';
