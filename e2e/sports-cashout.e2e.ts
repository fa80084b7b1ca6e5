import fs from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Cash-out on a phone with quotes that live 2 seconds (SPORTSBOOK_CASHOUT_QUOTE_SECONDS): the open dialog keeps its
// quote fresh past the first one's life, a refused stale quote shows the refusal and the new amount one tap away,
// and the bet reads as cashed out (its real stake, what it paid) in my bets and in /registros.
// Screenshots go to SPORTS_SHOTS_DIR.
const SHOTS = process.env.SPORTS_SHOTS_DIR ?? '/tmp/sports-shots';
const ADMIN = { username: 'operador', password: 'operador-senha-123' };
const QUOTE_SECONDS = 2;

interface CreatedMatch {
  matchId: number;
  markets: { marketId: number; type: string; selections: { selectionId: number; outcome: string }[] }[];
}
interface Quote {
  quoteId: number;
  amount: number;
  expiresAt: number;
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

/** A football match in an hour, 1X2 only: its prices stay put (no feed), so a quote moves only by expiring. */
function footballMatch(home: string, away: string) {
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
          { outcome: 'home', odds: 2.1 },
          { outcome: 'draw', odds: 3.4 },
          { outcome: 'away', odds: 3.5 },
        ],
      },
    ],
  };
}

const headerBalance = async (page: Page) => reais(await page.getByLabel('balance').textContent());
const isQuote = (betId: number) => (response: Response) =>
  new URL(response.url()).pathname === `/api/app/sports/bets/${betId}/cashout` &&
  response.request().method() === 'GET';
const quoteOf = async (response: Response) => ((await response.json()) as Envelope<Quote>).data;

