import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { api, openDesktop, operatorSignIn, operatorToken, registerPlayerByApi } from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Tournaments and missions (issue 34, decision 0067): a player follows a live leaderboard and a mission on the phone;
// the operator's page at 1440×900. Screenshots to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OPERATOR = { username: 'chefe', password: 'senha-do-operador-1' };
const HOUR = 3_600_000;

async function shoot(page: Page, name: string): Promise<void> {
  await waitUntilPageStill(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function dice(baseUrl: string, token: string, amount: number): Promise<void> {
  const answer = await api(baseUrl, 'POST', '/api/app/game/dice/bet', {
    token,
    body: { amount, target: 50, direction: 'under' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(answer.http, answer.message).toBe(200);
}

describe('tournaments and missions', () => {
  let server: RunningServer;
  let phone: PhoneSession | undefined;
  let operator: string;
  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    server = await startServer({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });
    operator = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
  });
  afterAll(async () => server?.stop());
  afterEach(async () => phone?.close());

  it('a player climbs a live leaderboard and follows a mission; the operator sees both', async () => {
    const now = Date.now();
    const created = await api<{ id: number }>(server.baseUrl, 'POST', '/api/admin/tournaments', {
      token: operator,
      body: {
        name: 'Corrida do Dice',
        games: ['dice', 'limbo'],
        scoring: 'stake',
        startsAt: now - 60_000,
        endsAt: now + 26 * HOUR,
        prizes: [500, 250, 100],
      },
    });
    expect(created.http, created.message).toBe(200);
    const mission = await api(server.baseUrl, 'POST', '/api/admin/missions', {
      token: operator,
      body: {
        name: 'Aquecimento',
        game: 'dice',
        minMultiplier: 101,
        target: 5,
        reward: 2,
        startsAt: now - 60_000,
        endsAt: now + 48 * HOUR,
      },
    });
    expect(mission.http, mission.message).toBe(200);
    for (const [index, stake] of [30, 12].entries()) {
      const rival = await registerPlayerByApi(server.baseUrl, newEmail(`rival${index}`));
      await deposit(server.baseUrl, rival.token);
      await dice(server.baseUrl, rival.token, stake);
    }

    phone = await openPhone(server.baseUrl);
    const { page } = phone;
    await registerThroughUi(page, newEmail('torneio'), 'segredo123');
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await deposit(server.baseUrl, token);
    for (let bet = 0; bet < 4; bet++) await dice(server.baseUrl, token, 5);

    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Torneios' }).click();
    await page.waitForURL(/\/torneios$/);
    const card = page.getByTestId(`tn-card-${created.data.id}`);
    await card.getByText('Corrida do Dice').waitFor();
    await card.getByText('Ao vivo').waitFor();
    // 20 staked: second behind the R$ 30 rival, ahead of the R$ 12 one; the second prize is R$ 250.
    const mine = card.locator('.tn-me');
    await expect.poll(async () => mine.textContent()).toContain('R$ 20,00');
    expect(await mine.locator('.tn-rank').textContent()).toBe('2');
    expect(await mine.locator('.tn-prize').textContent()).toContain('R$ 250,00');
    await shoot(page, 'tournaments-board');
    // One more bet takes the lead within the board's refresh, without reloading the page.
    await dice(server.baseUrl, token, 15);
    await expect.poll(async () => mine.locator('.tn-rank').textContent(), { timeout: 15_000 }).toBe('1');

    await page.getByRole('tab', { name: 'Missões' }).click();
    const missionCard = page.locator('.tn-mission').filter({ hasText: 'Aquecimento' });
    // The dice bets that paid at least 1,01× count (the server's own count): the bar and the text show it.
    const missions = await api<{ missions: { name: string; progress: number }[] }>(
      server.baseUrl,
      'GET',
      '/api/app/missions',
      { token },
    );
    const progress = missions.data.missions.find((item) => item.name === 'Aquecimento')!.progress;
    await expect
      .poll(async () => missionCard.getByRole('progressbar').getAttribute('aria-valuenow'))
      .toBe(String(progress));
    expect(await missionCard.textContent()).toContain(`${progress} de 5`);
    await shoot(page, 'tournaments-missions');

    const desktop = await openDesktop(server.baseUrl);
    try {
      await operatorSignIn(desktop.page, OPERATOR.username, OPERATOR.password);
      await desktop.page.getByRole('menuitem', { name: 'Torneios e missões' }).click();
      await desktop.page.getByRole('cell', { name: 'Corrida do Dice' }).waitFor();
      await desktop.page.getByRole('cell', { name: 'Aquecimento' }).waitFor();
      await waitUntilPageStill(desktop.page);
      await desktop.page.screenshot({ path: path.join(shotsDir, 'admin-tournaments.png') });
    } finally {
      await desktop.close();
    }
  });
});
