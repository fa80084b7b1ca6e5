import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installHttpEffects } from './app/http-effects';
import { router } from './app/router';
import { prepareHome } from './app/shell/first-home';
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
// The device fingerprint is not started here: it is computed when idle once the sign-in form opens
// (lib/device.ts), so it never delays the first paint or the first call.

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Texts first: the shell renders translated from its first frame. On the home routes the home's chunk and game
// list come too, fetched in parallel, so React's first frame is the finished home: the static picture home.html
// painted turns into the page with no loading state in between (app/shell/first-home.ts).
// The render is a transition: React then renders in slices that yield to the browser every few milliseconds
// instead of one long task, so a slow phone's main thread stays free to answer a tap (issue 27, decision 0011).
void Promise.all([initI18n(), prepareHome(window.location.pathname)]).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
});
