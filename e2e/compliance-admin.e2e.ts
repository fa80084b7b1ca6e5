import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilPageStill } from './support/browser.ts';
import { api, type DesktopSession, openDesktop, operatorSignIn, operatorToken } from './support/desktop.ts';
import { deposit } from './support/money.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// The SIGAP checks page (decision 0051) at 1440×900 under br-licensed, with the lists' emulator answering.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OPERATOR = { username: 'chefe', password: 'senha-do-operador-1' };
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

describe('SIGAP checks in the back office', () => {
  let server: RunningServer;
  let desktop: DesktopSession;
  beforeAll(async () => {
    server = await startServer({
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      REGULATORY_PROFILE: 'br-licensed',
      COMPLIANCE_TIMEOUT_MS: '500',
    });
    desktop = await openDesktop(server.baseUrl);
  });
  afterAll(async () => {
    await desktop?.close();
    await server?.stop();
  });

  /** A br-licensed sign-up (limits and the art. 31 fields), then KYC with this CPF; answers the KYC's status. */
  async function onboard(email: string, cpf: string) {
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
    const token = registered.data.access_token;
    // Under br-licensed the KYC carries a selfie for the identity check (decision 0065).
    const selfie = await api<{ selfieId: string }>(server.baseUrl, 'POST', '/api/app/identity/selfie', {
      token,
      body: { image: fs.readFileSync(SELFIE_JPEG).toString('base64') },
    });
    const kyc = await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token,
      body: { name: 'Maria da Silva', cardNo: cpf, birthDate: '1990-05-17', selfieId: selfie.data.selfieId },
    });
    return { token, kyc };
  }
  const emulate = (body: Record<string, unknown>) =>
    api(server.baseUrl, 'POST', '/api/dev/compliance-emulator', { body });
  const login = (email: string) =>
    api(server.baseUrl, 'POST', '/api/auth/user/restLogin', {
      body: { username: email, pwd: 'segredo123', codeId: 1, captCode: CAPTCHA_BYPASS },
    });

  it('lists each check and the listed players with their refund clock', async () => {
    expect((await onboard('clara@example.com', '12345678909')).kyc.http).toBe(200);
    expect((await login('clara@example.com')).http).toBe(200);
    await emulate({ cpf: '98765432100', list: 'social_programs' });
    expect((await onboard('bruno@example.com', '98765432100')).kyc.status).toBe(1403);
    await emulate({ cpf: '11122233396', behaviour: 'fail' });
    expect((await onboard('carla@example.com', '11122233396')).kyc.http).toBe(409);
    const diego = await onboard('diego@example.com', '31415926590');
    expect(diego.kyc.http).toBe(200);
    await deposit(server.baseUrl, diego.token);
    await emulate({ cpf: '31415926590', list: 'self_exclusion' });
    expect((await login('diego@example.com')).status).toBe(1403);

    const token = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const checks = await api<{ total: number }>(server.baseUrl, 'GET', '/api/admin/compliance/checks', {
      token,
    });
    expect(checks.data.total).toBe(12);

    const { page } = desktop;
    await page.goto('/admin/login');
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);
    await page.getByRole('menuitem', { name: 'Consultas SIGAP' }).click();
    await page.getByRole('heading', { name: 'Consultas SIGAP', level: 3 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    await expect.poll(() => page.getByText('Impedido').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('R$\u00a0100,00').count()).toBe(1);
    await page.locator('.ant-table-row-expand-icon').first().click();
    await waitUntilPageStill(page);
    await page.screenshot({ path: path.join(shotsDir, 'admin-compliance.png') });
  });
});
