import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A mid-range Android phone: the app sizes its root font from the width on phones (spec.md section 2).
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};

export interface PhoneSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far: a journey fails on any of them. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPhone(baseUrl: string): Promise<PhoneSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser logs every 4xx answer as "Failed to load resource"; refusals a journey provokes are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    browser,
    context,
    page,
    errors,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Waits until an element has stopped moving (the same box on three reads 100 ms apart). Playwright waits
 * for stability inside an element's own frame, not for an iframe carried by a sliding sheet.
 */
export async function waitUntilStill(locator: Locator, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  let same = 0;
  while (Date.now() < deadline) {
    const box = JSON.stringify(await locator.boundingBox());
    same = box === last && box !== 'null' ? same + 1 : 0;
    if (same >= 2) return;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still moving after ${timeoutMs} ms: ${last}`);
}
