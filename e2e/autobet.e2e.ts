import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Auto-bet (issue 34, docs/decisions/0060), on the phone: screenshots for a person to look at.
const SHOTS = process.env.AUTOBET_SHOTS_DIR ?? '/tmp/shots/lobby';

async function headerBalance(page: Page): Promise<number> {
  return reais(await page.getByLabel('balance').textContent());
}

async function diceBets(baseUrl: string, token: string, game = 'dice') {
  const answer = await fetch(`${baseUrl}/api/app/game/bets?game=${game}&page=1&size=50`, {
    headers: { Authorization: token },
  });
  return ((await answer.json()) as Envelope<{ total: number; records: { amount: number; payout: number }[] }>)
    .data;
}

describe('auto-bet in a phone browser', () => {
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

  it('10 dice bets that stop on the loss limit: the count, the reason and the balance, with a lost answer placed once', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('auto'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    await deposit(server.baseUrl, token);

    // The connection drops on the second bet: the server places it, the phone never hears the answer.
    const keys: string[] = [];
    await page.route('**/api/app/game/dice/bet', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const answer = await route.fetch();
      if (keys.length === 2) return route.abort('connectionreset');
      return route.fulfill({ response: answer });
    });

    await page.goto('/dice');
    await expect.poll(() => headerBalance(page)).toBe(100);
    // Roll under 0,01: one roll in ten thousand wins, so every bet of the series loses.
    const target = page.getByLabel('Abaixo de');
    await target.fill('0,01');
    await target.blur();
    await page.getByLabel('Valor da aposta').fill('1');
    await page.getByRole('tab', { name: 'Automático' }).click();
    await page.getByLabel('Número de apostas (até 1000)').fill('10');
    await page.getByLabel('Parar na perda').fill('3');
    await page.screenshot({
      path: `${SHOTS}/dice-autobet-settings.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Iniciar auto-aposta' }).click();

    const status = page.getByTestId('autobet-status');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toContain('Parou: limite de perda atingido');
    expect(await status.textContent()).toContain('3 de 10 apostas');
    expect(await status.textContent()).toMatch(/Lucro: -\s?R\$\s?3,00/);
    await expect.poll(() => headerBalance(page)).toBe(97);
    // The start button is back, and nothing more is placed.
    await page.getByRole('button', { name: 'Iniciar auto-aposta' }).waitFor();
    await page.screenshot({
      path: `${SHOTS}/dice-autobet-stopped.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // Four requests, three bets: the lost answer's bet was sent again with its own key and placed once.
    expect(keys).toHaveLength(4);
    expect(keys[2]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(3);
    const bets = await diceBets(server.baseUrl, token);
    expect(bets.total).toBe(3);
    expect(bets.records.every((bet) => bet.amount === 1 && bet.payout === 0)).toBe(true);
  });

  it('stops at once when the player leaves the page', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('auto'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    await deposit(server.baseUrl, token);
    await page.goto('/dice');
    await page.getByLabel('Valor da aposta').fill('1');
    await page.getByRole('tab', { name: 'Automático' }).click();
    await page.getByLabel('Número de apostas (até 1000)').fill('50');
    // Hold the third answer until the player has left.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    let delivered = false;
    await page.route('**/api/app/game/dice/bet', async (route) => {
      sent++;
      const answer = await route.fetch();
      if (sent !== 3) return route.fulfill({ response: answer });
      await held;
      await route.fulfill({ response: answer }).catch(() => {});
      delivered = true;
    });
    await page.getByRole('button', { name: 'Iniciar auto-aposta' }).click();
    await expect.poll(() => sent).toBe(3);
    await page.getByRole('button', { name: 'Voltar' }).first().click();
    await page.waitForURL((url) => url.pathname !== '/dice');
    release();
    // The answer of the bet in flight when the player left reaches the page; the series, stopped, sends no
    // fourth: two frames and a round trip of the page later, still three requests and three bets.
    await expect.poll(() => delivered).toBe(true);
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await fetch('/api/app/main/config');
    });
    expect(sent).toBe(3);
    expect((await diceBets(server.baseUrl, token)).total).toBe(3);
  });

  it('3 mines bets on two picked tiles: each starts, reveals them and cashes out; a lost start answer starts one game', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('auto'), 'segredo123');
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    await deposit(server.baseUrl, token);
    // The connection drops on the first start: the server starts the game, the phone never hears it.
    const startKeys: string[] = [];
    await page.route('**/api/app/game/mines/start', async (route) => {
      startKeys.push(route.request().headers()['idempotency-key'] ?? '');
      const answer = await route.fetch();
      if (startKeys.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response: answer });
    });
    await page.goto('/mines');
    await expect.poll(() => headerBalance(page)).toBe(100);
    await page.getByLabel('Número de minas').selectOption('1');
    await page.getByLabel('Valor da aposta').fill('1');
    await page.getByRole('tab', { name: 'Automático' }).click();
    await page.getByRole('button', { name: 'Casa 7, fechada' }).click();
    await page.getByRole('button', { name: 'Casa 13, fechada' }).click();
    await page.getByRole('button', { name: 'Casa 13, escolhida' }).waitFor();
    await page.getByLabel('Número de apostas (até 1000)').fill('3');
    await page.screenshot({
      path: `${SHOTS}/mines-autobet-picked.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Iniciar auto-aposta' }).click();

    const status = page.getByTestId('autobet-status');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toContain('Concluído: todas as apostas foram feitas');
    expect(await status.textContent()).toContain('3 de 3 apostas');
    await page.screenshot({
      path: `${SHOTS}/mines-autobet-done.png`,
      fullPage: true,
      animations: 'disabled',
    });
    // Four start requests, three games: the lost one was sent again with its key and started once.
    expect(startKeys).toHaveLength(4);
    expect(startKeys[1]).toBe(startKeys[0]);
    const bets = await diceBets(server.baseUrl, token, 'mines');
    expect(bets.total).toBe(3);
    expect(bets.records.every((bet) => bet.amount === 1)).toBe(true);
    const paid = bets.records.reduce((sum, bet) => sum + bet.payout, 0);
    await expect.poll(() => headerBalance(page)).toBe(Math.round((97 + paid) * 100) / 100);
  });
});
