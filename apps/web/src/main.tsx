import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installHttpEffects } from './app/http-effects';
import { router } from './app/router';
import { getDeviceId } from './lib/device';
import { initI18n } from './lib/i18n';
import { captureAppMode } from './lib/prefs';
import { queryClient } from './lib/query-client';
import { keepRootFontSize } from './lib/root-font-size';
import { registerServiceWorker } from './lib/service-worker';
import './app/global.css';

keepRootFontSize(window);
captureAppMode(window.location.search);
installHttpEffects();
registerServiceWorker(window);
// Every API call carries the device fingerprint: start it now, in parallel with the first page's chunks, rather
// than when the first call is made (on a slow phone that call waited seconds for it).
void getDeviceId();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Texts first: the shell renders translated from its first frame.
void initI18n().then(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