describe('cash-out in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  let admin: string;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer({
      SEED_DEMO: '0',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SPORTSBOOK_CASHOUT_QUOTE_SECONDS: String(QUOTE_SECONDS),
    });
    admin = await operatorToken(server.baseUrl);
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  /** A new player with R$ 100 and a R$ 10 single on the home side of a new match; the bet's id. */
  async function playerWithBet(page: Page, name: string): Promise<number> {
    const match = await call<CreatedMatch>(
      server.baseUrl,
      '/api/admin/sports/matches',
      admin,
      footballMatch(`${name} FC`, `${name} EC`),
    );
    const home = match.markets[0]!.selections.find((selection) => selection.outcome === 'home')!;
    await registerThroughUi(page, newEmail(name.toLowerCase()), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await deposit(server.baseUrl, token);
    const bet = await call<{ betId: number }>(server.baseUrl, '/api/app/sports/bet', token, {
      amount: 10,
      selections: [{ selectionId: home.selectionId, odds: 2.1 }],
      acceptOdds: 'none',
    });
    await page.goto('/sports/bets');
    await expect.poll(() => headerBalance(page)).toBe(90);
    return bet.betId;
  }

  it('the open dialog keeps its quote fresh past its life, pays it, and the bet reads cashed out everywhere', async () => {
    const { page } = phone;
    const betId = await playerWithBet(page, 'Fresco');
    const card = page.getByRole('article', { name: `Aposta nº ${betId}` });
    await card.locator('.cashout-value strong').waitFor();

    const first = page.waitForResponse(isQuote(betId));
    await card.getByRole('button', { name: 'Cash-out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash-out da aposta' });
    await dialog.waitFor();
    const firstQuote = await quoteOf(await first);
    // A full cash-out closes the bet: nothing says the rest stays in play.
    await dialog.getByText('A aposta inteira se encerra agora com este valor.').waitFor();
    expect(await dialog.textContent()).not.toMatch(/segue em jogo/);

    // The dialog asks again before the first quote runs out, and again after: wait until the first is dead.
    let latest = firstQuote;
    while (latest.expiresAt <= firstQuote.expiresAt || Date.now() <= firstQuote.expiresAt) {
      latest = await quoteOf(await page.waitForResponse(isQuote(betId)));
    }
    await page.waitForFunction((expiresAt) => Date.now() > expiresAt, firstQuote.expiresAt);
    const amount = reais(await dialog.getByLabel('Você recebe').textContent());
    expect(amount).toBe(latest.amount);
    await page.screenshot({ path: `${SHOTS}/cashout-dialog.png` });

    const taken = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/app/sports/bets/${betId}/cashout` &&
        response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: /^Receber R\$/ }).click();
    // Taken with the fresh quote the dialog holds now (it may have renewed once more meanwhile), paid once.
    const answer = (await (await taken).json()) as Envelope<{ paid: number }>;
    expect(answer.status, answer.message).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => headerBalance(page)).toBe(Math.round((90 + answer.data.paid) * 100) / 100);

    // My bets: over, under "Encerradas", with its real stake and what the cash-out paid.
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Encerradas' }).click();
    const closed = page.getByRole('article', { name: `Aposta nº ${betId}` });
    await closed.waitFor();
    await closed.getByText('Encerrada (cash-out)').waitFor();
    const numbers = closed.locator('.bet-numbers');
    expect(await numbers.textContent()).toContain('ValorR$ 10,00');
    expect(await numbers.textContent()).toContain(`Cash-out recebido${formatReais(answer.data.paid)}`);
    await page.screenshot({ path: `${SHOTS}/cashout-my-bets.png` });

    // /registros, bets: cashed out for what it paid, on a stake of R$ 10,00 — not "Em aberto".
    await page.goto('/registros');
    await page.getByRole('tab', { name: 'Apostas' }).click();
    const row = page.locator('.record-row').first();
    await row.getByText('Encerrada (cash-out)').waitFor();
    expect(await row.textContent()).toContain(`+${formatReais(answer.data.paid)}`);
    expect(await row.textContent()).toContain('Valor apostado R$ 10,00');
    await page.screenshot({ path: `${SHOTS}/cashout-records.png` });
  });

  it('a stale quote refused on confirm shows the refusal and the new amount, taken in one tap; half keeps the rest riding', async () => {
    const { page } = phone;
    const betId = await playerWithBet(page, 'Velho');
    const card = page.getByRole('article', { name: `Aposta nº ${betId}` });
    await card.locator('.cashout-value strong').waitFor();

    // The dialog's refreshes are lost (a phone's network dropping them): the first quote is all it has.
    let quotes = 0;
    await page.route(`**/api/app/sports/bets/${betId}/cashout`, async (route) => {
      if (route.request().method() === 'GET' && ++quotes > 1) await route.abort();
      else await route.continue();
    });
    const first = page.waitForResponse(isQuote(betId));
    await card.getByRole('button', { name: 'Metade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash-out de metade' });
    await dialog.waitFor();
    const firstQuote = await quoteOf(await first);
    await dialog.getByText('R$ 5,00 da aposta segue em jogo.').waitFor();
    await page.waitForFunction((expiresAt) => Date.now() > expiresAt, firstQuote.expiresAt);

    const refused = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/app/sports/bets/${betId}/cashout` &&
        response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: /^Receber R\$/ }).click();
    expect((await refused).status()).toBe(409);
    // The refusal in the server's words, and the new amount one tap away.
    await dialog.getByRole('alert').getByText('O valor do cash-out mudou').waitFor();
    await dialog.getByText('Novo valor').waitFor();
    await page.screenshot({ path: `${SHOTS}/cashout-refused.png` });
    const shown = reais(await dialog.getByLabel('Você recebe').textContent());
    expect(await headerBalance(page)).toBe(90);
    await dialog.getByRole('button', { name: `Receber ${formatReais(shown)}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => headerBalance(page)).toBe(Math.round((90 + shown) * 100) / 100);

    // Still open on its real stake, with what still rides beside it.
    const numbers = card.locator('.bet-numbers');
    await numbers.getByText('Cash-out recebido').waitFor();
    expect(await numbers.textContent()).toContain('ValorR$ 10,00');
    expect(await numbers.textContent()).toContain('Em jogoR$ 5,00');
    await page.screenshot({ path: `${SHOTS}/cashout-half-my-bets.png` });
    await page.goto('/registros');
    await page.getByRole('tab', { name: 'Apostas' }).click();
    const row = page.locator('.record-row').first();
    await row.getByText('Em aberto').waitFor();
    expect(await row.textContent()).toContain(`Cash-out ${formatReais(shown)} · em jogo R$ 5,00`);
  });
});

/** 8.99 → "R$ 8,99" as the app writes it (pt-BR). */
function formatReais(value: number): string {
  return `R$ ${value.toFixed(2).replace('.', ',')}`;
}
