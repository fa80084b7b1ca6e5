import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { newEmail } from './support/journeys.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// The br-licensed registration sheet on the phone viewport (decision 0055), screenshotted for a person to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');

describe('the br-licensed registration in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    server = await startServer({ REGULATORY_PROFILE: 'br-licensed' });
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('asks the deposit, loss and time limits, the gender and the address, and the account has those limits', async () => {
    const { page } = phone;
    await page.goto('/home');
    await page.getByRole('button', { name: 'Registrar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
    await dialog.getByRole('tab', { name: 'Registrar' }).click();
    const email = newEmail('limites');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Senha', { exact: true }).fill('segredo123');
    await dialog.getByLabel('Confirmar senha').fill('segredo123');
    await dialog.getByLabel('Limite mensal de depósito (R$)').fill('500');
    await dialog.getByLabel('Limite mensal de perdas (R$)').fill('200');
    await dialog.getByLabel('Limite de tempo por sessão (minutos)').fill('60');
    await dialog.getByLabel('Gênero', { exact: true }).selectOption('female');
    await dialog.getByLabel('Endereço (logradouro e número)').fill('Rua das Flores, 100');
    await dialog.getByLabel('Cidade', { exact: true }).fill('Recife');
    await dialog.getByLabel('UF', { exact: true }).fill('PE');
    await dialog.getByLabel('CEP', { exact: true }).fill('50010-000');
    await dialog.getByLabel('Código de verificação').fill(CAPTCHA_BYPASS);
    await dialog.getByRole('checkbox').check();
    await waitUntilPageStill(page);
    await page.screenshot({ path: path.join(shotsDir, 'registration-limits-sheet.png'), fullPage: true });
    // The sheet scrolls inside itself: its top part (the three limits) on a second picture.
    await dialog.getByLabel('Limite mensal de depósito (R$)').scrollIntoViewIfNeeded();
    await waitUntilPageStill(page);
    await page.screenshot({ path: path.join(shotsDir, 'registration-limits-top.png') });
    await dialog.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByLabel('balance').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const limits = await fetch(`${server.baseUrl}/api/app/rg/limits`, {
      headers: { authorization: token ?? '' },
    }).then((answer) => answer.json());
    expect(limits.data).toMatchObject({ deposit: { month: 500 }, loss: { month: 200 }, sessionMinutes: 60 });
  });
});
