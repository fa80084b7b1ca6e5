import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The sportsbook on a phone: two matches an operator created, a parlay of one pick from each, the
// operator's final score and settlement, and the won bet with its payout in my bets and the balance.
// Screenshots of the sports home, the match page with the slip and my bets go to SPORTS_SHOTS_DIR.
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
  const envelope = (await response.json()) as Envelope<{ access_token: string }>;
  expect(envelope.status).toBe(200);
  return envelope.data.access_token;
}

/** A football match starting in an hour: 1X2 at the given prices and an Asian handicap on a quarter line. */
function footballMatch(home: string, away: string, odds: { home: number; draw: number; away: number }) {
  return {
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
          { outcome: 'home', odds: odds.home },
          { outcome: 'draw', odds: odds.draw },
          { outcome: 'away', odds: odds.away },
        ],
      },
      {
        type: 'handicap',
        period: 'full',
        line: -0.75,
        selections: [
          { outcome: 'home', odds: 1.95 },
          { outcome: 'away', odds: 1.85 },
        ],
      },
    ],
  };
}

const headerBalance = async (page: Page) => reais(await page.getByLabel('balance').textContent());

describe('the sportsbook in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // No demo feed: only the operator moves these matches.
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

  it('a player places a two-match parlay, the operator settles both as won, and my bets shows the payout', async () => {
    const { page } = phone;
    const { baseUrl } = server;
    const admin = await operatorToken(baseUrl);
    const first = await call<CreatedMatch>(
      baseUrl,
      '/api/admin/sports/matches',
      admin,
      footballMatch('Palmeiras E2E', 'Santos E2E', { home: 2, draw: 3.4, away: 3.6 }),
    );
    const second = await call<CreatedMatch>(
      baseUrl,
      '/api/admin/sports/matches',
      admin,
      footballMatch('Bahia E2E', 'Ceará E2E', { home: 1.5, draw: 4, away: 6.5 }),
    );

    await registerThroughUi(page, newEmail('apostador'), 'segredo123');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await deposit(baseUrl, token!);
    await page.reload();
    await expect.poll(() => headerBalance(page)).toBe(100);
    // Registration opens the second-deposit offer; it is not part of this journey.
    await page.keyboard.press('Escape');

    // Sports home from the tab bar: football, upcoming (nothing is live), one league with both matches.
    await page.getByRole('navigation').getByRole('link', { name: 'Esportes' }).click();
    await page.waitForURL((url) => url.pathname === '/sports');
    // The football tab counts the two matches (none live).
    const football = page.getByRole('tab', { name: 'Futebol 2', exact: true });
    await football.waitFor();
    expect(await football.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByRole('tab', { name: /Próximos/ }).getAttribute('aria-selected'))
      .toBe('true');
    const firstCard = page.getByRole('article', { name: 'Palmeiras E2E x Santos E2E' });
    const secondCard = page.getByRole('article', { name: 'Bahia E2E x Ceará E2E' });
    await firstCard.waitFor();
    await secondCard.waitFor();
    await page.screenshot({ path: `${SHOTS}/sports-home.png` });

    // One pick from each match: the slip becomes a parlay.
    await firstCard.getByRole('button', { name: 'Palmeiras E2E 2,00' }).click();
    await secondCard.getByRole('button', { name: 'Bahia E2E 1,50' }).click();
    await expect
      .poll(() => firstCard.getByRole('button', { name: 'Palmeiras E2E 2,00' }).getAttribute('aria-pressed'))
      .toBe('true');

    // The match page lists the quarter handicap as the home side's -0,75 and the away side's +0,75 (pt-BR decimal comma).
    await firstCard.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/sports/match/${first.matchId}`);
    await page.getByRole('region', { name: 'Handicap asiático' }).waitFor();
    await page.getByRole('button', { name: 'Palmeiras E2E -0,75 1,95' }).waitFor();
    await page.getByRole('button', { name: 'Santos E2E +0,75 1,85' }).waitFor();

    await page.getByRole('button', { name: 'Abrir o cupom de apostas' }).click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    await slip.waitFor();
    await slip.getByRole('tab', { name: 'Múltipla' }).click();
    expect(await slip.getByRole('tab', { name: 'Múltipla' }).getAttribute('aria-selected')).toBe('true');
    await slip.getByLabel('Valor da aposta').fill('10');
    // 10 × 2.00 × 1.50
    await expect.poll(() => slip.getByLabel('Retorno potencial').textContent()).toBe('R$ 30,00');
    await page.screenshot({ path: `${SHOTS}/match-with-slip.png` });
    const placed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/app/sports/bet' && response.request().method() === 'POST',
    );
    await slip.getByRole('button', { name: 'Apostar R$ 10,00' }).click();
    const placement = await placed;
    expect(placement.request().headers()['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const bet = (
      (await placement.json()) as Envelope<{ betId: number; type: string; potentialPayout: number }>
    ).data;
    expect(bet).toMatchObject({ type: 'parlay', potentialPayout: 30 });
    await page.getByText('Aposta feita! Boa sorte.').waitFor();
    await expect.poll(() => headerBalance(page)).toBe(90);

    // My bets: the parlay is open with both legs.
    await page.goto('/sports/bets');
    const openBet = page.getByRole('article', { name: `Aposta nº ${bet.betId}` });
    await openBet.waitFor();
    expect(await openBet.textContent()).toContain('Múltipla de 2');
    expect(await openBet.textContent()).toContain('Em aberto');

    // The operator posts both final scores (home wins) and settles; the socket tells the player.
    const homeWin = { period: -1, score: { home: 2, away: 0 }, halfTimeScore: { home: 1, away: 0 } };
    await call(baseUrl, `/api/admin/sports/matches/${first.matchId}/state`, admin, homeWin);
    await call(baseUrl, `/api/admin/sports/matches/${second.matchId}/state`, admin, homeWin);
    await call(baseUrl, `/api/admin/sports/matches/${first.matchId}/settle`, admin, {});
    await call(baseUrl, `/api/admin/sports/matches/${second.matchId}/settle`, admin, {});
    await page.getByText(`Aposta nº ${bet.betId}: Ganhou · R$ 30,00`).waitFor();
    await openBet.waitFor({ state: 'detached' });
    await expect.poll(() => headerBalance(page)).toBe(120);

    await page.getByRole('tab', { name: 'Encerradas' }).click();
    const wonBet = page.getByRole('article', { name: `Aposta nº ${bet.betId}` });
    await wonBet.waitFor();
    const text = await wonBet.textContent();
    expect(text).toContain('Ganhou');
    expect(text).toContain('R$ 30,00');
    await page.screenshot({ path: `${SHOTS}/my-bets.png` });
  });
});
