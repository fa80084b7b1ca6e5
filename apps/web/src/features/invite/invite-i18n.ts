import i18next from 'i18next';
import invitePt from '../../locales/pt_BR/invite.json';

// The invitation pages' texts ride in their own chunk: pt_BR (default and fallback) is added when one of these
// pages loads; other languages are loaded by lib/i18n.ts like every namespace.
if (!i18next.hasResourceBundle('pt_BR', 'invite')) {
  i18next.addResourceBundle('pt_BR', 'invite', invitePt, true, false);
}

export const inviteNamespace = 'invite';
