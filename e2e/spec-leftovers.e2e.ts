import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { registerPlayerByApi } from './support/desktop.ts';
import { newEmail } from './support/journeys.ts';
import { deposit, type Envelope } from './support/money.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// What spec.md asks of the player's client that no journey pinned (issue 27, docs/decisions/0032): /play open to a
// guest, offGame when a game page is left, the fixed root font of a desktop window, the footer's 4 payment icons.
const SHOTS = process.env.SPEC_SHOTS_DIR ?? '/tmp/shots/spec';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GAME = 'pg-boi-dourado';
const playLink = `/play?productCode=PG&value=${GAME}&name=Boi+Dourado`;

describe('spec leftovers in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  /** The catalogue follows the built-in studio's game lists once the fresh server has answered them. */
  async function slotListed(): Promise<void> {
    await expect
      .poll(
        async () => {
          const list = await fetch(`${server.baseUrl}/api/app/game/list?productCode=PG`);
          const records = ((await list.json()) as Envelope<{ records: { value: string }[] }>).data.records;
          return records.some((game) => game.value === GAME);
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
  }

  const inPlay = async (token: string) => {
    const answer = await fetch(`${server.baseUrl}/api/app/game/inPlay`, {
      headers: { Authorization: token },
    });
    return ((await answer.json()) as Envelope<{ value: string } | null>).data;
  };

  it('lets a guest open /play, asks for login there, and opens the game once logged in', async () => {
    await slotListed();
    const player = await registerPlayerByApi(server.baseUrl, newEmail('guestplay'));
    const { page } = phone;
    await page.goto(playLink);
    const prompt = page.getByText('Entre na sua conta para jogar Boi Dourado');
    await prompt.waitFor();
    expect(new URL(page.url()).pathname).toBe('/play');
    await page.screenshot({ path: `${SHOTS}/play-guest.png`, animations: 'disabled' });

    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
    await dialog.getByLabel('E-mail').fill(player.username);
    await dialog.getByLabel('Senha', { exact: true }).fill(player.password);
    await dialog.getByLabel('Código de verificação').fill(CAPTCHA_BYPASS);
    await dialog.getByRole('button', { name: 'Fazer login' }).click();
    await page
      .frameLocator('iframe.play-frame')
      .getByRole('button', { name: 'Girar' })
      .waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/play');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(await inPlay(token)).toMatchObject({ value: GAME });
  });

  it("tells the server the player left a slot by the phone's back (offGame): the session ends", async () => {
    await slotListed();
    const player = await registerPlayerByApi(server.baseUrl, newEmail('offgame'));
    await deposit(server.baseUrl, player.token);
    const { page } = phone;
    await page.addInitScript((token) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', token);
    }, player.token);
    await page.goto('/gameGroupList?productCode=PG');
    await page
      .getByRole('button', { name: /Boi Dourado/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/play');
    await page
      .frameLocator('iframe.play-frame')
      .getByRole('button', { name: 'Girar' })
      .waitFor({ timeout: 20_000 });
    expect(await inPlay(player.token)).toMatchObject({ value: GAME });

    // Not the page's own leave button (that calls stopGame): the browser's back, as a phone's back gesture.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/gameGroupList');
    await expect.poll(() => inPlay(player.token)).toBeNull();
  });

  it('shows 4 payment icons in the footer of a PIX-only server, each a real image', async () => {
    const { page } = phone;
    await page.goto('/home');
    const payments = page.getByRole('list', { name: 'Formas de pagamento' });
    await payments.scrollIntoViewIfNeeded();
    await expect.poll(() => payments.getByRole('img').count()).toBe(4);
    await expect
      .poll(() =>
        payments
          .getByRole('img')
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    const labels = await payments
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));
    expect(labels[0]).toBe('PIX');
    await page
      .locator('footer.home-footer')
      .screenshot({ path: `${SHOTS}/footer.png`, animations: 'disabled' });
    // The footer links the Terms and Privacy pages, as the registration form does.
    await page.locator('footer.home-footer').getByRole('link', { name: 'Privacidade' }).click();
    await page.waitForURL((url) => url.pathname === '/privacidade');
    await page.locator('footer.home-footer').waitFor({ state: 'detached' });
    await page.goBack();
    await page.locator('footer.home-footer').getByRole('link', { name: 'Termos e condições' }).click();
    await page.getByRole('heading', { name: 'Termos e condições', level: 1 }).waitFor();
  });

  it('keeps the fixed 150 px root font in a narrow desktop window; a phone follows its width', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const desktop = await browser.newContext({
        viewport: { width: 480, height: 900 },
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
        locale: 'pt-BR',
        baseURL: server.baseUrl,
      });
      const page = await desktop.newPage();
      await page.goto('/home');
      await page.locator('footer.home-footer').waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('150px');
      await page.screenshot({ path: `${SHOTS}/desktop-narrow.png`, animations: 'disabled' });
    } finally {
      await browser.close();
    }
    await phone.page.goto('/home');
    await phone.page.locator('footer.home-footer').waitFor();
    const size = await phone.page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    expect(size).toBeCloseTo(390 / 3.93, 1);
  });
});
