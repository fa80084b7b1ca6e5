import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { api, operatorToken, registerPlayerByApi } from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

const OWNER = { username: 'e2e-lobby-owner', password: 'e2e-lobby-owner-secret-2026' };

// Screenshots of the casino home, the register form and the legal pages, for a person to look at.
const SHOTS = process.env.LOBBY_SHOTS_DIR ?? '/tmp/shots/lobby';

/** Whether every image in `scope` has arrived and decoded (a broken or missing file has naturalWidth 0). */
function imagesLoaded(scope: Locator): Promise<boolean[]> {
  return scope
    .locator('img')
    .evaluateAll((images) =>
      images.map(
        (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      ),
    );
}

/** Scrolls a lazy row into view so its images load, then waits until all of them have. */
async function expectArtLoaded(page: Page, row: Locator, tiles: number) {
  await row.scrollIntoViewIfNeeded();
  await expect
    .poll(() => row.getByRole('listitem').count(), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(tiles);
  // Lazy images further along the row load as it scrolls: bring each into view.
  for (const image of await row.locator('img').all()) await image.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await imagesLoaded(row)).every(Boolean), { timeout: 20_000 }).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The catalogue follows the studio's game lists once the fresh server has answered them (12 slots, 6 house). */
async function catalogueReady(baseUrl: string) {
  await expect
    .poll(
      async () => {
        const list = await fetch(`${baseUrl}/api/app/game/list?size=100`);
        return ((await list.json()) as Envelope<{ total: number }>).data.total;
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBeGreaterThanOrEqual(18);
}

describe('a casino home a player recognises, and a registration that names what is missing (issue 27)', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  // First in the file: the lobby's badges are counted once a minute, and this journey's bet makes Dice hot.
  it('a lobby: the house games with their art and badges, recently played in-house games, search and providers', async () => {
    const { page } = phone;
    await catalogueReady(server.baseUrl);
    // Registered by the API: home's badges are counted on its first visit, which must come after this bet.
    const { token } = await registerPlayerByApi(server.baseUrl, newEmail('lobby'));
    await deposit(server.baseUrl, token);
    await page.addInitScript((value) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', value);
    }, token);
    const bet = await fetch(`${server.baseUrl}/api/app/game/dice/bet`, {
      method: 'POST',
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ amount: '1.00', target: 50, direction: 'under' }),
    });
    expect(bet.status).toBe(200);

    await page.goto('/home');
    // The in-house games, Crash among them, each with its art file.
    const house = page.getByRole('list', { name: 'Jogos da casa' });
    await expectArtLoaded(page, house, 7);
    const srcs = await house
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(srcs).toEqual(expect.arrayContaining(['/games/dice.svg', '/games/crash.svg']));
    // Badges: Crash is new, Dice (bet this week) is hot.
    await expect.poll(() => house.getByRole('button', { name: /Crash/ }).textContent()).toContain('Novo');
    await expect.poll(() => house.getByRole('button', { name: /Dice/ }).textContent()).toContain('Em alta');
    // Recently played holds the in-house game the player bet on.
    const recent = page.getByRole('list', { name: 'Jogados recentemente' });
    await expect.poll(() => recent.getByRole('listitem').first().textContent()).toContain('Dice');
    await expectArtLoaded(page, recent, 1);
    await page.screenshot({ path: `${SHOTS}/home-lobby.png`, fullPage: true, animations: 'disabled' });

    // Search by name: only the matching game, from any provider.
    await page.getByPlaceholder('Buscar jogos').fill('coelho');
    const results = page.getByRole('list', { name: 'Resultados para “coelho”' });
    await expect.poll(() => results.getByRole('listitem').allTextContents()).toEqual(['Coelho da Lua']);
    await page.screenshot({ path: `${SHOTS}/home-search.png`, animations: 'disabled' });
    // The Originals chip: the in-house games only.
    await page.getByPlaceholder('Buscar jogos').fill('');
    await page.getByRole('tab', { name: 'Originais' }).click();
    const originals = page.getByRole('list', { name: 'Originais' });
    await expect.poll(() => originals.getByRole('listitem').count()).toBe(7);
    expect(await originals.getByRole('button', { name: /Coelho da Lua/ }).count()).toBe(0);
    // A provider's chip: that provider's slots only.
    await page.getByRole('tab', { name: 'PG slots' }).click();
    const pg = page.getByRole('list', { name: 'PG slots' });
    await expect.poll(() => pg.getByRole('listitem').count()).toBe(4);
    await originals.waitFor({ state: 'detached' });

    // Tapping Crash opens its page.
    await page.getByRole('tab', { name: 'Todos' }).click();
    await house.getByRole('button', { name: /Crash/ }).click();
    // (The crash page is its own journey's; here only that the tile leads there.)
    await page.waitForURL((url) => url.pathname === '/crash', { waitUntil: 'commit' });

    // /gg: the recently played row, and every game with its art and badges.
    await page.goto('/gg');
    await page.getByRole('list', { name: 'Jogados recentemente' }).waitFor();
    const all = page.getByRole('list', { name: 'Todos' });
    await expect
      .poll(() => all.getByRole('listitem').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(19);
    await expect
      .poll(() => all.getByRole('listitem').filter({ hasText: 'Crash' }).textContent())
      .toContain('Novo');
    await page.screenshot({ path: `${SHOTS}/gg.png`, fullPage: true, animations: 'disabled' });
  });

  it('shows a guest the hot slots with their art and the banners with their art, never a blank tile', async () => {
    const { page } = phone;
    await catalogueReady(server.baseUrl);
    // Two running activities: one the operator gave no image, one whose image is gone.
    const operator = await operatorToken(server.baseUrl, OWNER.username, OWNER.password);
    for (const [sort, image] of [
      [1, ''],
      [2, '/promos/sumiu.png'],
    ] as const) {
      const created = await api(server.baseUrl, 'POST', '/api/admin/activities', {
        token: operator,
        body: {
          title: `Campanha ${sort}`,
          image,
          summary: 'Aposte R$ 100 e ganhe R$ 10',
          content: 'Aposte R$ 100 em qualquer jogo.',
          startsAt: Date.now() - 60_000,
          endsAt: Date.now() + 86_400_000,
          targetStake: 100,
          reward: 10,
          enabled: true,
          sort,
        },
      });
      expect(created.http, created.message).toBe(200);
    }
    await page.goto('/home');
    const banner = page.locator('.home-banner');
    await banner.waitFor();
    await expect.poll(async () => (await imagesLoaded(banner)).every(Boolean)).toBe(true);
    expect((await banner.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    // Each activity slide shows real art in its reserved 16:7 box.
    const slides = page.locator('.activity-slide');
    await expect.poll(() => slides.count()).toBe(2);
    await expect
      .poll(async () => (await imagesLoaded(page.locator('.activity-track'))).every(Boolean))
      .toBe(true);
    expect(await page.locator('.activity-track img').count()).toBe(2);
    expect((await slides.first().boundingBox())?.height ?? 0).toBeGreaterThan(100);

    const hot = page.getByRole('list', { name: 'Slots em alta' });
    await expectArtLoaded(page, hot, 10);
    // Slots from every provider of the catalogue, by name (not the in-house games).
    await hot.getByRole('button', { name: /Dragão de Jade/ }).waitFor();
    expect(await hot.getByRole('button', { name: 'Dice' }).count()).toBe(0);
    // A guest has played nothing here.
    expect(await page.getByRole('heading', { name: 'Jogados recentemente' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/home-guest.png`, fullPage: true, animations: 'disabled' });

    // A guest who taps a slot is asked to log in.
    await hot.getByRole('button', { name: /Dragão de Jade/ }).click();
    await page.getByRole('dialog', { name: 'Entrar ou registrar' }).waitFor();
  });

  it('puts a slot the player just opened first in "Jogados recentemente", and counts the player online', async () => {
    const { page } = phone;
    await catalogueReady(server.baseUrl);
    await registerThroughUi(page, newEmail('lobby'), 'segredo123');
    // Money on the account, so the low-balance offer does not cover home on the way back.
    await deposit(server.baseUrl, (await page.evaluate(() => localStorage.getItem('token'))) ?? '');
    // This player's socket makes one player online; the server counts afresh every 15 s.
    await expect
      .poll(
        async () => {
          const config = await fetch(`${server.baseUrl}/api/app/main/config`);
          return ((await config.json()) as Envelope<{ onlineBase: number }>).data.onlineBase;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await page.goto('/home');
    // One player online shows 101 × 1 plus up to 100 (spec.md section 9): never 0.
    await expect
      .poll(async () => (await page.getByTestId('online-count').textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/\b(1\d\d|20\d)\b/);
    const hot = page.getByRole('list', { name: 'Slots em alta' });
    await expectArtLoaded(page, hot, 10);

    await hot.getByRole('button', { name: /Coelho da Lua/ }).click();
    await page.waitForURL((url) => url.pathname === '/play');
    await page.locator('iframe.play-frame').waitFor();
    await page.getByRole('button', { name: 'Sair do jogo' }).click();
    await page.waitForURL((url) => url.pathname === '/home');

    const recent = page.getByRole('list', { name: 'Jogados recentemente' });
    await recent.waitFor();
    await expect.poll(() => recent.getByRole('listitem').first().textContent()).toContain('Coelho da Lua');
    await expectArtLoaded(page, recent, 1);
    await page.screenshot({ path: `${SHOTS}/home-player.png`, fullPage: true, animations: 'disabled' });
  });

  it('an empty register submit says "Por favor verifique" and names every missing field', async () => {
    const { page } = phone;
    await page.goto('/home');
    await page.getByRole('button', { name: 'Registrar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
    await dialog.getByRole('tab', { name: 'Registrar' }).click();
    await dialog.getByRole('button', { name: 'Criar conta' }).click();
    const problem = dialog.getByRole('alert');
    await expect
      .poll(() => problem.textContent())
      .toBe('Por favor verifique. Falta: E-mail, Senha, Código de verificação e aceitar os Termos');
    await page.screenshot({ path: `${SHOTS}/register-empty.png`, animations: 'disabled' });

    // Filled in part, it names only what is still missing.
    await dialog.getByLabel('E-mail').fill(newEmail('lobby'));
    await dialog.getByLabel('Senha', { exact: true }).fill('segredo123');
    await dialog.getByRole('button', { name: 'Criar conta' }).click();
    await expect
      .poll(() => problem.textContent())
      .toBe('Por favor verifique. Falta: Código de verificação e aceitar os Termos');

    // The agreement's Terms and Privacy Policy are links to the real pages.
    expect(await dialog.getByRole('link', { name: 'Termos' }).getAttribute('href')).toBe('/termos');
    expect(await dialog.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe(
      '/privacidade',
    );
    await page.screenshot({ path: `${SHOTS}/register-missing.png`, animations: 'disabled' });
  });

  it('opens the Terms and the Privacy Policy in pt_BR and in another language', async () => {
    const { page } = phone;
    await page.goto('/termos');
    await page.getByRole('heading', { name: 'Termos e condições', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Somente maiores de 18 anos' }).waitFor();
    await page.getByRole('heading', { name: 'Jogo responsável' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/terms-pt.png`, fullPage: true, animations: 'disabled' });

    await page.goto('/privacidade');
    await page.getByRole('heading', { name: 'Política de privacidade', level: 1 }).waitFor();
    await page.getByText(/LGPD/).first().waitFor();
    await page.getByRole('heading', { name: 'Seus direitos' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/privacy-pt.png`, fullPage: true, animations: 'disabled' });

    await page.evaluate(() => localStorage.setItem('lang', 'es_ES'));
    await page.goto('/termos');
    await page.getByRole('heading', { name: 'Términos y condiciones', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Solo mayores de 18 años' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/terms-es.png`, fullPage: true, animations: 'disabled' });
    await page.goto('/privacidade');
    await page.getByRole('heading', { name: 'Tus derechos' }).waitFor();
  });
});
