import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilPageStill } from './support/browser.ts';
import { type DesktopSession, openDesktop, operatorSignIn, operatorToken } from './support/desktop.ts';
import { ADMIN_PAGES } from './support/desktop-pages.ts';
import { seedBackOffice } from './support/desktop-seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Every back-office page at 1440×900 with seeded data, for a person to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OPERATOR = { username: 'chefe', password: 'senha-do-operador-1' };

describe('back-office screenshots', () => {
  let server: RunningServer;
  let desktop: DesktopSession;
  beforeAll(async () => {
    // The demo seed brings the simulated sports feed, the test account and sample notices.
    server = await startServer({
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      SEED_DEMO: '1',
    });
    desktop = await openDesktop(server.baseUrl);
  });
  afterAll(async () => {
    await desktop?.close();
    await server.stop();
  });

  it('shows every page with data, in Portuguese, without errors', async () => {
    const token = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const players = await seedBackOffice(server.baseUrl, token);
    const { page } = desktop;
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.screenshot({ path: path.join(shotsDir, 'admin-login.png') });
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);

    for (const entry of ADMIN_PAGES) {
      await page.getByRole('menuitem', { name: entry.heading }).click();
      await page.getByRole('heading', { name: entry.heading, level: 3 }).waitFor();
      // Tables show a spinner while loading, charts draw after a frame: wait until the page is still.
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
      await waitUntilPageStill(page);
      await page.screenshot({ path: path.join(shotsDir, `admin-${entry.path}.png`) });
    }

    // A player's record, its balance dialog, and one market's exposure.
    await page.goto(`/admin/players/${players[1]!.uId}`);
    await page.getByRole('tab', { name: 'Lançamentos' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shotsDir, 'admin-player.png') });
    await page.getByRole('button', { name: 'Ajustar saldo' }).click();
    await page.getByRole('dialog', { name: 'Ajustar saldo' }).waitFor();
    await waitUntilPageStill(page);
    await page.screenshot({ path: path.join(shotsDir, 'admin-player-adjust.png') });
    await page.keyboard.press('Escape');

    await page.getByRole('menuitem', { name: 'Trading esportivo' }).click();
    await page.getByText('Próximos', { exact: true }).click();
    // The seeded sports bets are on football.
    await page.getByRole('combobox', { name: 'Esporte' }).click();
    await page.getByTitle('Futebol', { exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Futebol ·' }).first().waitFor();
    await page.getByRole('button', { name: 'Expandir linha' }).first().click();
    await page.getByRole('columnheader', { name: 'Seleções' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shotsDir, 'admin-sportsbook-markets.png') });

    await page.getByRole('menuitem', { name: 'Segurança da conta' }).click();
    await page.getByRole('button', { name: 'Começar' }).click();
    await page.getByRole('img', { name: 'QR code do segredo TOTP' }).waitFor();
    await page.screenshot({ path: path.join(shotsDir, 'admin-security-qr.png') });

    // The same app in English.
    await page.getByRole('button', { name: 'Português (Brasil)' }).hover();
    await page.getByText('Inglês (EUA)').click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 3 }).waitFor();
    await page.waitForLoadState('networkidle');
    await waitUntilPageStill(page);
    await page.screenshot({ path: path.join(shotsDir, 'admin-dashboard-en.png') });

    expect(desktop.errors).toEqual([]);
  });
});
