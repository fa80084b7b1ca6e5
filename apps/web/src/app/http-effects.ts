import i18next from 'i18next';
import { configureHttpEffects } from '../lib/http';
import { openOverlay } from '../lib/overlays';
import { clearSession } from '../lib/session';
import { currentToken } from '../lib/token';
import { showAlert, showToast } from '../lib/ui';
import { router } from './router';

/** The client side of the error catalogue (spec.md section 8), wired to the router and overlays. */
export function installHttpEffects(): void {
  configureHttpEffects({
    logout() {
      const hadSession = currentToken() !== null;
      clearSession();
      if (hadSession) void showToast(i18next.t('common:messages.sessionExpired'));
    },
    insufficientFunds(message) {
      void showAlert(message, () => {
        openOverlay('deposit');
        void router.navigate('/home');
      });
    },
    blocked(message) {
      void router.navigate('/error', { state: { message } });
    },
    alert(message) {
      void showAlert(message);
    },
    errorPage() {
      void router.navigate('/error');
    },
    slowNetworkText: () => i18next.t('common:messages.slowNetwork'),
  });
}
