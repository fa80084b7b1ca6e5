import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The transparency page and the legal footer on the phone viewport (decision 0053), with screenshots to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
async function shoot(page: Page, name: string): Promise<void> {
  await waitUntilPageStill(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function diceBet(baseUrl: string, token: string): Promise<void> {
  const answer = await fetch(`${baseUrl}/api/app/game/dice/bet`, {
    method: 'POST',
    headers: {
      Authorization: token,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ amount: 2, target: 50, direction: 'over' }),
  });
  expect(answer.status).toBe(200);
}

const legalEnv = {
  LEGAL_COMPANY_NAME: 'Aposta Jogos Ltda',
  LEGAL_CNPJ: '12.345.678/0001-90',
  LEGAL_SPA_AUTHORISATION: 'Portaria SPA/MF nº 999/2025',
  LEGAL_CUSTOMER_SERVICE_EMAIL: 'sac@aposta.test',
  LEGAL_OMBUDSMAN_EMAIL: 'ouvidoria@aposta.test',
};

describe('a player sees their own money and time (open profile)', () => {
  let server: RunningServer;
  let phone: PhoneSession | undefined;
  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    server = await startServer(legalEnv);
  });
  afterAll(async () => server?.stop());
  afterEach(async () => phone?.close());

  it('deposits, bets, then reads the page from the player panel: figures, games, tax, exclusion link', async () => {
    phone = await openPhone(server.baseUrl);
    const { page } = phone;
    await registerThroughUi(page, newEmail('transparencia'), 'segredo123');
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await deposit(server.baseUrl, token);
    for (let bet = 0; bet < 3; bet++) await diceBet(server.baseUrl, token);

    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Transparência' }).click();
    await page.waitForURL(/\/transparencia$/);
    const today = page.locator('.tp-bucket').first();
    await expect.poll(async () => today.textContent()).toContain('R$ 100,00');
    expect(await today.textContent()).toContain('R$ 6,00'); // staked: three R$ 2 bets
    const games = page.getByRole('region', { name: 'Jogos que você jogou' });
    await games.getByText('Dice').waitFor();
    expect(await games.getByText(/^RTP \d/).textContent()).toMatch(/^RTP \d{2}(,\d+)?\s?%$/);
    expect(await games.getByText('Rodadas: 3').count()).toBe(1);
    expect(await page.getByTestId('tp-tax').textContent()).toBe('R$ 0,00');
    await page.getByText(/Não aplicável/).waitFor();
    const national = page.getByRole('link', { name: 'Plataforma nacional de autoexclusão (gov.br)' });
    expect(await national.getAttribute('href')).toBe('https://www.gov.br/autoexclusaoapostas');
    expect(await games.getByRole('link', { name: 'Verificar (jogo justo)' }).getAttribute('href')).toBe(
      '/verify',
    );
    await page.getByRole('heading', { name: 'Seus limites' }).waitFor();
    // The open profile shows no legal footer, even with the settings given.
    expect(await page.getByText('Aposta Jogos Ltda').count()).toBe(0);
    // The deposit's toast, if still up, would cover the figures in the picture.
    await page.getByText(/Recarga bem-sucedida/).waitFor({ state: 'hidden' });
    await shoot(page, 'transparency-day');

    await page.getByRole('tab', { name: 'Mês' }).click();
    await expect.poll(async () => page.locator('.tp-bucket').first().textContent()).toMatch(/de 20\d\d/);
    await shoot(page, 'transparency-month');
    expect(phone.errors).toEqual([]);
  });
});

describe('the legal footer under br-licensed', () => {
  let server: RunningServer;
  let phone: PhoneSession | undefined;
  beforeAll(async () => {
    server = await startServer({ ...legalEnv, REGULATORY_PROFILE: 'br-licensed' });
  });
  afterAll(async () => server?.stop());
  afterEach(async () => phone?.close());

  it('names the company, CNPJ, SPA authorisation, customer service and ombudsman on the home page', async () => {
    phone = await openPhone(server.baseUrl);
    const { page } = phone;
    await page.goto('/home');
    await page.getByText('Aposta Jogos Ltda').waitFor();
    await page.getByText('CNPJ 12.345.678/0001-90').waitFor();
    await page.getByText('Autorização SPA/MF: Portaria SPA/MF nº 999/2025').waitFor();
    await page.getByText('Atendimento ao cliente: sac@aposta.test').waitFor();
    await page.getByText('Ouvidoria: ouvidoria@aposta.test').waitFor();
    await shoot(page, 'legal-footer');
  });
});
