import i18next from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { openOverlay } from '../lib/overlays';
import { useToken } from '../lib/token';
import { showAlert } from '../lib/ui';

// React may run an effect twice in development; one refusal should show one alert.
const alertGapMs = 1000;
let lastAlertAt = 0;

function refuse(): void {
  openOverlay('login');
  const now = Date.now();
  if (now - lastAlertAt < alertGapMs) return;
  lastAlertAt = now;
  void showAlert(i18next.t('common:router_noToken'));
}

/**
 * The login guard (spec.md section 2): without a token the page is not shown; the player is sent
 * home, the login overlay opens and an alert says why (key router_noToken) with an OK button.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const token = useToken((state) => state.token);
  useEffect(() => {
    if (!token) refuse();
  }, [token]);
  if (!token) return <Navigate to="/home" replace />;
  return children;
}
