import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, PHONE } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

// A first visit on a phone (docs/decisions/0011): the game tiles come without waiting for the device
// fingerprint, which is computed only once the sign-in form is open and sent with the call that needs it.
describe('first load on a phone', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.stop());

  it('draws tappable game tiles while the fingerprint has not even been asked for; sign-up sends it', async () => {
    const phone = await openPhone(server.baseUrl);
    try {
      // Without the service worker: a request it answers from its cache would pass by page.route.
      const context = await phone.browser.newContext({
        ...PHONE,
        baseURL: server.baseUrl,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => phone.errors.push(error.message));
      // The fingerprint's chunk is held back until the test lets it go: nothing on the way to the tiles may wait
      // for it.
      const held: Route[] = [];
      let release = false;
      await page.route(/\/assets\/fp\.esm-[^/]+\.js$/, async (route) => {
        if (release) await route.continue();
        else held.push(route);
      });
      const calls: { path: string; deviceId: string | undefined }[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/'))
          calls.push({ path: url.pathname, deviceId: request.headers().deviceid });
      });

      await page.goto('/home');
      const mines = page.getByRole('button', { name: 'Mines' });
      await mines.waitFor();
      // Tappable: a guest's tap on a tile opens the sign-in overlay.
      await mines.click();
      const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
      await dialog.waitFor();
      // The game lists came inside the page (the server wrote them beside its tiles): the app did not ask again.
      expect(calls.map((call) => call.path)).not.toContain('/api/app/main/main');
      // Before the form opened, no call carried a device id (none was computed) and none waited for one.
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.filter((call) => call.deviceId !== undefined)).toEqual([]);

      // The open form starts the fingerprint; let its chunk through and sign up.
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
      release = true;
      for (const route of held.splice(0)) await route.continue();
      await registerThroughUi(page, newEmail('primeira'), 'segredo123');

      const stored = await page.evaluate(() => localStorage.getItem('deviceId'));
      expect(stored).toMatch(/^[0-9a-f]{20,}$/);
      const register = calls.find((call) => call.path === '/api/auth/user/restRegister');
      expect(register?.deviceId).toBe(stored);
      // From then on every call carries it.
      expect(calls.at(-1)?.deviceId).toBe(stored);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('lets a guest tap a game tile before any script has run: the link opens the game, which asks to sign in', async () => {
    const phone = await openPhone(server.baseUrl);
    try {
      const context = await phone.browser.newContext({
        ...PHONE,
        baseURL: server.baseUrl,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => phone.errors.push(error.message));
      // Every script is held back: what the player can tap now is the server's HTML alone.
      const held: Route[] = [];
      let release = false;
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        if (release) await route.continue();
        else held.push(route);
      });
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });

      await page.goto('/home', { waitUntil: 'commit' });
      const mines = page.getByRole('link', { name: 'Mines' });
      await mines.waitFor();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      // No script has run: the page is still the server's picture, and the tile's art is drawn.
      expect(await page.locator('#root > .boot-shell').count()).toBe(1);
      const art = await page.locator('a.boot-game .boot-art svg').first().boundingBox();
      expect(art?.width).toBeGreaterThan(50);
      expect(await mines.getAttribute('href')).toBe(
        '/mines?value=mines&productCode=SELF&gameType=mines&name=Mines',
      );

      // The tap opens the game's page; there the scripts may come, and the login guard asks the guest to sign in.
      release = true;
      await mines.tap();
      await expect.poll(() => documents).toContain('/mines');
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      await page.getByRole('dialog', { name: 'Entrar ou registrar' }).waitFor();
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('serves robots.txt as a real file and describes the home page to search engines', async () => {
    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    expect(rules).toMatch(/^Disallow: \/api\/$/m);
    expect(rules).toMatch(/^Disallow: \/admin$/m);
    const home = await (await fetch(`${server.baseUrl}/home`)).text();
    expect(home).toMatch(/<meta\s+name="description"\s+content="[^"]{50,160}"/);
  });
});
