import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { loginThroughUi, newEmail, registerThroughUi } from './support/journeys.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// Screenshots of the responsible-gambling pages on the phone viewport, for a person to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
async function shoot(page: PhoneSession['page'], name: string): Promise<void> {
  await waitUntilPageStill(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

describe('responsible gambling in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    await phone.close();
  });

  it('sets a daily deposit limit, is refused a deposit above it, takes a one-day break and is refused at login', async () => {
    const { page } = phone;
    const email = newEmail('limites');
    await registerThroughUi(page, email, 'segredo123');
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });

    // The footer's links lead to the help text.
    await page.getByRole('link', { name: 'Jogue com responsabilidade' }).click();
    await page.getByRole('heading', { name: 'Sinais de alerta' }).waitFor();
    await shoot(page, 'rg-help');

    // From the player's panel to the limits page.
    await page.goto('/home');
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Limites e pausa' }).click();
    const deposits = page.getByRole('group', { name: 'Depósitos' });
    await deposits.getByLabel('Por dia').fill('50');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/app/rg/limits') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar limites' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Limites salvos').waitFor();
    await shoot(page, 'rg-limits');

    // A R$ 100 deposit is over the R$ 50 daily limit: the server refuses it and names the limit.
    await page.goto('/home');
    await page.getByRole('button', { name: 'Depositar', exact: true }).click();
    const kyc = page.getByRole('dialog', { name: 'Verificação de identidade' });
    await kyc.getByLabel('Nome completo').fill('Maria da Silva');
    await kyc.getByLabel('CPF').fill('111.444.777-35');
    await kyc.getByLabel('Data de nascimento').fill('1990-05-17');
    await shoot(page, 'rg-kyc');
    await kyc.getByRole('button', { name: 'Enviar' }).click();
    const deposit = page.getByRole('dialog', { name: 'Depósito' });
    await deposit.getByRole('radio', { name: /^R\$ 100,/ }).waitFor();
    await deposit.getByRole('button', { name: 'Confirmar depósito' }).click();
    await page.getByText('Limite diário de depósito atingido (R$ 50,00)').waitFor();
    await shoot(page, 'rg-deposit-refused');
    await page.getByRole('button', { name: 'OK' }).click();

    // A one-day break, after a clear confirmation: the session ends at once.
    await page.goto('/limites');
    await page.getByRole('radio', { name: '1 dia' }).check();
    await page.getByRole('button', { name: 'Pausar minha conta' }).click();
    await page.getByText(/não poderá entrar até/).waitFor();
    await shoot(page, 'rg-exclude-confirm');
    await page.getByRole('button', { name: 'Sim, pausar' }).click();
    await page.getByText('Pronto. Sua conta está pausada e você foi desconectado.').waitFor();
    await shoot(page, 'rg-excluded');
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();

    // Logging in again is refused with the end of the break.
    const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Entrar' }).first().click();
    await dialog.getByRole('tab', { name: 'Entrar' }).click();
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Senha', { exact: true }).fill('segredo123');
    await dialog.getByLabel('Código de verificação').fill(CAPTCHA_BYPASS);
    await dialog.getByRole('button', { name: 'Fazer login' }).click();
    await page.getByText(/^Conta em pausa por autoexclusão até \d{2}\/\d{2}\/\d{4}/).waitFor();
    await shoot(page, 'rg-login-refused');
  });
});

describe('the br-licensed profile in a phone browser', () => {
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

  it('the footer shows the PIX mark only, and the records page offers no transfer', async () => {
    const { page } = phone;
    const email = newEmail('licenciado');
    const registered = await fetch(`${server.baseUrl}/api/auth/user/restRegister`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: email,
        pwd: 'segredo123',
        pwd1: 'segredo123',
        codeId: 1,
        captCode: CAPTCHA_BYPASS,
        depositMonth: 500,
        // The rest of what art. 31 asks at sign-up (decision 0055).
        lossMonth: 500,
        sessionMinutes: 240,
        gender: 'undisclosed',
        addressLine: 'Rua A, 1',
        city: 'Recife',
        state: 'PE',
        postalCode: '50010000',
      }),
    });
    expect(registered.status).toBe(200);
    await page.goto('/home');
    const marks = page.getByRole('list', { name: 'Formas de pagamento' });
    await marks.getByRole('img', { name: 'PIX', exact: true }).waitFor();
    // PIX is the only method; the other marks are the ways PIX is used (decision 0032), never another method.
    expect(
      await marks.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
    ).toEqual(['PIX', 'PIX por QR Code', 'Saque PIX na chave CPF/CNPJ', 'PIX 24 horas']);
    await loginThroughUi(page, email, 'segredo123');
    await page.goto('/registros');
    const actions = page.locator('.records-actions');
    await actions.getByRole('button', { name: 'Sacar' }).waitFor();
    expect(await actions.getByRole('button').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Transferir' }).count()).toBe(0);
    await shoot(page, 'licensed-records');
  });
});
