/**
 * Lighthouse desktop Accessibility of the back office's main pages, signed in, with seeded data:
 * `node scripts/measure-admin-a11y.ts` (after `npm run build`; Chromium at CHROME_PATH or /usr/bin/chromium).
 * Prints each page's score and the failing audits with their elements.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { operatorSignIn, operatorToken } from '../e2e/support/desktop.ts';
import { seedBackOffice } from '../e2e/support/desktop-seed.ts';
import { startServer } from '../e2e/support/server.ts';

const OPERATOR = { username: 'chefe', password: 'senha-do-operador-1' };
const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'players',
      'withdrawals',
      'deposits',
      'packages',
      'games',
      'reconciliation',
      'audit',
      'pix',
      'dashboard',
    ];
const PORT = 9300 + Math.floor(Math.random() * 500);

const server = await startServer({
  ADMIN_USERNAME: OPERATOR.username,
  ADMIN_PASSWORD: OPERATOR.password,
  SEED_DEMO: '1',
});
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-lh-'));
// The operator's token is in the tab's session storage: Lighthouse measures in the signed-in tab itself.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [`--remote-debugging-port=${PORT}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  viewport: { width: 1440, height: 900 },
  locale: 'pt-BR',
  baseURL: server.baseUrl,
});
try {
  await seedBackOffice(
    server.baseUrl,
    await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  await operatorSignIn(page, OPERATOR.username, OPERATOR.password);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${PORT}` });
  const signedIn = (await browser.pages()).find((tab) => tab.url().includes('/admin/'));
  if (!signedIn) throw new Error('the signed-in tab is not visible over the debugging port');
  for (const name of PAGES) {
    const result = await lighthouse(
      `${server.baseUrl}/admin/${name}`,
      {
        port: PORT,
        output: 'json',
        onlyCategories: ['accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
      },
      desktopConfig,
      signedIn,
    );
    const lhr = result?.lhr;
    if (!lhr) continue;
    const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
    console.log(`${name}: ${score}`);
    for (const audit of Object.values(lhr.audits)) {
      if (audit.score === null || audit.score === 1 || audit.scoreDisplayMode === 'notApplicable') continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      const items =
        (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? [];
      console.log(`  ✗ ${audit.id}: ${audit.title}`);
      for (const item of items.slice(0, 6))
        console.log(
          `      ${item.node?.snippet?.slice(0, 140)} — ${item.node?.explanation?.split('\n')[1]?.trim() ?? ''}`,
        );
    }
  }
} finally {
  await context.close();
  await server.stop();
}
