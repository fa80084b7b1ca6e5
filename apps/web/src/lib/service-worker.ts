// Registers the service worker (public build only: the dev server has no sw.js). After the page has loaded, so the
// worker's own downloads never compete with the first paint.
export function registerServiceWorker(win: Window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  win.addEventListener('load', () => {
    win.navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  });
}
