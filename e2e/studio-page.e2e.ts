import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';

// The built slot page (apps/studio/dist) in a phone's Chromium, inside an iframe as the web's /play opens it.
// Vite's preview serves the build with the in-memory stand-in for the studio server's two calls
// (apps/studio/dev/fake-studio-api.ts), so this proves the page itself: it spins, shows wins and the balance,
// tells its parent frame the balance, and shows the paytable. The journey through the real studio server and
// wallet is slots-wallet's.
const studioRoot = fileURLToPath(new URL('../apps/studio', import.meta.url));

/** The text as a reader sees it (Intl puts a no-break space after R$). */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
}

describe('the slot page in a phone', () => {
  let server: PreviewServer;
  let baseUrl: string;
  let phone: PhoneSession;

  beforeAll(async () => {
    server = await preview({
      root: studioRoot,
      configFile: `${studioRoot}/vite.config.ts`,
      preview: { port: 4190, strictPort: false, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    baseUrl = server.resolvedUrls!.local[0]!.replace(/\/studio\/$/, '');
    phone = await openPhone(baseUrl);
  });

  afterAll(async () => {
    await phone?.close();
    await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
  });

  async function openInFrame(query: string) {
    const { page } = phone;
    await page.setContent(
      `<body style="margin:0"><iframe title="slot" src="${baseUrl}/studio/PG/play?${query}" style="width:390px;height:844px;border:0"></iframe>
       <script>window.balances = []; addEventListener('message', (event) => { if (event.data?.type === 'slots:balance') window.balances.push(event.data.balance); });</script></body>`,
    );
    const frame = page.frameLocator('iframe');
    await frame
      .getByRole('button', { name: 'Girar' })
      .or(frame.getByRole('button', { name: 'Spin' }))
      .waitFor();
    return frame;
  }

  it('spins until a win, shows it and the new balance, and posts the balance to the parent', async () => {
    const { page, errors } = phone;
    const frame = await openInFrame('session=e2e-1&game=pg-boi-dourado&lang=pt_BR');
    await expect.poll(() => textOf(frame.locator('.balance strong'))).toBe('R$ 1.000,00');
    let spins = 0;
    while (spins < 40) {
      await frame.getByRole('button', { name: 'Girar' }).click();
      spins++;
      // One balance per spin (more when free spins follow).
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { balances: string[] }).balances.length))
        .toBeGreaterThanOrEqual(spins);
      await frame.getByRole('button', { name: 'Girar' }).and(frame.locator(':enabled')).waitFor();
      // Free spins play by themselves; wait for them, then stop at the first plain win.
      await frame.locator('.free-banner').waitFor({ state: 'hidden', timeout: 60_000 });
      const won = (await frame.locator('.has-win').count()) > 0;
      if (won && (await textOf(frame.locator('.message'))).startsWith('Ganho R$')) break;
    }
    expect(await textOf(frame.locator('.message .big'))).toMatch(/^Ganho R\$ \d+,\d\d$/);
    const balances = await page.evaluate(() => (window as unknown as { balances: string[] }).balances);
    const last = BigInt(balances.at(-1)!);
    const shown = `R$ ${(last / 100n).toLocaleString('pt-BR')},${(last % 100n).toString().padStart(2, '0')}`;
    expect(await textOf(frame.locator('.balance strong'))).toBe(shown);
    expect(await frame.locator('.cell.hit').count()).toBeGreaterThan(0);

    await frame.getByRole('button', { name: 'Tabela de pagamentos · Regras' }).click();
    await frame.getByRole('heading', { name: 'Tabela de pagamentos' }).waitFor();
    expect(await textOf(frame.getByRole('dialog'))).toContain('96,36%');
    await frame.getByRole('button', { name: 'Fechar' }).click();
    expect(errors).toEqual([]);
  });

  it('says so when the balance cannot cover the bet', async () => {
    const frame = await openInFrame('session=poor&game=pg-boi-dourado&lang=en_US');
    await frame.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => textOf(frame.getByRole('alert'))).toBe('Not enough balance for this bet.');
    expect(await textOf(frame.locator('.balance strong'))).toBe('R$0.50');
  });
});
