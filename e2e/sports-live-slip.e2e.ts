import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Live betting on a phone: the simulated feed reprices a live football match every tick, and every figure of the
// slip (the leg's odds, the total odds, the return) follows the current odds; an operator's live match at 0–1
// shows that its Asian handicap counts from the current score, on the market, the slip and my bets.
// Screenshots go to SPORTS_SHOTS_DIR.
const SHOTS = process.env.SPORTS_SHOTS_DIR ?? '/tmp/sports-shots';
const ADMIN = { username: 'operador', password: 'operador-senha-123' };

/** "1,07" → 1.07 */
const decimal = (text: string | null | undefined) =>
  Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
const headerBalance = async (page: Page) => reais(await page.getByLabel('balance').textContent());

async function operatorCall<T>(baseUrl: string, path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.status, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

describe('live betting in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // The simulated feed, fast: a live football match repriced every second.
    server = await startServer({
      SEED_DEMO: '1',
      SPORTSBOOK_FEED_SPEED: '20',
      SPORTSBOOK_FEED_TICK_MS: '1000',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('after an odds change every figure of the slip follows the current odds', async () => {
    const { page } = phone;
    // Football always has a match live in the simulated feed.
    await page.goto('/sports?sport=football&live=1');
    const card = page.locator('.match-card').first();
    await card.waitFor({ timeout: 30_000 });
    await card.locator('.match-card-head').click();
    await page.waitForURL((url) => url.pathname.startsWith('/sports/match/'));

    // A 1X2 pick while its market is open (a goal suspends it for a few seconds).
    const winner = page.getByRole('region', { name: 'Resultado final (1X2)' });
    const open = winner.getByRole('button', { disabled: false });
    await open.first().waitFor({ timeout: 30_000 });
    await open.first().click();
    await page.getByRole('button', { name: 'Abrir o cupom de apostas' }).click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    await slip.waitFor();
    await slip.getByLabel('Valor da aposta').fill('10');

    // The feed moves the price: the leg says "Odd agora …".
    await slip.getByText(/Odd agora/).waitFor({ timeout: 90_000 });
    // Everything read in one go, so a later tick cannot fall between the reads.
    const figures = await slip.evaluate((element) => ({
      note: element.querySelector('.slip-leg-note')?.textContent ?? '',
      legOdds: element.querySelector('.slip-leg-odds')?.lastChild?.textContent ?? '',
      total: element.querySelector('.slip-totals div:first-child dd')?.textContent ?? '',
      potential: element.querySelector('.slip-return')?.textContent ?? '',
    }));
    await page.screenshot({ path: `${SHOTS}/slip-odds-moved.png` });
    const now = decimal(figures.note.match(/Odd agora ([\d,]+)/)?.[1]);
    expect(now).toBeGreaterThan(1);
    expect(decimal(figures.legOdds)).toBe(now);
    expect(decimal(figures.total)).toBe(now);
    // R$ 10 × the current odds (exact in centavos: 1000 × odds in thousandths / 1000).
    expect(reais(figures.potential)).toBe(Math.round(now * 1000) / 100);
  }, 180_000);

  it('a live Asian handicap says it counts from the current score, on the market, the slip and my bets', async () => {
    const { page } = phone;
    const { baseUrl } = server;
    const loginAnswer = await fetch(`${baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const admin = ((await loginAnswer.json()) as Envelope<{ access_token: string }>).data.access_token;
    const match = await operatorCall<{ matchId: number }>(baseUrl, '/api/admin/sports/matches', admin, {
      sport: 'football',
      league: 'Copa E2E',
      home: 'Internacional E2E',
      away: 'Grêmio E2E',
      startTime: Date.now() - 80 * 60_000,
      markets: [
        {
          type: 'handicap',
          period: 'full',
          line: 0,
          selections: [
            { outcome: 'home', odds: 1.44 },
            { outcome: 'away', odds: 2.7 },
          ],
        },
      ],
    });
    // Second half, 0–1.
    await operatorCall(baseUrl, `/api/admin/sports/matches/${match.matchId}/state`, admin, {
      period: 3,
      score: { home: 0, away: 1 },
      halfTimeScore: { home: 0, away: 1 },
    });

    await registerThroughUi(page, newEmail('handicap'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await deposit(baseUrl, token);
    await page.goto(`/sports/match/${match.matchId}`);
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(100);

    const handicap = page.getByRole('region', { name: 'Handicap asiático' });
    await handicap.getByRole('heading', { name: 'Handicap asiático · conta a partir de 0–1' }).waitFor();
    await handicap.getByText('só conta o que for marcado daqui em diante').waitFor();
    await handicap.getByRole('button', { name: /^Internacional E2E/ }).click();
    await page.getByRole('button', { name: 'Abrir o cupom de apostas' }).click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    await slip.getByText('Handicap asiático · conta a partir de 0–1').waitFor();
    await slip.getByLabel('Valor da aposta').fill('10');
    await page.screenshot({ path: `${SHOTS}/handicap-live-slip.png` });
    await slip.getByRole('button', { name: 'Apostar R$ 10,00' }).click();
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(90);

    await page.goto('/sports/bets');
    const bet = page.locator('.bet-card').first();
    await bet.getByText('Handicap asiático · conta a partir de 0–1').waitFor();
    await page.screenshot({ path: `${SHOTS}/handicap-live-my-bets.png` });
    await page.goto(`/sports/match/${match.matchId}`);
    await handicap.waitFor();
    await page.screenshot({ path: `${SHOTS}/handicap-live-market.png` });
  }, 180_000);
});
