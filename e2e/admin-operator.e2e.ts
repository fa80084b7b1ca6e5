import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOCABULARIES } from '../apps/admin/src/app/vocabulary.ts';
import ptBR from '../apps/admin/src/locales/pt_BR.json' with { type: 'json' };
import { api, type DesktopSession, openDesktop, operatorSignIn, operatorToken } from './support/desktop.ts';
import { seedBackOffice } from './support/desktop-seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The back office as an operator runs it all day (issue 27): pages open at their top, the menu keeps its width
// next to the wide catalogue, words instead of the server's codes, and a PIX page that asks nothing answering 404.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OPERATOR = { username: 'chefe', password: 'senha-do-operador-1' };

/**
 * The raw codes an operator must never read: every code of the known vocabularies that cannot pass for a word
 * (`bet_payout`, `game.update`, `INSBRL`, `SELF`), the audit's camel-case field names, and the spec's spellings.
 */
const RAW_CODES = [
  ...Object.values(VOCABULARIES)
    .flat()
    .filter((code) => /[_.]/.test(code) || (/^[A-Z]{3,}$/.test(code) && code !== 'BRL')),
  ...Object.keys(ptBR.words.field).filter((field) => /[a-z][A-Z]/.test(field)),
  'bouns',
  'payDiscount',
  'uId',
];
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RAW = new RegExp(`(?<![\\w.@-])(${RAW_CODES.map(literal).join('|')})(?![\\w@-])`, 'g');

async function rawCodesOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return [...new Set([...text.matchAll(RAW)].map((match) => match[1]!))];
}

describe('back office an operator can run', () => {
  let server: RunningServer;
  let desktop: DesktopSession;
  let players: Awaited<ReturnType<typeof seedBackOffice>>;

  beforeAll(async () => {
    server = await startServer({
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      SEED_DEMO: '1',
    });
    const token = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    players = await seedBackOffice(server.baseUrl, token);
    // What else writes codes an operator reads: a low-balance package, a game change, a manual adjustment.
    const changes = [
      await api(server.baseUrl, 'POST', '/api/admin/packages', {
        token,
        body: { price: '7', gift: '1', curreny: 'INSBRL', sort: 90, enabled: true, channel: 'pix' },
      }),
      await api(server.baseUrl, 'POST', '/api/admin/games/SELF/dice', { token, body: { hot: true } }),
      await api(server.baseUrl, 'POST', `/api/admin/players/${players[0]!.uId}/adjust`, {
        token,
        body: { account: 'bonus', amount: '5', reason: 'Cortesia do atendimento' },
        headers: { 'idempotency-key': randomUUID() },
      }),
      await api(server.baseUrl, 'POST', `/api/admin/players/${players[1]!.uId}/flags`, {
        token,
        body: { testFlag: '1' },
      }),
    ];
    expect(changes.map((answer) => answer.http)).toEqual([200, 200, 200, 200]);
    desktop = await openDesktop(server.baseUrl);
    await operatorSignIn(desktop.page, OPERATOR.username, OPERATOR.password);
    // Seven players with deposits, bets and withdrawals take a while on a shared two-core machine.
  }, 300_000);
  afterAll(async () => {
    await desktop?.close();
    await server?.stop();
  });

  const menu = (name: string) => desktop.page.getByRole('menuitem', { name });
  const heading = (name: string) => desktop.page.getByRole('heading', { name, level: 3 });
  async function settled(page: Page) {
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  }

  it('a page opened from the menu starts at its top, even when the last one was scrolled down', async () => {
    const { page } = desktop;
    await menu('Conciliação').click();
    await heading('Conciliação').waitFor();
    await page.getByRole('columnheader', { name: 'Lançamentos' }).waitFor();
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // The menu is clicked where it is: a click that scrolled the window to reach it would hide the defect.
    await menu('Registro de auditoria').dispatchEvent('click');
    await heading('Registro de auditoria').waitFor();
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(desktop.errors).toEqual([]);
  });

  it('the games catalogue scrolls inside its card: the menu keeps its width, the page does not widen', async () => {
    const { page } = desktop;
    await menu('Catálogo de jogos').click();
    await heading('Catálogo de jogos').waitFor();
    await page.getByRole('cell', { name: 'Dice', exact: true }).waitFor();
    await settled(page);
    const sider = await page.locator('.ant-layout-sider').boundingBox();
    expect(sider?.width).toBe(232);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    await page.screenshot({ path: path.join(shotsDir, 'admin-operator-games.png') });
    expect(desktop.errors).toEqual([]);
  });

  it("the PIX page asks nothing that answers 4xx or 5xx, and shows the PSP's unrefunded Pix and the reconciliation", async () => {
    const { page } = desktop;
    const refused: string[] = [];
    const watch = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    };
    page.on('response', watch);
    await menu('PIX no PSP').click();
    await heading('PIX no PSP').waitFor();
    // The API Pix adapter is the default (decision 0066): the page reads the emulated PSP.
    await page.getByText('Pix recebidos e não creditados').waitFor();
    await page.getByText('Conciliação diária com o PSP').waitFor();
    await settled(page);
    page.off('response', watch);
    expect(refused).toEqual([]);
    await page.screenshot({ path: path.join(shotsDir, 'admin-operator-pix.png') });
    expect(desktop.errors).toEqual([]);
  });

  it('operators read words, never the raw codes of packages, ledger, bets, audit or fields', async () => {
    const { page } = desktop;
    const found: Record<string, string[]> = {};
    const look = async (name: string) => {
      await settled(page);
      const codes = await rawCodesOn(page);
      if (codes.length > 0) found[name] = codes;
      await page.screenshot({ path: path.join(shotsDir, `admin-operator-${name}.png`), fullPage: true });
    };

    await menu('Pacotes de recarga').click();
    await heading('Pacotes de recarga').waitFor();
    await page.getByRole('cell', { name: 'Oferta de saldo baixo (no jogo)' }).first().waitFor();
    await look('packages');

    await menu('Catálogo de jogos').click();
    await page.getByRole('cell', { name: 'Dice', exact: true }).waitFor();
    await look('games');

    // The player with a deposit, dice bets, a sports bet, a withdrawal and the operator's bonus adjustment.
    await page.goto(`/admin/players/${players[0]!.uId}`);
    await page.getByRole('tab', { name: 'Lançamentos' }).waitFor();
    await page.getByRole('cell', { name: 'Ajuste manual do operador' }).first().waitFor();
    await look('player-ledger');
    await page.getByRole('tab', { name: 'Apostas' }).click();
    await page.getByRole('cell', { name: 'Dice', exact: true }).first().waitFor();
    await look('player-bets');

    await menu('Conciliação').click();
    await page.getByRole('columnheader', { name: 'Lançamentos' }).waitFor();
    await look('reconciliation');

    await menu('Registro de auditoria').click();
    await page.getByRole('cell', { name: 'Jogo alterado' }).first().waitFor();
    // Every entry opened: what changed, field by field.
    const expanders = page.getByRole('button', { name: 'Expandir linha' });
    for (let index = (await expanders.count()) - 1; index >= 0; index -= 1)
      await expanders.nth(index).click();
    await page.getByRole('cell', { name: 'Em destaque' }).first().waitFor();
    await look('audit');

    await menu('Descontos e atividades').click();
    await heading('Descontos e atividades').waitFor();
    await look('campaigns');
    await menu('Recompensas e check-in').click();
    await heading('Recompensas e check-in').waitFor();
    await look('rewards');

    expect(found).toEqual({});
    expect(desktop.errors).toEqual([]);
  });
});
