import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilStill } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Criar Aposta (bet builder) on a phone: three legs of one football match picked on the match page, the combined
// odds quoted by the server (not the product of the legs), a contradictory leg explained, the bet placed and read
// in my bets with its legs. Screenshots go to BUILDER_SHOTS_DIR.
const SHOTS = process.env.BUILDER_SHOTS_DIR ?? '/tmp/shots/builder';
const ADMIN = { username: 'operador', password: 'operador-senha-123' };

async function post<T>(baseUrl: string, path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
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

const two = (outcomes: [string, number][]) => outcomes.map(([outcome, odds]) => ({ outcome, odds }));

/** A football match in an hour: 1X2, goals 2.5, handicap -0.5, corners 9.5 and the first half's 1X2. */
function footballMatch() {
  return {
    sport: 'football',
    league: 'Copa E2E',
    home: 'Palmeiras E2E',
    away: 'Santos E2E',
    startTime: Date.now() + 60 * 60_000,
    markets: [
      {
        type: 'winAlone',
        period: 'full',
        selections: two([
          ['home', 2.1],
          ['draw', 3.4],
          ['away', 3.5],
        ]),
      },
      {
        type: 'total',
        period: 'full',
        line: 2.5,
        selections: two([
          ['over', 1.9],
          ['under', 1.95],
        ]),
      },
      {
        type: 'handicap',
        period: 'full',
        line: -0.5,
        selections: two([
          ['home', 2.05],
          ['away', 1.8],
        ]),
      },
      {
        type: 'cornersTotal',
        period: 'full',
        line: 9.5,
        selections: two([
          ['over', 1.9],
          ['under', 1.9],
        ]),
      },
      {
        type: 'winAlone',
        period: 'firstHalf',
        selections: two([
          ['home', 2.9],
          ['draw', 2.1],
          ['away', 4.2],
        ]),
      },
    ],
  };
}

const headerBalance = async (page: Page) => reais(await page.getByLabel('balance').textContent());
const chip = (page: Page, group: number, index: number) =>
  page.locator('.builder-group').nth(group).locator('.builder-chip').nth(index);
const isQuote = (response: { url(): string }) =>
  new URL(response.url()).pathname === '/api/app/sports/builder/quote';

describe('bet builder in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  let admin: string;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer({
      SEED_DEMO: '0',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    admin = await operatorToken(server.baseUrl);
  }, 180_000);
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('builds a 3-leg bet on the match page, explains a contradictory leg, places it and lists it with its legs', async () => {
    const { page } = phone;
    const match = await post<{ matchId: number }>(
      server.baseUrl,
      '/api/admin/sports/matches',
      admin,
      footballMatch(),
    );
    await registerThroughUi(page, newEmail('criar'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    // R$ 100 in cash by an operator's audited adjustment (the journey is about the builder, not the deposit).
    const info = await fetch(`${server.baseUrl}/api/app/user/userInfo`, {
      headers: { Authorization: token },
    });
    const uId = ((await info.json()) as Envelope<{ uId: number }>).data.uId;
    await post(server.baseUrl, `/api/admin/players/${uId}/adjust`, admin, {
      account: 'cash',
      amount: 100,
      reason: 'e2e: Criar Aposta',
    });
    await page.reload();
    await expect.poll(() => headerBalance(page)).toBe(100);

    await page.goto(`/sports/match/${match.matchId}`);
    await page.getByRole('tab', { name: 'Criar Aposta' }).click();
    await page.getByText('Combine várias seleções desta partida').waitFor();
    await page.screenshot({ path: `${SHOTS}/builder-open.png` });
    // Groups: 1X2, goals, handicap, corners, first-half 1X2; chips in outcome order (home, draw, away / over, under).
    await chip(page, 0, 0).click();
    await page.getByText('Escolha pelo menos 2 seleções.').waitFor();
    const firstQuote = page.waitForResponse(isQuote);
    await chip(page, 1, 0).click();
    await firstQuote;
    await chip(page, 3, 0).click();
    const odds = page.locator('.builder-odds output');
    await odds.waitFor();
    await waitUntilStill(odds);
    const combined = Number((await odds.textContent())!.replace(',', '.'));
    // Home win, over 2.5 and over 9.5 corners priced together: not the product of the legs' odds (2.1 × 1.9 × 1.9).
    expect(combined).toBeGreaterThan(2);
    expect(Math.abs(combined - 2.1 * 1.9 * 1.9)).toBeGreaterThan(0.2);
    await page.getByText('Seleções: 3').waitFor();
    await page.screenshot({ path: `${SHOTS}/match-builder.png`, fullPage: false });

    // Away -0.5 beside a home win cannot happen: refused and explained; taking it off brings the price back.
    await chip(page, 2, 1).click();
    await page.getByRole('alert').getByText('Essas seleções não podem acontecer juntas').waitFor();
    await page.screenshot({ path: `${SHOTS}/match-builder-contradictory.png` });
    await chip(page, 2, 1).click();
    await odds.waitFor();

    await page.getByLabel('Valor da aposta').fill('10');
    const placed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/app/sports/bet',
    );
    await page.getByRole('button', { name: /^Apostar/ }).click();
    const answer = (await (await placed).json()) as Envelope<{ type: string; odds: number; betId: number }>;
    expect([answer.status, answer.data.type, answer.data.odds]).toEqual([200, 'builder', combined]);
    await page.getByText('Aposta criada!').waitFor();
    await expect.poll(() => headerBalance(page)).toBe(90);

    await page.goto('/sports/bets');
    const card = page.getByRole('article', { name: `Aposta nº ${answer.data.betId}` });
    await card.getByText('Criar Aposta · 3').waitFor();
    expect(await card.locator('.bet-leg').count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/my-bets-builder.png` });
  });
});
