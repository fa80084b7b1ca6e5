import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, waitUntilPageStill } from './support/browser.ts';
import { api, type DesktopSession, openDesktop, operatorSignIn, operatorToken } from './support/desktop.ts';
import { cpfStarting, launchWithFaceCamera } from './support/face.ts';
import { deposit } from './support/money.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// The identity check with liveness (issue 29 and 30, decision 0065) under br-licensed: on a phone, the player takes
// a selfie with the front camera (Chromium's fake camera playing a face the test draws), sends it with the KYC and
// is approved by the identity provider's emulator; the operator's KYC queue at 1440×900 shows the provider's answer
// and the face score of a spoofed selfie, and the selfie itself.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OPERATOR = { username: 'chefe-identidade', password: 'senha-do-operador-9' };
const SELFIE_JPEG = path.join(
  import.meta.dirname,
  '..',
  'apps',
  'api',
  'test',
  'identity',
  'fixtures',
  'selfie.jpg',
);

async function shoot(page: Page, name: string): Promise<void> {
  await waitUntilPageStill(page);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

describe('identity check with a selfie', () => {
  let server: RunningServer;
  let phoneBrowser: Browser;
  let desktop: DesktopSession;
  const errors: string[] = [];
  beforeAll(async () => {
    server = await startServer({
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      REGULATORY_PROFILE: 'br-licensed',
    });
    phoneBrowser = await launchWithFaceCamera();
    desktop = await openDesktop(server.baseUrl);
  });
  afterAll(async () => {
    await phoneBrowser?.close();
    await desktop?.close();
    await server?.stop();
  });

  /** A br-licensed sign-up through the API (the registration sheet has its own journey); answers the token. */
  async function signUp(email: string): Promise<string> {
    const registered = await api<{ access_token: string }>(
      server.baseUrl,
      'POST',
      '/api/auth/user/restRegister',
      {
        body: {
          username: email,
          pwd: 'segredo123',
          pwd1: 'segredo123',
          codeId: 1,
          captCode: CAPTCHA_BYPASS,
          depositMonth: '5000',
          lossMonth: '5000',
          sessionMinutes: 240,
          gender: 'undisclosed',
          addressLine: 'Rua A, 1',
          city: 'Recife',
          state: 'PE',
          postalCode: '50010000',
        },
      },
    );
    expect(registered.http, registered.message).toBe(200);
    return registered.data.access_token;
  }

  it('the player takes a selfie with the front camera and is approved; the operator sees the score', async () => {
    const token = await signUp(`selfie-${Date.now()}@example.com`);
    const context = await phoneBrowser.newContext({ ...PHONE, baseURL: server.baseUrl });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', value);
      localStorage.removeItem('showStartMask');
    }, token);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/home');
    await page.getByRole('button', { name: 'Depositar', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Verificação de identidade' });
    await form.getByLabel('Nome completo').fill('Maria da Silva');
    await form.getByLabel('CPF').fill(cpfStarting(2));
    await form.getByLabel('Data de nascimento').fill('1990-05-17');
    // Under br-licensed the selfie is required: the form says so before anything is sent.
    await form.getByRole('button', { name: 'Enviar' }).click();
    await form.getByText('Tire uma selfie para confirmar sua identidade').waitFor();
    await shoot(page, 'identity-form');

    // The front camera behind the face oval (only asked for now), then the capture.
    await form.getByRole('button', { name: 'Tirar selfie' }).click();
    const video = form.getByLabel('Câmera frontal');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
      .toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Tirar foto' }).waitFor();
    await shoot(page, 'identity-camera');
    await form.getByRole('button', { name: 'Tirar foto' }).click();
    const preview = form.getByRole('img', { name: 'Sua selfie' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(await form.getByText('Tire uma selfie para confirmar sua identidade').count()).toBe(0);
    await shoot(page, 'identity-selfie-taken');

    // Sent: the provider (its emulator) finds a regular CPF, the name, the birth date and a live matching face.
    await form.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('dialog', { name: 'Depósito' }).waitFor();
    const info = await api<{ kycState: string; uId: number }>(
      server.baseUrl,
      'GET',
      '/api/app/user/userInfo',
      {
        token,
      },
    );
    expect(info.data.kycState).toBe('approved');
    await shoot(page, 'identity-approved-deposit');
    await context.close();

    // The operator's queue keeps the answer beside the KYC: CPF, name, birth date, liveness and the score.
    const operator = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const approved = await api<{
      records: { uId: number; check: { face: { live: boolean; similarity: number } } }[];
    }>(server.baseUrl, 'GET', '/api/admin/kyc?status=approved', { token: operator });
    const mine = approved.data.records.find((record) => record.uId === info.data.uId);
    expect(mine?.check).toMatchObject({ cpfStatus: 'regular', nameMatch: true, birthMatch: true });
    expect(mine?.check.face.live).toBe(true);
    expect(mine?.check.face.similarity).toBeGreaterThanOrEqual(0.9);
    expect(errors).toEqual([]);
  });

  it('a spoofed selfie waits in the operator queue, which shows the failed liveness, the score and the selfie', async () => {
    const token = await signUp(`spoof-${Date.now()}@example.com`);
    const selfie = await api<{ selfieId: string }>(server.baseUrl, 'POST', '/api/app/identity/selfie', {
      token,
      body: { image: fs.readFileSync(SELFIE_JPEG).toString('base64') },
    });
    expect(selfie.http, selfie.message).toBe(200);
    const kyc = await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token,
      body: {
        name: 'Carla Souza',
        cardNo: cpfStarting(4),
        birthDate: '1988-11-02',
        selfieId: selfie.data.selfieId,
      },
    });
    expect(kyc.message).toBe('Dados recebidos: sua identidade está em análise');

    const { page } = desktop;
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);
    await page.goto('/admin/kyc');
    const row = page.getByRole('row', { name: /Carla Souza/ });
    await row.getByText('Prova de vida falhou').first().waitFor();
    await row.getByText('CPF regular').waitFor();
    await row.getByTestId('kyc-face').getByText(/\d+%/).waitFor();
    await shoot(page, 'identity-admin-queue');
    await row.getByRole('button', { name: 'Ver selfie' }).click();
    const modal = page.getByRole('dialog', { name: 'Selfie enviada pelo jogador' });
    await modal.getByRole('img', { name: 'Selfie enviada pelo jogador' }).waitFor();
    await shoot(page, 'identity-admin-selfie');
    expect(desktop.errors).toEqual([]);
  });

  it('asked by an operator, the player confirms their face with the front camera and withdraws (decision 0068)', async () => {
    const token = await signUp(`recheck-${Date.now()}@example.com`);
    const cpf = cpfStarting(3);
    const selfie = await api<{ selfieId: string }>(server.baseUrl, 'POST', '/api/app/identity/selfie', {
      token,
      body: { image: fs.readFileSync(SELFIE_JPEG).toString('base64') },
    });
    const kyc = await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token,
      body: { name: 'Rita Moraes', cardNo: cpf, birthDate: '1985-03-09', selfieId: selfie.data.selfieId },
    });
    expect(kyc.http, kyc.message).toBe(200);
    await deposit(server.baseUrl, token);
    const me = await api<{ uId: number }>(server.baseUrl, 'GET', '/api/app/user/userInfo', { token });

    // The operator asks for a new face check from the player's page, with a reason.
    const admin = desktop.page;
    // Signed in already when the queue journey above ran in the same desktop session.
    if (!/\/admin\/(?!login)/.test(admin.url()))
      await operatorSignIn(admin, OPERATOR.username, OPERATOR.password);
    await admin.goto(`/admin/players/${me.data.uId}`);
    await admin.getByRole('button', { name: 'Pedir verificação facial' }).click();
    const ask = admin.getByRole('dialog', { name: 'Pedir nova verificação facial' });
    await ask.getByLabel('Motivo').fill('Acesso de um aparelho novo em outro estado');
    await shoot(admin, 'face-recheck-admin-ask');
    await ask.getByRole('button', { name: 'Pedir agora' }).click();
    await admin.getByText('Verificação facial pedida').first().waitFor();

    // On the phone the sheet opens by itself; money waits until the face is confirmed.
    const context = await phoneBrowser.newContext({ ...PHONE, baseURL: server.baseUrl });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', value);
      localStorage.removeItem('showStartMask');
    }, token);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/home');
    const sheet = page.getByRole('dialog', { name: 'Confirme que é você' });
    await sheet.getByText(/Nossa equipe pediu uma nova confirmação do seu rosto/).waitFor();
    expect(await sheet.getByRole('button', { name: 'Fechar' }).count()).toBe(0);
    await shoot(page, 'face-recheck-sheet');
    await sheet.getByRole('button', { name: 'Tirar selfie' }).click();
    const video = sheet.getByLabel('Câmera frontal');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
      .toBeGreaterThan(0);
    await shoot(page, 'face-recheck-camera');
    await sheet.getByRole('button', { name: 'Tirar foto' }).click();
    await sheet.getByRole('img', { name: 'Sua selfie' }).waitFor();
    await sheet.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Pronto, confirmamos que é você').waitFor();
    await sheet.waitFor({ state: 'hidden' });

    // The player continues where they were: a withdrawal to their own CPF goes through.
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Saque' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Saque' });
    await withdraw.getByText('Disponível para saque: R$ 100,00').waitFor();
    await withdraw.getByLabel('Valor do saque').fill('20');
    await withdraw.getByLabel('Chave PIX (CPF)').fill(cpf);
    await withdraw.getByLabel('Nome do titular').fill('Rita Moraes');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    await page.getByText('Solicitação de saque bem-sucedida!').waitFor();
    await context.close();

    // The KYC queue lists the re-check: asked by the operator, confirmed with the similarity.
    await admin.goto('/admin/kyc');
    const card = admin.locator('.ant-card').filter({ hasText: 'Verificações faciais repetidas' });
    await card.getByText('Todas').click();
    const row = card.getByRole('row', { name: /Rita Moraes/ });
    await row.getByText('Confirmado').waitFor();
    await row.getByText('Pedido do operador').waitFor();
    await row.getByText(/\d+%/).waitFor();
    await shoot(admin, 'face-recheck-admin-queue');
    expect(errors).toEqual([]);
    expect(desktop.errors).toEqual([]);
  });
});
