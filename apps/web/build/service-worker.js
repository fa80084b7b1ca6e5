// The app's service worker. The build (build/pwa.ts) replaces the two placeholders below with this build's shell
// files and a version derived from them.
//
// - The shell (index.html, the entry's script and CSS, the offline page) is cached at install, so the app opens
//   without a network; a page visit still asks the network first, so a deploy shows at once when online.
// - Hashed files under /assets/ never change: served from the cache once fetched.
// - Nothing else is touched: /api, the socket, the dev and docs pages always go to the network, never cached.
// - A new deploy (new version) installs beside the old one, takes over at once and deletes the old shell; hashed
//   files of the old build stay in the assets cache, so a page still running the old build can load its chunks.
const SHELL = self.__SHELL__;
const VERSION = self.__VERSION__;
const SHELL_CACHE = `aposta-shell-${VERSION}`;
const ASSETS_CACHE = 'aposta-assets';
const ASSETS_KEPT = 120;
const NEVER = ['/api/', '/gamecenter-siop', '/dev/', '/docs'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('aposta-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(openPage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(hashedFile(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  }
});

async function openPage(request) {
  try {
    return await fetch(request);
  } catch {
    // Offline: a cached page itself (the offline page), else the app (every client-side route is the same
    // page), else the offline page.
    const shell = await caches.open(SHELL_CACHE);
    return (
      (await shell.match(request, { ignoreSearch: true })) ??
      (await shell.match('/')) ??
      (await shell.match('/offline.html')) ??
      Response.error()
    );
  }
}

async function hashedFile(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSETS_CACHE);
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    // Oldest first: drop what is beyond the limit, so old builds do not pile up.
    await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSETS_KEPT)).map((key) => cache.delete(key)));
  }
  return response;
}
