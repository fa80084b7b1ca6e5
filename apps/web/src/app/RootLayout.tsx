import { Outlet } from 'react-router';
import { GlobalLoading } from '../components/GlobalLoading';
import { useRegistrationDueNotice } from '../features/auth/registration-due';
import { useFaceRecheckNotice } from '../features/identity/face-recheck';
import { OverlayHost } from './overlays/OverlayHost';
import { useRealtimeConnection, useTestAccountNotice } from './session-effects';
import { LegalFooter } from './shell/LegalFooter';

/** Everything every route shares: the session's side effects, the overlays and the loading indicator. */
export function RootLayout() {
  useRealtimeConnection();
  useTestAccountNotice();
  useRegistrationDueNotice();
  useFaceRecheckNotice();
  return (
    <div className="app-frame">
      <Outlet />
      <LegalFooter />
      <OverlayHost />
      <GlobalLoading />
    </div>
  );
}
