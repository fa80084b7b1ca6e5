import fs from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Screenshots of the slots pages on the phone viewport, for a person to look at.
const SHOTS = process.env.SLOTS_SHOTS_DIR ?? '/tmp/slots-shots';

const isSpin = (response: Response) =>
  /\/studio\/PG\/api\/spin$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST';

describe('provider slots in a phone browser', () => {
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

  async function fundedPlayer(): Promise<{ page: Page; token: string }> {
    const { page } = phone;
    await registerThroughUi(page, newEmail('slots'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await deposit(server.baseUrl, token);
    return { page, token };
  }

  it('opens PG slots from the settings panel, spins until a win with the balance following, leaves, and finds the rounds', async () => {
    const { page, token } = await fundedPlayer();
    // The catalogue follows the studio's game lists once the fresh server has answered them.
    await expect
      .poll(
        async () => {
          const list = await fetch(`${server.baseUrl}/api/app/game/list?productCode=PG`);
          return ((await list.json()) as Envelope<{ total: number }>).data.total;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(4);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'PG slots' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/gameGroupList' && url.searchParams.get('productCode') === 'PG',
    );
    const grid = page.getByRole('list', { name: 'PG slots' });
    await expect
      .poll(() => grid.getByRole('listitem').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: `${SHOTS}/gameGroupList.png`, fullPage: true, animations: 'disabled' });

    // A game's sheet: provider, RTP, paytable and rules.
    const first = grid.getByRole('listitem').first();
    const name = (await first.locator('.slot-name').textContent())!;
    await first.getByRole('button', { name: `Detalhes de ${name}` }).click();
    await page.waitForURL((url) => url.pathname === '/gameMess');
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByText('Tabela de pagamentos').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/gameMess.png`, fullPage: true, animations: 'disabled' });

    // Play: the provider's page full screen; each settled spin moves the balance in the bar above it.
    await page.getByRole('button', { name: 'Jogar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/play');
    const frame = page.frameLocator('iframe.play-frame');
    const spinButton = frame.getByRole('button', { name: 'Girar' });
    await spinButton.waitFor({ timeout: 20_000 });
    await expect.poll(async () => reais(await page.locator('.play-balance').textContent())).toBe(100);
    let balance = 100;
    let won = false;
    for (let spin = 0; spin < 80 && !won; spin++) {
      const answered = page.waitForResponse(isSpin);
      await spinButton.click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { outcome: { win: string }; balance: string };
      balance = Number(body.balance) / 100;
      won = BigInt(body.outcome.win) > 0n;
      await expect
        .poll(async () => reais(await page.locator('.play-balance').textContent()))
        .toBeCloseTo(balance, 2);
    }
    expect(won).toBe(true);
    await page.screenshot({ path: `${SHOTS}/play.png`, animations: 'disabled' });

    // Leave: the game stops (no session open) and the balance is the server's.
    await page.getByRole('button', { name: 'Sair do jogo' }).click();
    await page.waitForURL((url) => url.pathname !== '/play');
    const inPlay = await fetch(`${server.baseUrl}/api/app/game/inPlay`, {
      headers: { Authorization: token },
    });
    expect(((await inPlay.json()) as Envelope<unknown>).data).toBeNull();
    const balances = await fetch(`${server.baseUrl}/api/app/user/getBalance`, {
      headers: { Authorization: token },
    });
    expect(((await balances.json()) as Envelope<{ balance: number }>).data.balance).toBeCloseTo(balance, 2);

    // The rounds are in the player's records (the bets list's slot rounds call).
    const rounds = await fetch(`${server.baseUrl}/api/app/game/slotRounds?size=100`, {
      headers: { Authorization: token },
    });
    const records = ((await rounds.json()) as Envelope<{ records: { payout: number; status: string }[] }>)
      .data.records;
    expect(records.length).toBeGreaterThanOrEqual(1);
    expect(records.some((round) => round.payout > 0)).toBe(true);
    // …and the player finds them on the records page, in the bets tab, under the game's name.
    await page.goto('/registros');
    await page.getByRole('tab', { name: 'Apostas' }).click();
    await page.locator('.record-list').getByText(name).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/records.png`, animations: 'disabled' });

    // Home now shows the game in its recent row.
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Jogados recentemente' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/home.png`, fullPage: true, animations: 'disabled' });
  });

  it('finds games and matches from /search', async () => {
    const { page } = phone;
    await page.goto('/search');
    await page.getByRole('searchbox').fill('Dra');
    await page
      .getByRole('button', { name: /Dragão/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/search.png`, fullPage: true, animations: 'disabled' });
  });
});
