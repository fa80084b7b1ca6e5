import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { openDesktop, operatorSignIn } from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Odds boosts and auto cash-out on a phone (issue 33, decision 0063): an operator boosts the home side from 2,10 to
// 2,50; the player sees the old price struck through beside the boosted one, places a single at 2,50 from the
// slip, and sets an auto cash-out on the bet in my bets. Screenshots go to SPORTS_SHOTS_DIR.
const SHOTS = process.env.SPORTS_SHOTS_DIR ?? '/tmp/sports-shots';
const ADMIN = { username: 'operador', password: 'operador-senha-123' };

interface CreatedMatch {
  matchId: number;
  markets: { marketId: number; type: string; selections: { selectionId: number; outcome: string }[] }[];
}

async function call<T>(baseUrl: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.status, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

async function operatorToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as Envelope<{ access_token: string }>).data.access_token;
}

const footballMatch = (home: string, away: string) => ({
  sport: 'football',
  league: 'Copa E2E',
  home,
  away,
  startTime: Date.now() + 60 * 60_000,
  markets: [
    {
      type: 'winAlone',
      period: 'full',
      selections: [
        { outcome: 'home', odds: 2.1 },
        { outcome: 'draw', odds: 3.4 },
        { outcome: 'away', odds: 3.5 },
      ],
    },
  ],
});

const headerBalance = async (page: Page) => reais(await page.getByLabel('balance').textContent());

describe('odds boosts and auto cash-out in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer({
      SEED_DEMO: '0',
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

  it('shows the struck and the boosted price, places a single at the boost, and sets an auto cash-out', async () => {
    const { page } = phone;
    const { baseUrl } = server;
    const admin = await operatorToken(baseUrl);
    const match = await call<CreatedMatch>(
      baseUrl,
      '/api/admin/sports/matches',
      admin,
      footballMatch('Grêmio Turbo', 'Inter Turbo'),
    );
    const home = match.markets[0]!.selections.find((selection) => selection.outcome === 'home')!;
    await call(baseUrl, '/api/admin/sports/boosts', admin, {
      selectionId: home.selectionId,
      boostedOdds: 2.5,
      stakeCap: 50,
      liabilityCap: 100,
    });

    await registerThroughUi(page, newEmail('turbo'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await deposit(baseUrl, token);
    await page.goto(`/sports/match/${match.matchId}`);
    await expect.poll(() => headerBalance(page)).toBe(100);
    await page.keyboard.press('Escape');

    // The home price: 2,10 struck through beside the boosted 2,50; the button's name says the price it takes.
    const boosted = page.getByRole('button', { name: 'Grêmio Turbo 2,50' });
    await boosted.waitFor();
    expect(await boosted.locator('s').textContent()).toBe('2,10');
    expect(await boosted.locator('.odds-boost-new').textContent()).toContain('2,50');
    await page.screenshot({ path: `${SHOTS}/boost-match.png` });

    await boosted.click();
    await page.getByRole('button', { name: 'Abrir o cupom de apostas' }).click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    await slip.waitFor();
    await slip.getByLabel('Valor da aposta').fill('10');
    await expect.poll(() => slip.getByLabel('Retorno potencial').textContent()).toBe('R$ 25,00');
    await page.screenshot({ path: `${SHOTS}/boost-slip.png` });
    const placed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/app/sports/bet' && response.request().method() === 'POST',
    );
    await slip.getByRole('button', { name: 'Apostar R$ 10,00' }).click();
    const bet = (
      (await (await placed).json()) as Envelope<{ betId: number; odds: number; potentialPayout: number }>
    ).data;
    expect(bet).toMatchObject({ odds: 2.5, potentialPayout: 25 });
    await expect.poll(() => headerBalance(page)).toBe(90);

    // My bets: the leg at 2,50 with 2,10 struck; an auto cash-out at R$ 12,00 (worth less now: it waits).
    await page.goto('/sports/bets');
    const card = page.getByRole('article', { name: `Aposta nº ${bet.betId}` });
    await card.waitFor();
    expect(await card.locator('.bet-leg-odds s').textContent()).toBe('2,10');
    await card.getByText('Cash-out automático desligado').waitFor();
    await card.getByRole('button', { name: 'Definir automático' }).click();
    await card.getByLabel('Fazer cash-out quando o valor chegar a').fill('12');
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/app/sports/bets/${bet.betId}/autoCashout`,
    );
    await card.getByRole('button', { name: 'Salvar' }).click();
    const answer = (await (await saved).json()) as Envelope<{
      autoCashout: number | null;
      paid: number | null;
    }>;
    expect(answer.data).toMatchObject({ autoCashout: 12, paid: null });
    await card.getByText('Cash-out automático em R$ 12,00').waitFor();
    await page.screenshot({ path: `${SHOTS}/boost-auto-cashout.png` });
    expect(await headerBalance(page)).toBe(90);

    // Cleared again from the card.
    await card.getByRole('button', { name: 'Desligar' }).click();
    await card.getByText('Cash-out automático desligado').waitFor();
  });

  it('the back office lists the boost with its caps and cost, and the early-payout rules', async () => {
    const desktop = await openDesktop(server.baseUrl);
    try {
      const { page } = desktop;
      await operatorSignIn(page, ADMIN.username, ADMIN.password);
      await page.goto('/admin/sportsbook/boosts');
      await page.getByRole('heading', { name: 'Odds turbinadas', level: 3 }).waitFor();
      const row = page.getByRole('row', { name: /Grêmio Turbo/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('2.5');
      await waitUntilPageStill(page);
      await page.screenshot({ path: `${SHOTS}/admin-boosts.png` });
      await page.goto('/admin/sportsbook/early-payout');
      await page.getByRole('heading', { name: 'Pagamento antecipado', level: 3 }).waitFor();
      await page.getByRole('row', { name: /Futebol/ }).waitFor();
      await waitUntilPageStill(page);
      await page.screenshot({ path: `${SHOTS}/admin-early-payout.png` });
      expect(desktop.errors).toEqual([]);
    } finally {
      await desktop.close();
    }
  });
});
