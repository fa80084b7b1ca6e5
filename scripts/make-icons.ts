// Draws the app's install icons (apps/web/public/icons) from its own art, the favicon's "A" mark, in Chromium:
// 192 and 512 px with rounded corners ("any"), and 512 px full-bleed with the mark inside the central 80 %
// safe zone ("maskable", which Android crops to a circle or a squircle). Run again after changing the art:
// `node scripts/make-icons.ts` (needs /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const webPublic = join(import.meta.dirname, '..', 'apps', 'web', 'public');
const favicon = readFileSync(join(webPublic, 'favicon.svg'), 'utf8');
const mark = favicon
  .replace(/<rect[^>]*\/>/, '')
  .replace(/<svg[^>]*>/, '')
  .replace('</svg>', '');

const any = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" rx="14" fill="#0b1426"/>${mark}</svg>`;
// The mark is drawn in a 64-unit box; scaled to 0.7 around the centre it stays inside the 80 % safe circle.
const maskable = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" fill="#0b1426"/><g transform="translate(9.6 9.6) scale(0.7)">${mark}</g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const [name, svg, size] of [
    ['icon-192.png', any(192), 192],
    ['icon-512.png', any(512), 512],
    ['maskable-512.png', maskable(512), 512],
    ['apple-touch-icon.png', maskable(180), 180],
  ] as const) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg}`);
    await page.locator('svg').screenshot({ path: join(webPublic, 'icons', name), omitBackground: true });
    console.log('wrote', name);
  }
} finally {
  await browser.close();
}
