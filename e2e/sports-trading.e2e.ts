import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Trading a live match on a phone: the simulated feed plays a tennis match game by game; the player bets on it,
// watches the set score move on the match page, and cashes out half the bet from my bets at the quoted price.
// Screenshots go to SPORTS_SHOTS_DIR.
const SHOTS = process.env.SPORTS_SHOTS_DIR ?? '/tmp/sports-shots';

const headerBalance = async (page: Page) => reais(await page.getByLabel('balance').textContent());

describe('trading a live tennis match in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // The simulated feed, fast: a tennis game every few seconds, and a tennis match kicked off as the server
    // starts and every 79 s after (a test-only control, refused in production), so one is always in its first set.
    server = await startServer({
      SEED_DEMO: '1',
      SPORTSBOOK_FEED_SPEED: '20',
      SPORTSBOOK_FEED_TICK_MS: '1000',
      SPORTSBOOK_SIM_KICKOFF_NOW: 'tennis',
    });
    phone = await openPhone(server.baseUrl);
    // The server's start (up to 120 s on a loaded machine) and the browser's.
  }, 180_000);
  afterAll(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
    await server.stop();
  });

  it('bets on a live tennis match, watches its set score move, and cashes out half', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('trader'), 'segredo123');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await deposit(server.baseUrl, token!);
    await page.reload();
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(100);
    await page.keyboard.press('Escape');

    // Tennis, live: an ATP or WTA match told in sets ("1º set") with each set's games. One still in its first set,
    // so it lasts through the bet, the score moving and the cash-out (a match one game from its end settles the
    // bet before a cash-out value can show). A tennis match lasts 315 s at this feed speed, its first set a third
    // to a half of that, and SPORTSBOOK_SIM_KICKOFF_NOW starts one every quarter of it: one is in its first set.
    const card = page
      .locator('.match-card')
      .filter({ has: page.locator('.match-clock', { hasText: '1º set' }) })
      .first();
    await expect
      .poll(
        async () => {
          await page.goto('/sports?sport=tennis&live=1');
          return card.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await card.locator('.match-clock').textContent()).toMatch(/1º set/);
    expect(await page.locator('.league-name').first().textContent()).toMatch(/ATP|WTA/);
    await card.locator('.match-card-head').click();
    await page.waitForURL((url) => url.pathname.startsWith('/sports/match/'));
    const segments = page.locator('.scoreboard-segments');
    await segments.waitFor();
    const before = await segments.textContent();
    expect(before).toMatch(/^\d+-\d+/);

    // A pick on the winner (quoted all match long unless it is one-sided), staked at whatever price it has then.
    for (const name of ['Vencedor', 'Handicap asiático', 'Total (mais/menos)']) {
      const open = page.getByRole('region', { name }).getByRole('button', { disabled: false });
      if ((await open.count()) === 0) continue;
      await open.first().click();
      break;
    }
    await page.getByRole('button', { name: 'Abrir o cupom de apostas' }).click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    await slip.waitFor();
    await slip.getByLabel('Valor da aposta').fill('10');
    await slip.getByText('Aceitar sempre').click();
    await slip.getByRole('button', { name: 'Apostar R$ 10,00' }).click();
    // The toast ("Aposta feita! Boa sorte.") is brief on a loaded machine: the balance is what stays.
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(90);
    await page.screenshot({ path: `${SHOTS}/trading-match.png` });

    // The set score moves live over the socket, game by game.
    await expect.poll(() => segments.textContent(), { timeout: 40_000 }).not.toBe(before);

    // My bets: the leg says where the match stands, and the bet has a live cash-out value.
    await page.goto('/sports/bets');
    const bet = page.locator('.bet-card').first();
    await bet.waitFor();
    expect(await bet.locator('.bet-leg-status').textContent()).toMatch(/set/);
    // The value shows while every leg's market is open; the fast feed suspends markets between points, and the
    // list refreshes every 10 s, so a loaded machine can miss a few refreshes.
    const value = bet.locator('.cashout-value strong');
    await value.waitFor({ timeout: 90_000 });
    expect(reais(await value.textContent())).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/trading-my-bets.png` });

    // Half: the dialog names the exact amount and keeps it fresh; a price that moved under the tap comes back as
    // a new amount to confirm.
    await bet.getByRole('button', { name: 'Metade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash-out de metade' });
    await dialog.waitFor();
    const take = dialog.getByRole('button', { name: /^Receber R\$/ });
    // The dialog's own "Fechar" (not the title row's close icon) is all a refusal without a new amount offers.
    const close = dialog.locator('.cashout-actions').getByRole('button', { name: 'Fechar' });
    let offered = 0;
    for (let attempt = 0; attempt < 4 && offered === 0; attempt++) {
      await take.or(close).first().waitFor();
      // No longer offered (a refusal without a new amount) fails the journey with its words.
      if ((await close.count()) > 0) throw new Error(`${await dialog.textContent()}`);
      const answered = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname.endsWith('/cashout') && response.request().method() === 'POST',
      );
      await take.click();
      const answer = await answered;
      // Paid, or a 409 whose new amount the dialog now shows (taken on the next turn).
      if (answer.status() === 200) offered = ((await answer.json()) as { data: { paid: number } }).data.paid;
    }
    expect(offered).toBeGreaterThan(0);
    await expect.poll(() => headerBalance(page)).toBe(Math.round((90 + offered) * 100) / 100);
    const received = bet.locator('.bet-numbers').getByText('Cash-out recebido');
    await received.waitFor();
    // Half the stake still rides: the bet stays open with its cash-out.
    await bet.locator('.cashout-bar').waitFor();
    await page.screenshot({ path: `${SHOTS}/trading-cashed-out.png` });
    // Longer than the journeys' default: the cash-out value can take a few of the list's 10 s refreshes.
  }, 240_000);
});
