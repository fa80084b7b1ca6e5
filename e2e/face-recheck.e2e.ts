import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, waitUntilPageStill } from './support/browser.ts';
import { api, operatorToken, registerPlayerByApi } from './support/desktop.ts';
import { cpfStarting, launchWithFaceCamera } from './support/face.ts';
import { deposit } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The repeat face check before a withdrawal (decision 0068), with the policy on (FACE_RECHECK=on, as br-licensed
// has it by default): a player whose identity was approved without a face on record asks for a withdrawal, the
// server refuses it with 403/40301, the phone opens "Confirme que é você" over the withdrawal, the fake front
// camera's face passes the Datavalid emulator, and the same withdrawal then goes through.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OPERATOR = { username: 'chefe-rosto', password: 'senha-do-operador-9' };

async function shoot(page: Page, name: string): Promise<void> {
  await waitUntilPageStill(page);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

describe('repeat face check before a withdrawal', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      FACE_RECHECK: 'on',
      // The journey is the withdrawal's: deposits (asked on the same window by default) are not asked here.
      FACE_RECHECK_DEPOSIT_HOURS: '0',
    });
    browser = await launchWithFaceCamera();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a refused withdrawal opens the sheet; the player passes it with the camera and the withdrawal goes through', async () => {
    const player = await registerPlayerByApi(server.baseUrl, `rosto-${Date.now()}@example.com`);
    const cpf = cpfStarting(1);
    // An identity approved by an operator without a selfie: no face on record, so a withdrawal asks for one.
    const kyc = await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token: player.token,
      body: { name: 'Joana Prado', cardNo: cpf, birthDate: '1991-07-21' },
    });
    expect(kyc.http, kyc.message).toBe(200);
    const operator = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const approved = await api(server.baseUrl, 'POST', `/api/admin/kyc/${player.uId}`, {
      token: operator,
      body: { decision: 'approve' },
    });
    expect(approved.http, approved.message).toBe(200);
    await deposit(server.baseUrl, player.token);

    const context = await browser.newContext({ ...PHONE, baseURL: server.baseUrl });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', value);
      localStorage.removeItem('showStartMask');
    }, player.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/home');
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Saque' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Saque' });
    await withdraw.getByText('Disponível para saque: R$ 100,00').waitFor();
    await withdraw.getByLabel('Valor do saque').fill('30');
    await withdraw.getByLabel('Chave PIX (CPF)').fill(cpf);
    await withdraw.getByLabel('Nome do titular').fill('Joana Prado');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();

    // Refused for the face: the sheet opens over the withdrawal, which stays as the player left it.
    const sheet = page.getByRole('dialog', { name: 'Confirme que é você' });
    await sheet.getByText(/Antes do saque, confirme que é você/).waitFor();
    await shoot(page, 'face-recheck-withdrawal-sheet');
    await sheet.getByRole('button', { name: 'Tirar selfie' }).click();
    const video = sheet.getByLabel('Câmera frontal');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
      .toBeGreaterThan(0);
    await sheet.getByRole('button', { name: 'Tirar foto' }).click();
    await sheet.getByRole('img', { name: 'Sua selfie' }).waitFor();
    await shoot(page, 'face-recheck-withdrawal-selfie');
    await sheet.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Pronto, confirmamos que é você').waitFor();
    await sheet.waitFor({ state: 'hidden' });

    // Where they were: the same withdrawal, sent again, goes through.
    expect(await withdraw.getByLabel('Valor do saque').inputValue()).toBe('30');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    await page.getByText('Solicitação de saque bem-sucedida!').waitFor();
    await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s70,00/);
    const state = await api<{ due: boolean; reason: string | null }>(
      server.baseUrl,
      'GET',
      '/api/app/identity/recheck',
      { token: player.token },
    );
    expect(state.data).toMatchObject({ due: false, reason: null });
    expect(errors).toEqual([]);
    await context.close();
  });
});
