import i18next from 'i18next';
import { askRegistration, isRegistrationRefusal } from '../features/auth/registration-due';
import { askFaceRecheck, isFaceCheckRefusal } from '../features/identity/face-recheck';
import { configureHttpEffects } from '../lib/http';
import { openOverlay } from '../lib/overlays';
import { clearSession } from '../lib/session';
import { currentToken } from '../lib/token';
import { showAlert, showToast } from '../lib/ui';
import { closeAllOverlaysAndDialogs } from './overlay-control';
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
    blocked(message, data) {
      if (isRegistrationRefusal(data)) {
        askRegistration();
        return;
      }
      if (isFaceCheckRefusal(data)) {
        askFaceRecheck(data);
        return;
      }
      // The error page must be seen: a login refused with 1403 (a self-exclusion) would leave its overlay on top.
      closeAllOverlaysAndDialogs();
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
