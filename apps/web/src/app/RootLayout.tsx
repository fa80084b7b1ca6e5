import { Outlet } from 'react-router';
import { GlobalLoading } from '../components/GlobalLoading';
import { OverlayHost } from './overlays/OverlayHost';
import { useRealtimeConnection, useTestAccountNotice } from './session-effects';

/** Everything every route shares: the session's side effects, the overlays and the loading indicator. */
export function RootLayout() {
  useRealtimeConnection();
  useTestAccountNotice();
  return (
    <div className="app-frame">
      <Outlet />
      <OverlayHost />
      <GlobalLoading />
    </div>
  );
}
