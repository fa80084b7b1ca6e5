import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The installable app (docs/decisions/0011): manifest and icons, a service worker that opens the app without a
// network and never keeps API answers.
describe('installable app in a phone browser', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.stop());

  it('has a manifest with 192, 512 and maskable PNG icons', async () => {
    const manifest = (await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const answer = await fetch(`${server.baseUrl}${icon.src}`);
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get('content-type'), icon.src).toBe('image/png');
    }
    const home = await (await fetch(`${server.baseUrl}/home`)).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    // Pinch-zoom stays possible.
    expect(home).not.toMatch(/maximum-scale|user-scalable/);
  });

  it('opens the app offline after one visit, shows the offline page in the chosen language, caches no API answer', async () => {
    const phone = await openPhone(server.baseUrl);
    try {
      const { page, context } = phone;
      await page.goto('/home');
      await page.getByRole('button', { name: 'Mines' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
        .toBe(true);

      await context.setOffline(true);
      await page.reload();
      // The cached shell starts the app: the header is drawn by React, from the cache alone.
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await page.goto('/offline.html');
      await page.getByRole('heading', { name: 'Você está sem internet' }).waitFor();
      await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
      await page.reload();
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain('/');
      expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((url) => url.startsWith('/api/') || url.startsWith('/gamecenter-siop'))).toEqual(
        [],
      );
    } finally {
      await phone.close();
    }
  });
});
